import FanCore
import Foundation
import StorageTestSupport
import Synchronization
import Testing

@testable import FanSQLite
@testable import FanStorage

@Suite("Write groups on the SQLite store")
struct WriteGroupTests {
  let directory = FileManager.default.temporaryDirectory.appending(
    path: "bbfan-shared-\(UUID().uuidString)/data"
  )
  .path()

  /// A store with one user; returns both.
  private func storeWithUser() async throws -> (store: SQLiteStore, user: Int64) {
    let store = try SQLiteStore(directory: directory)
    let user = try await store.createUser(username: "walt", usernameKey: "walt", passwordHash: "x")
    return (store, user.id)
  }

  @Test("the group's toggles are one transaction: another connection sees them only after it")
  func committedTogether() async throws {
    let (store, user) = try await storeWithUser()
    let other = try SQLiteStore(directory: directory)
    try await WriteGroup.run { group in
      do {
        #expect(try await store.toggleFavorite(userID: user, quoteID: 1, in: group) == (true, 1))
        #expect(try await store.toggleFavorite(userID: user, quoteID: 2, in: group) == (true, 1))
        #expect(try await store.toggleFavorite(userID: user, quoteID: 1, in: group) == (false, 0))
        #expect(try await other.favorites(userID: user) == [])
      } catch {
        Issue.record(error)
      }
    }
    #expect(try await other.favorites(userID: user) == [2])
    #expect(try await other.topFavorites(limit: 3).map(\.quoteID) == [2])
  }

  @Test("a write that fails rolls back only itself; the group's other writes are kept")
  func failingWrite() async throws {
    let (store, user) = try await storeWithUser()
    try await WriteGroup.run { group in
      do {
        _ = try await store.toggleFavorite(userID: user, quoteID: 1, in: group)
        // No such user: the favourite's reference to it fails at once.
        await #expect(throws: StorageError.self) {
          _ = try await store.toggleFavorite(userID: 999, quoteID: 5, in: group)
        }
        _ = try await store.toggleFavorite(userID: user, quoteID: 2, in: group)
      } catch {
        Issue.record(error)
      }
    }
    let other = try SQLiteStore(directory: directory)
    #expect(try await other.favorites(userID: user) == [2, 1])
    #expect(try await other.topFavorites(limit: 3).map(\.quoteID) == [1, 2])
  }

  @Test("a commit that fails keeps nothing of the group and throws")
  func failedCommit() async throws {
    let (store, user) = try await storeWithUser()
    await #expect(throws: StorageError.self) {
      try await WriteGroup.run { group in
        do {
          _ = try await store.toggleFavorite(userID: user, quoteID: 1, in: group)
          // Checked at COMMIT from now on: the next write's missing user fails the commit.
          try await store.deferForeignKeys(in: group)
          _ = try await store.toggleFavorite(userID: 999, quoteID: 2, in: group)
        } catch {
          Issue.record(error)
        }
      }
    }
    let other = try SQLiteStore(directory: directory)
    #expect(try await other.favorites(userID: user) == [])
    #expect(try await other.topFavorites(limit: 3).isEmpty)
    // The connection is usable again, outside any group.
    #expect(try await store.toggleFavorite(userID: user, quoteID: 3) == (true, 1))
  }

  @Test(
    "a read from outside the group, through the same store, sees only what is committed and commits nothing"
  )
  func readerOutside() async throws {
    let (store, user) = try await storeWithUser()
    _ = try await store.toggleFavorite(userID: user, quoteID: 7)
    let other = try SQLiteStore(directory: directory)
    try await WriteGroup.run { group in
      do {
        _ = try await store.toggleFavorite(userID: user, quoteID: 1, in: group)
        // Without the group's handle: never inside the group's transaction.
        #expect(try await store.favorites(userID: user) == [7])
        #expect(try await store.topFavorites(limit: 3).map(\.quoteID) == [7])
        #expect(try await other.favorites(userID: user) == [7], "the read committed nothing")
        _ = try await store.toggleFavorite(userID: user, quoteID: 2, in: group)
        #expect(try await store.favorites(userID: user) == [7])
        #expect(try await other.favorites(userID: user) == [7])
      } catch {
        Issue.record(error)
      }
    }
    #expect(try await store.favorites(userID: user) == [2, 1, 7])
    #expect(try await other.favorites(userID: user) == [2, 1, 7])
  }

  @Test("a write from outside the group waits for the group to end, then commits on its own")
  func writerOutside() async throws {
    let (store, user) = try await storeWithUser()
    let log = Box<[String]>([])
    try await withThrowingDiscardingTaskGroup { tasks in
      try await WriteGroup.run { group in
        do {
          _ = try await store.toggleFavorite(userID: user, quoteID: 1, in: group)
          tasks.addTask {
            _ = try await store.toggleFavorite(userID: user, quoteID: 9)
            log.value.withLock { $0.append("outside wrote") }
          }
          // The outside write waits for the group, outside it: the group still writes.
          while await store.writesWaitingForGroup == 0 { await Task.yield() }
          _ = try await store.toggleFavorite(userID: user, quoteID: 2, in: group)
          log.value.withLock { $0.append("group wrote") }
          #expect(try await store.favorites(userID: user) == [])
        } catch {
          Issue.record(error)
        }
      }
    }
    #expect(log.value.withLock { $0 } == ["group wrote", "outside wrote"])
    #expect(try await store.favorites(userID: user) == [9, 2, 1])
  }

  @Test("the handle of a group that has ended is refused")
  func endedGroup() async throws {
    let (store, user) = try await storeWithUser()
    let kept = Box<WriteGroup?>(nil)
    try await WriteGroup.run { group in kept.value.withLock { $0 = group } }
    let group = try #require(kept.value.withLock { $0 })
    await #expect(throws: WriteGroup.ended) {
      _ = try await store.toggleFavorite(userID: user, quoteID: 1, in: group)
    }
    #expect(try await store.favorites(userID: user) == [])
  }

  @Test("a group that writes nothing commits nothing")
  func empty() async throws {
    let (store, user) = try await storeWithUser()
    try await WriteGroup.run { _ in
      do {
        #expect(try await store.favorites(userID: user) == [])
      } catch {
        Issue.record(error)
      }
    }
    #expect(try await store.toggleFavorite(userID: user, quoteID: 1) == (true, 1))
  }
}

/// A value tasks share.
private final class Box<Value: Sendable>: Sendable {
  let value: Mutex<Value>

  init(_ value: Value) { self.value = Mutex(value) }
}

extension SQLiteStore {
  /// How many writes wait for a group's transaction to end.
  var writesWaitingForGroup: Int { groupWaiters.count }

  /// Defers foreign key checks to the end of `group`'s transaction (SQLite turns this off again
  /// at every commit or rollback), so that a test can make a COMMIT fail.
  func deferForeignKeys(in group: WriteGroup) async throws(StorageError) {
    try await write(in: group) { connection throws(StorageError) in
      try connection.execute("PRAGMA defer_foreign_keys = ON")
    }
  }
}
