import Foundation
import JSON
import Testing

/// Quick requests overtake expensive ones, over the built binary's pipes: the order of the
/// replies, never their times.
@Suite("Quick requests overtake expensive ones", .timeLimit(.minutes(5)))
struct OvertakingEndToEndTests {
  /// A long name that matches nothing: the fuzzy matching compares it with every name, and it
  /// is longer than a search run on the loop (`SearchCost.inlineTextBytes`).
  static let longName = String(repeating: "Heisenberg Pinkman ", count: 4)

  /// Expensive searches: Rick and Morty's 826 characters by a long name and species (each
  /// within its bound).
  static let expensive = (0..<10).map { index in
    #"{"jsonrpc":"2.0","id":\#(100 + index),"method":"characters.filter","params":{"universe":"rick-and-morty","name":"\#(longName)","species":"\#(longName.prefix(64))"}}"#
  }

  static let quick = [
    #"{"jsonrpc":"2.0","id":1,"method":"service.info"}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"episodes.get","params":{"id":1}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"episodes.filter","params":{"season":2}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"characters.filter","params":{"name":"walt"}}"#,
  ]

  /// The ids of the replies, in the order they came, each checked to be a result.
  static func replyIDs(_ outcome: ServiceProcess.Outcome) throws -> [Int] {
    try outcome.lines.map { line -> Int in
      let reply = try JSONParser.parse(line)
      #expect(reply["error"] == nil, "\(line.prefix(300))")
      guard case .number(let id)? = reply["id"], let number = Int(id) else {
        Issue.record("a reply without a number id: \(line.prefix(300))")
        return -1
      }
      return number
    }
  }

  @Test(
    "service.info, episodes.get and a plain filter written right after expensive searches are answered before them"
  )
  func quickFirst() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ServiceProcess.run(
      ["serve", "--data-dir", directory, "--log-level", "off"],
      lines: Self.expensive + Self.quick)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let ids = try Self.replyIDs(outcome)
    #expect(Set(ids) == Set(1...4).union(100..<110))
    // The expensive ones run one after another on their lane (on two cores, one at a time): the
    // quick ones, run on the loop as soon as they are read, come before the last of them.
    let lastExpensive = try #require(ids.lastIndex { $0 >= 100 })
    for id in 1...4 {
      let position = try #require(ids.firstIndex(of: id))
      #expect(position < lastExpensive, "request \(id) waited for the expensive ones: \(ids)")
    }
  }

  @Test("MCP's ping is answered before a slow tools/call read before it")
  func pingFirst() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let calls = (0..<6).map { index in
      #"{"jsonrpc":"2.0","id":\#(100 + index),"method":"tools/call","params":{"name":"characters_filter","arguments":{"universe":"rick-and-morty","name":"\#(Self.longName)"}}}"#
    }
    let outcome = try ServiceProcess.run(
      ["mcp", "--data-dir", directory, "--log-level", "off"],
      lines: calls + [#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let ids = try Self.replyIDs(outcome)
    #expect(Set(ids) == Set([1]).union(100..<106))
    let ping = try #require(ids.firstIndex(of: 1))
    let lastCall = try #require(ids.lastIndex { $0 >= 100 })
    #expect(ping < lastCall, "ping waited for the tool calls: \(ids)")
  }
}
