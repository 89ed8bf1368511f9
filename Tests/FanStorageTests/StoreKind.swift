import FanPostgres
import FanSQLite
import FanStorage
import Foundation
import Synchronization
import TestSupport
import Testing

/// A store the behaviour tests run against; each test gets a fresh, empty one.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite
  /// A database of the test's own on a throwaway PostgreSQL server (`TemporaryPostgres`).
  case postgres

  var testDescription: String { rawValue }

  /// A fresh store whose clock reads `time`; `reopen` opens another connection to the same
  /// state (for concurrency and persistence).
  func make() throws -> StoreUnderTest {
    let clock = StoreUnderTest.Clock()
    switch self {
    case .sqlite:
      let directory = FileManager.default.temporaryDirectory.appending(
        path: "bbfan-behaviour-\(UUID().uuidString)/data"
      ).path()
      return try Self.under(clock) { try SQLiteStore(directory: directory) { clock.now() } }
    case .postgres:
      let url = try TemporaryPostgres.freshDatabase()
      return try Self.under(clock) { try PostgresStore(url: url) { clock.now() } }
    }
  }

  /// The store `open` opens, serving every concern, with `reopen` opening another.
  private static func under<Store: AccountStore & FavoriteStore & QuizStore & ProfileStore>(
    _ clock: StoreUnderTest.Clock, _ open: @escaping @Sendable () throws -> Store
  ) throws -> StoreUnderTest {
    let store = try open()
    return StoreUnderTest(
      clock: clock, accounts: store, favorites: store, quizzes: store, profiles: store,
      reopen: {
        let other = try open()
        return (other, other, other, other)
      })
  }
}

/// The stores of one behaviour test, by concern.
struct StoreUnderTest: Sendable {
  /// A settable clock in milliseconds since 1970; it starts at 1,000.
  final class Clock: Sendable {
    private let time = Atomic<Int64>(1_000)
    /// The time now.
    func now() -> Int64 { time.load(ordering: .relaxed) }
    /// Sets the time.
    func set(_ value: Int64) { time.store(value, ordering: .relaxed) }
  }

  let clock: Clock
  let accounts: any AccountStore
  let favorites: any FavoriteStore
  let quizzes: any QuizStore
  let profiles: any ProfileStore
  let reopen:
    @Sendable () throws -> (
      accounts: any AccountStore, favorites: any FavoriteStore, quizzes: any QuizStore,
      profiles: any ProfileStore
    )

  /// Creates users named `names`; returns their ids.
  func users(_ names: String...) async throws -> [Int64] {
    var ids: [Int64] = []
    for name in names {
      ids.append(
        try await accounts.createUser(username: name, usernameKey: name, passwordHash: "h").id)
    }
    return ids
  }
}
