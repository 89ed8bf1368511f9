import Foundation
import JSON
import Testing

/// Pipelined toggles through the built binary, which writes the ones queued together in one
/// transaction: every reply must be what running them one by one would answer.
@Suite("Pipelined toggles sharing commits", .timeLimit(.minutes(3)))
struct SharedCommitEndToEndTests {
  let directory = ServiceProcess.temporaryDataDirectory()

  private var arguments: [String] {
    ["--data-dir", directory, "--log-level", "off", "--password-cost", "1000"]
  }

  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  @Test("every reply and the final state are as if the toggles ran one by one")
  func oneByOne() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let register = try ServiceProcess.run(
      arguments,
      lines: [
        request(
          0, "auth.register",
          #"{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#)
      ]
    ).repliesByID()
    try #require(register[0]?["result"] != nil)

    // What running them one at a time gives: the favourites in the order they were added.
    let quotes = Array(1...30) + Array(63...102)
    var favorites: [Int] = []
    var lines: [String] = []
    var expected: [Int: String] = [:]
    var lists: [Int: [Int]] = [:]
    var failures: Set<Int> = []
    for index in 0..<3_000 {
      let id = index + 1
      if index % 500 == 250 {
        // A read in the middle sees every toggle before it.
        lines.append(request(id, "favorites.list"))
        lists[id] = favorites.reversed()
        continue
      }
      if index % 700 == 350 {
        // A quote that does not exist fails alone.
        lines.append(request(id, "favorites.toggle", #"{"quoteId":99999}"#))
        failures.insert(id)
        continue
      }
      let quote = quotes[(index * 7) % quotes.count]
      lines.append(request(id, "favorites.toggle", #"{"quoteId":\#(quote)}"#))
      let added = !favorites.contains(quote)
      if added { favorites.append(quote) } else { favorites.removeAll { $0 == quote } }
      expected[id] =
        #"{"jsonrpc":"2.0","id":\#(id),"result":{"quoteId":\#(quote),"isFavorite":\#(added),"favoriteCount":\#(added ? 1 : 0)}}"#
    }

    let outcome = try ServiceProcess.run(arguments, lines: lines)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines.count == lines.count)
    var byID: [Int: String] = [:]
    for line in outcome.lines {
      let reply = try JSONParser.parse(line)
      if case .number(let text)? = reply["id"], let id = Int(text) { byID[id] = line }
    }
    for (id, reply) in expected.sorted(by: { $0.key < $1.key }) {
      #expect(byID[id] == reply)
    }
    for id in failures {
      let reply = try JSONParser.parse(try #require(byID[id]))
      #expect(reply["error"]?["code"] != nil, "\(reply)")
    }
    for (id, ids) in lists {
      let reply = try JSONParser.parse(try #require(byID[id]))
      let listed = reply["result"]?["quotes"]?.arrayValue?.map { $0["id"] }
      #expect(listed == ids.map { .number(String($0)) }, "favorites.list \(id)")
    }

    // What a new process reads is what the replies said.
    let after = try ServiceProcess.run(arguments, lines: [request(1, "favorites.list")])
      .repliesByID()
    let stored = after[1]?["result"]?["quotes"]?.arrayValue?.map { $0["id"] }
    #expect(stored == favorites.reversed().map { .number(String($0)) })
  }
}
