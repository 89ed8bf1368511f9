import FanServer
import FanStorageEngines
import Foundation
import JSON
import JSONRPC
import Testing

/// The one clock a composition injects (`ServiceConfiguration.clock`) is the time the service
/// records: an account's and a quiz's times read it, not the machine's wall clock.
@Suite("The injected clock")
struct InjectedClockTests {
  @Test(
    "a quiz is created at the injected clock's time",
    arguments: [
      (1_800_000_000_000, "2027-01-15T08:00:00Z"), (1_000_000_000_000, "2001-09-09T01:46:40Z"),
    ])
  func quizCreatedAt(milliseconds: Int64, expected: String) async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-clock-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = ServiceConfiguration(
      storageEngines: .standard, dataDirectory: directory.path(), seed: 1, passwordIterations: 1000)
    configuration.clock = ServiceClock { milliseconds }
    let connection = try TestComposition.service(configuration).makeConnection()
    func call(_ id: Int, _ method: String, _ params: JSONObject) async throws -> String {
      try #require(
        await connection.respond(
          to: .object(
            JSONObject([
              "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method),
              "params": .object(params),
            ]))
        )
      ).serializedText
    }
    let password = JSONValue.string("Heisenberg-1958")
    let registered = try await call(
      1, "auth.register",
      JSONObject([
        "username": .string("walt"), "password": password, "passwordConfirmation": password,
      ]))
    #expect(registered.contains("\"result\""), "\(registered)")
    // The session's time comes through the storage engine, given the clock at composition.
    let accounts = try await call(2, "auth.accounts", JSONObject([:]))
    #expect(accounts.contains("\"signedInAt\":\"\(expected)\""), "\(accounts)")
    let reply = await connection.respond(
      to: .object(
        JSONObject([
          "jsonrpc": .string("2.0"), "id": .integer(3), "method": .string("quizzes.create"),
          "params": .object(
            JSONObject([
              "title": .string("Clock"), "facts": .array([.string("One"), .string("Two")]),
            ])),
        ])))
    let text = try #require(reply).serializedText
    #expect(text.contains("\"createdAt\":\"\(expected)\""), "\(text)")
  }
}
