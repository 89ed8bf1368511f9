import Foundation
import JSON
import TestSupport
import Testing

/// Quizzes, profiles and switching accounts through real processes sharing one data directory.
@Suite("Quizzes across processes", .timeLimit(.minutes(3)))
struct QuizzesEndToEndTests {
  let directory = ServiceProcess.temporaryDataDirectory()

  private var arguments: [String] {
    ["--data-dir", directory, "--log-level", "off", "--password-cost", "1000"]
  }

  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  private func register(_ name: String) -> String {
    #"{"username":"\#(name)","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#
  }

  private func session(_ lines: [String]) throws -> [Int: JSONValue] {
    try ServiceProcess.run(arguments, lines: lines).repliesByID()
  }

  @Test("two processes creating the same title at once: exactly one wins, the other is duplicate")
  func raceForTitle() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = try session([request(1, "auth.register", register("walt"))])
    let create = request(1, "quizzes.create", #"{"title":"Race","facts":["a","b"]}"#)
    async let first = ServiceProcess.running(arguments, lines: [create])
    async let second = ServiceProcess.running(arguments, lines: [create])
    let replies = try await [first.repliesByID()[1], second.repliesByID()[1]]
    let won = replies.filter { $0?["result"] != nil }
    let lost = replies.filter { $0?["error"]?["data"]?["reason"] == .string("duplicate") }
    #expect(won.count == 1 && lost.count == 1, "\(replies)")
    let list = try session([request(1, "quizzes.list")])
    #expect(list[1]?["result"]?["total"] == .integer(1))
  }

  @Test(
    "pipelined requests see the writes before them; quizzes, reviews and photos survive a restart")
  func orderAndRestart() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let png =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC"
    let first = try session([
      request(1, "auth.register", register("walt")),
      request(2, "quizzes.create", #"{"title":"Quick Sort","facts":["a","b"]}"#),
      request(3, "quizzes.review", #"{"id":1,"grade":"good"}"#),
      request(4, "quizzes.add", #"{"onlineId":"45"}"#),
      request(5, "profile.update", #"{"displayName":"Heisenberg","photo":{"data":"\#(png)"}}"#),
      request(6, "quizzes.due"),
    ])
    #expect(first[3]?["result"]?["review"]?["intervalDays"] == .integer(1), "\(first[3] ?? .null)")
    #expect(first[6]?["result"]?["total"] == .integer(1))
    let photoPath = try #require(first[5]?["result"]?["photo"]?["path"]?.stringValue)
    var info = stat()
    #expect(stat(photoPath, &info) == 0 && info.st_mode & 0o777 == 0o600)
    // A text file named .jpg is refused by its bytes.
    let fake = directory + "/not-a-photo.jpg"
    try Data("just text".utf8).write(to: URL(filePath: fake))
    let later = try session([
      request(1, "quizzes.list"),
      request(2, "profile.get"),
      request(3, "profile.update", #"{"photo":{"path":"\#(fake)"}}"#),
      request(4, "quizzes.online", #"{"search":"toddler"}"#),
      request(5, "quizzes.due"),
    ])
    #expect(later[1]?["result"]?["total"] == .integer(2))
    #expect(later[2]?["result"]?["displayName"] == .string("Heisenberg"))
    #expect(later[2]?["result"]?["photo"]?["bytes"] == .integer(69))
    #expect(later[3]?["error"]?["data"]?["reason"] == .string("not-an-image"))
    let online = later[4]?["result"]?["quizzes"]?.arrayValue ?? []
    #expect(online.map { $0["inCollection"] } == [.bool(true), .bool(false), .bool(false)])
    #expect(later[5]?["result"]?["total"] == .integer(1))
    // Removing the photo leaves no file behind.
    let removed = try session([request(1, "profile.update", #"{"photo":null}"#)])
    #expect(removed[1]?["result"]?["photo"] == .null)
    #expect(access(photoPath, F_OK) != 0)
  }

  @Test(
    "another user's quiz is not found; switching accounts needs no password; logout forgets one")
  func accounts() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let replies = try session([
      request(1, "auth.register", register("walt")),
      request(2, "quizzes.create", #"{"title":"Walt's","facts":["a","b"]}"#),
      request(3, "auth.register", register("jesse")),
      request(4, "quizzes.get", #"{"id":1}"#),
      request(5, "quizzes.list"),
      request(6, "auth.switch", #"{"username":"WALT"}"#),
      request(7, "quizzes.get", #"{"id":1}"#),
      request(8, "auth.logout"),
      request(9, "auth.accounts"),
      request(10, "quizzes.list"),
    ])
    #expect(replies[4]?["error"]?["data"]?["reason"] == .string("not-found"))
    #expect(replies[5]?["result"]?["quizzes"] == .array([]))
    #expect(replies[6]?["result"]?["user"]?["username"] == .string("walt"))
    #expect(replies[7]?["result"]?["title"] == .string("Walt's"))
    let accounts = replies[9]?["result"]?["accounts"]?.arrayValue ?? []
    #expect(accounts.map { $0["username"] } == [.string("jesse")])
    #expect(accounts.map { $0["current"] } == [.bool(false)])
    #expect(replies[10]?["error"]?["data"]?["reason"] == .string("unauthorized"))
  }
}
