import FanCore
import FanProtocol
import FanStorage
import Synchronization

/// Watches a shared PostgreSQL database for favourites changed by any bbfan on any machine: a
/// connection of its own `LISTEN`s to `PostgresChangeWatch.channel`, on which every favourite
/// change is announced (`pg_notify` in the change's own transaction, so that it is delivered
/// once the transaction commits, and never when it rolls back).
///
/// It looks at what the server sent every `interval` without waiting on the socket (a look is
/// one non-blocking read), so that no thread of the pool is ever held. A connection that is
/// lost is made again at the next look, and that look reports a change: what was announced
/// meanwhile was not heard, so the watcher reads the counts again.
package final class PostgresChangeWatch: ChangeWatch {
  /// The channel favourite changes are announced on.
  package static let channel = SQLDialect.changeChannel
  /// How long a look waits before the next.
  package static let interval: Duration = .milliseconds(100)

  private let url: String
  private let state = Mutex<State>(State())

  private struct State {
    var connection: PostgresConnection?
    var started = false
  }

  /// A watch of the database at `url` (a URL or conninfo, as `PostgresStore` takes it).
  package init(url: String) {
    self.url = url
  }

  /// Returns at once the first time, then once a change was announced (or the connection was
  /// made again).
  package func nextChange() async throws {
    while true {
      try Task.checkCancellation()
      if look() { return }
      try await Task.sleep(for: PostgresChangeWatch.interval)
    }
  }

  private func look() -> Bool {
    state.withLock { state in
      let first = !state.started
      state.started = true
      if state.connection == nil {
        do {
          let connection = try PostgresConnection(url)
          try connection.execute("LISTEN \(PostgresChangeWatch.channel)")
          state.connection = connection
          return true
        } catch {
          return first
        }
      }
      do {
        return try state.connection?.takeNotifications() ?? 0 > 0 || first
      } catch {
        state.connection = nil
        return true
      }
    }
  }

  /// The favourite counts of `universe` (quotes with at least one), read on the watch's
  /// connection.
  package func favoriteCounts(universe: UniverseID) throws(StorageError) -> [Int: Int]? {
    try state.withLock { (state: inout State) throws(StorageError) -> [Int: Int]? in
      do throws(PostgresFailure) {
        if state.connection == nil {
          let connection = try PostgresConnection(url)
          try connection.execute("LISTEN \(PostgresChangeWatch.channel)")
          state.connection = connection
        }
        guard let connection = state.connection else { return [:] }
        var counts: [Int: Int] = [:]
        for row in try connection.query(
          "SELECT quote_id, count FROM favorite_counts WHERE universe = $1 AND count > 0",
          [.text(universe.rawValue)])
        {
          guard let id = row[0].integer, let count = row[1].integer else { continue }
          counts[Int(id)] = Int(count)
        }
        return counts
      } catch {
        state.connection = nil
        throw PostgresStore.storageError(error, location: PostgresConnection.redacted(url))
      }
    }
  }
}
