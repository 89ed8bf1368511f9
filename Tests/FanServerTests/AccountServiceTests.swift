import FanCore
import FanServer
import FanStorage
import FanStorageEngines
import Foundation
import Testing

@Suite("Account service")
struct AccountServiceTests {
  let directory = FileManager.default.temporaryDirectory.appending(
    path: "bbfan-accounts-\(UUID().uuidString)"
  ).path()

  /// Runs `body` and returns how many PBKDF2 derivations it made.
  private func derivations(_ body: () async throws -> Void) async rethrows -> Int {
    let counter = PBKDF2.Counter()
    try await PBKDF2.$counter.withValue(counter) { try await body() }
    return counter.count
  }

  @Test(
    "an unknown username costs one derivation like a wrong password, from a new service's first request"
  )
  func loginCosts() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let setUp = AccountService(
      storage: Storage(engines: .standard, options: LocalStoreOptions(directory: directory)),
      iterations: 1000)
    _ = try await setUp.register(
      username: "walt", password: "Heisenberg1!", confirmation: "Heisenberg1!")

    // Each login is the first request of a new service, as in a one-shot `bbfan call`.
    var made: AccountService?
    let building = await derivations {
      made = AccountService(
        storage: Storage(engines: .standard, options: LocalStoreOptions(directory: directory)),
        iterations: 1000)
    }
    #expect(building == 0, "building the service derives nothing, so start-up stays quick")
    let unknown = try #require(made)
    let unknownCost = await derivations {
      await #expect(throws: AccountError.unknownUser("jesse")) {
        try await unknown.login(username: "jesse", password: "Heisenberg1!")
      }
    }
    let wrong = AccountService(
      storage: Storage(engines: .standard, options: LocalStoreOptions(directory: directory)),
      iterations: 1000)
    let wrongCost = await derivations {
      await #expect(throws: AccountError.wrongPassword) {
        try await wrong.login(username: "walt", password: "Heisenberg2!")
      }
    }
    let right = AccountService(
      storage: Storage(engines: .standard, options: LocalStoreOptions(directory: directory)),
      iterations: 1000)
    let rightCost = try await derivations {
      _ = try await right.login(username: "walt", password: "Heisenberg1!")
    }
    #expect(unknownCost == 1)
    #expect(wrongCost == 1)
    #expect(rightCost == 1)

    // And again on the same services.
    let again = await derivations {
      await #expect(throws: AccountError.unknownUser("jesse")) {
        try await unknown.login(username: "jesse", password: "Heisenberg1!")
      }
      await #expect(throws: AccountError.wrongPassword) {
        try await wrong.login(username: "walt", password: "Heisenberg2!")
      }
    }
    #expect(again == 2)
  }
}
