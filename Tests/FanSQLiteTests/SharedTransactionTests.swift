import Foundation
import StorageTestSupport
import Testing

@testable import FanSQLite
@testable import FanStorage

@Suite("SharedTransaction on the SQLite store")
struct SharedTransactionTests {
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
    try await SharedTransaction.run {
      do {
        #expect(try await store.toggleFavorite(userID: user, quoteID: 1) == (true, 1))
        #expect(try await store.toggleFavorite(userID: user, quoteID: 2) == (true, 1))
        #expect(try await store.toggleFavorite(userID: user, quoteID: 1) == (false, 0))
        // The group reads its own writes; another connection reads none of them yet.
        #expect(try await store.favorites(userID: user) == [2])
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
    try await SharedTransaction.run {
      do {
        _ = try await store.toggleFavorite(userID: user, quoteID: 1)
        // No such user: the favourite's reference to it fails at once.
        await #expect(throws: StorageError.self) {
          _ = try await store.toggleFavorite(userID: 999, quoteID: 5)
        }
        await #expect(throws: StorageError.usernameTaken) {
          _ = try await store.createUser(username: "walt", usernameKey: "walt", passwordHash: "y")
        }
        _ = try await store.toggleFavorite(userID: user, quoteID: 2)
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
      try await SharedTransaction.run {
        do {
          _ = try await store.toggleFavorite(userID: user, quoteID: 1)
          // Checked at COMMIT from now on: the next write's missing user fails the commit.
          try await store.deferForeignKeys()
          _ = try await store.toggleFavorite(userID: 999, quoteID: 2)
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

  @Test("a caller outside the group first commits what the group wrote; the group goes on")
  func callerOutside() async throws {
    let (store, user) = try await storeWithUser()
    let other = try SQLiteStore(directory: directory)
    try await SharedTransaction.run {
      do {
        _ = try await store.toggleFavorite(userID: user, quoteID: 1)
        #expect(try await other.favorites(userID: user) == [])
        // Not of the group: it never reads inside the group's transaction.
        let outside = try await SharedTransaction.$current.withValue(nil) {
          try await store.favorites(userID: user)
        }
        #expect(outside == [1])
        #expect(try await other.favorites(userID: user) == [1], "committed for the caller")
        _ = try await store.toggleFavorite(userID: user, quoteID: 2)
        #expect(try await other.favorites(userID: user) == [1])
      } catch {
        Issue.record(error)
      }
    }
    #expect(try await other.favorites(userID: user) == [2, 1])
  }

  @Test("a group that writes nothing commits nothing")
  func empty() async throws {
    let (store, user) = try await storeWithUser()
    try await SharedTransaction.run {
      do {
        #expect(try await store.favorites(userID: user) == [])
      } catch {
        Issue.record(error)
      }
    }
    #expect(try await store.toggleFavorite(userID: user, quoteID: 1) == (true, 1))
  }
}

extension SQLiteStore {
  /// Defers foreign key checks to the end of the open transaction (SQLite turns this off again at
  /// every commit or rollback), so that a test can make a COMMIT fail.
  func deferForeignKeys() throws(StorageError) {
    try database.execute("PRAGMA defer_foreign_keys = ON")
  }
}
