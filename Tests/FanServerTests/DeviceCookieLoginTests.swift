import FanCore
import FanServer
import FanStorage
import FanStorageEngines
import Foundation
import Testing

/// OWASP's device cookies: a stranger's wrong passwords slow the stranger, not the owner.
///
/// The store's clock stands still, so no wait ever runs out.
@Suite("Sign-in with device cookies")
struct DeviceCookieLoginTests {
  let directory = FileManager.default.temporaryDirectory.appending(
    path: "bbfan-devices-\(UUID().uuidString)"
  ).path()

  private func service() -> AccountService {
    AccountService(
      storage: Storage(
        engines: .standard,
        options: LocalStoreOptions(directory: directory, clock: { 1_800_000_000_000 })),
      iterations: 1000)
  }

  private func register(_ name: String, on accounts: AccountService) async throws {
    _ = try await accounts.register(
      username: name, password: "Heisenberg1!", confirmation: "Heisenberg1!")
  }

  @Test("the stranger is held after five failures; the owner's known browser is not")
  func strangerHeldOwnerNot() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let accounts = service()
    try await register("walt", on: accounts)
    let first = try await accounts.login(username: "walt", password: "Heisenberg1!", device: "")
    let cookie = try #require(first.device)

    for _ in 1...5 {
      await #expect(throws: AccountError.wrongPassword) {
        try await accounts.login(username: "walt", password: "guess")
      }
    }
    // The stranger now waits, even with the right password, and with a cookie it made up.
    await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
      try await accounts.login(username: "walt", password: "Heisenberg1!")
    }
    let parts = cookie.split(separator: ".")
    let forged = "v1.\(parts[1]).\(String(repeating: "0", count: 64))"
    await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
      try await accounts.login(username: "walt", password: "Heisenberg1!", device: forged)
    }
    // The owner's browser signs in, and gets a new cookie.
    let owner = try await accounts.login(
      username: "walt", password: "Heisenberg1!", device: cookie)
    #expect(owner.user.username == "walt")
    #expect(owner.device != nil && owner.device != cookie)
  }

  @Test("a known browser's own failures hold that browser only, not the username or others")
  func deviceFailuresAreTheDevices() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let accounts = service()
    try await register("skyler", on: accounts)
    let kitchen = try #require(
      try await accounts.login(username: "skyler", password: "Heisenberg1!", device: "").device)
    let office = try #require(
      try await accounts.login(username: "skyler", password: "Heisenberg1!", device: "").device)
    for _ in 1...5 {
      await #expect(throws: AccountError.wrongPassword) {
        try await accounts.login(username: "skyler", password: "guess", device: kitchen)
      }
    }
    await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
      try await accounts.login(username: "skyler", password: "Heisenberg1!", device: kitchen)
    }
    let fromOffice = try await accounts.login(
      username: "skyler", password: "Heisenberg1!", device: office)
    #expect(fromOffice.user.username == "skyler")
    let fromElsewhere = try await accounts.login(username: "skyler", password: "Heisenberg1!")
    #expect(fromElsewhere.device == nil)
  }

  @Test("another user's cookie counts for nothing")
  func anotherUsersCookie() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let accounts = service()
    try await register("walt", on: accounts)
    try await register("jesse", on: accounts)
    let jesses = try #require(
      try await accounts.login(username: "jesse", password: "Heisenberg1!", device: "").device)
    for _ in 1...5 {
      await #expect(throws: AccountError.wrongPassword) {
        try await accounts.login(username: "walt", password: "guess")
      }
    }
    await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
      try await accounts.login(username: "walt", password: "Heisenberg1!", device: jesses)
    }
  }
}
