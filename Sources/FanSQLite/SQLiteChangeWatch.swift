import FanCore
import FanProtocol
import FanStorage
import POSIXSupport
import Synchronization

/// Watches a data directory's SQLite file for commits by any connection, of this process or
/// another: `PRAGMA data_version`, read on a connection of its own every
/// `SQLiteChangeWatch.interval`, changes when another connection has committed.
///
/// Why `data_version` rather than a file watch: it works on every file system (inotify says
/// nothing of a write made on another machine's mount of a network file system, and needs an
/// API of one platform), a commit that rolls back never shows, and a read costs about a
/// microsecond, so a poll a few times a second costs nothing measurable. It is read only while
/// someone is subscribed. The connection is opened once the database exists; a database that
/// cannot be read is tried again at the next look.
package final class SQLiteChangeWatch: ChangeWatch {
  /// How long a look waits before the next.
  package static let interval: Duration = .milliseconds(100)

  private let path: String
  private let holdsFavorites: Bool
  private let state = Mutex<State>(State())

  private struct State {
    var connection: SQLiteConnection?
    var version: Int64?
    var started = false
  }

  /// A watch of the database in `directory`; its favourites are read when `holdsFavorites`.
  package init(directory: String, holdsFavorites: Bool) {
    path = directory + "/" + SQLiteStore.fileName
    self.holdsFavorites = holdsFavorites
  }

  /// Returns at once the first time, then once the data version changed.
  package func nextChange() async throws {
    while true {
      try Task.checkCancellation()
      if look() { return }
      try await Task.sleep(for: SQLiteChangeWatch.interval)
    }
  }

  /// Whether a commit happened since the last look (true the first time, and while the
  /// database cannot be read: the reads that follow say why).
  private func look() -> Bool {
    state.withLock { state in
      let first = !state.started
      state.started = true
      guard let connection = opened(&state) else { return first }
      let version: Int64?
      do {
        version = try connection.query("PRAGMA data_version", []).first?[0].integer
      } catch {
        state.connection = nil
        return true
      }
      let changed = first || version != state.version
      state.version = version
      return changed
    }
  }

  private func opened(_ state: inout State) -> SQLiteConnection? {
    if let connection = state.connection { return connection }
    guard access(path, F_OK) == 0 else { return nil }
    do {
      // A reader: it never checkpoints the log a one-shot call leaves (the store does).
      let connection = try SQLiteConnection(
        path: path, busyTimeoutMilliseconds: StorageDefaults.busyTimeoutMilliseconds,
        checkpointsOnClose: false)
      state.connection = connection
      state.version = nil
      return connection
    } catch {
      return nil
    }
  }

  /// The favourite counts of `universe` (quotes with at least one), or nil when the favourites
  /// are in a shared database.
  package func favoriteCounts(universe: UniverseID) throws(StorageError) -> [Int: Int]? {
    guard holdsFavorites else { return nil }
    return try state.withLock { (state: inout State) throws(StorageError) -> [Int: Int] in
      guard let connection = opened(&state) else { return [:] }
      var counts: [Int: Int] = [:]
      for row in try connection.query(
        "SELECT quote_id, count FROM favorite_counts WHERE universe = ? AND count > 0",
        [.text(universe.rawValue)])
      {
        guard let id = row[0].integer, let count = row[1].integer else { continue }
        counts[Int(id)] = Int(count)
      }
      return counts
    }
  }
}
