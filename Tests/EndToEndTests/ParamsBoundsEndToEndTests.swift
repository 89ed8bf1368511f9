import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing

/// Every input has a bound that fits what it means: every string and array param of every
/// schema has one, everything the embedded data holds fits, and the built binary refuses what
/// is over in a small reply.
@Suite("Params bounds", .timeLimit(.minutes(5)))
struct ParamsBoundsEndToEndTests {
  static let root = BuiltProducts.repository

  /// The params schema of every method in `Schemas/`, by method name, references inlined.
  static func paramsSchemas() throws -> [String: JSONValue] {
    let registry = try RepositorySchemas.registry()
    #expect(registry.problems.isEmpty, "\(registry.problems)")
    return Dictionary(uniqueKeysWithValues: registry.methods.map { ($0.name, $0.params) })
  }

  /// The places in `schema` where a string has no `maxLength` or an array no `maxItems`.
  static func unbounded(_ schema: JSONValue, at path: String) -> [String] {
    guard case .object(let object) = schema else { return [] }
    var types: [String] = []
    switch object["type"] {
    case .string(let type)?: types = [type]
    case .array(let list)?: types = list.compactMap(\.stringValue)
    default: break
    }
    var found: [String] = []
    if types.contains("string"), object["maxLength"] == nil { found.append("\(path) (maxLength)") }
    if types.contains("array"), object["maxItems"] == nil { found.append("\(path) (maxItems)") }
    if let items = object["items"] { found += unbounded(items, at: "\(path)[]") }
    if case .object(let properties)? = object["properties"] {
      for member in properties.members {
        found += unbounded(member.value, at: path.isEmpty ? member.key : "\(path).\(member.key)")
      }
    }
    for combinator in ["oneOf", "anyOf", "allOf"] {
      for alternative in object[combinator]?.arrayValue ?? [] {
        found += unbounded(alternative, at: path)
      }
    }
    return found
  }

  @Test("every string param has a maxLength and every array param a maxItems, nested ones too")
  func everyParamBounded() throws {
    let schemas = try Self.paramsSchemas()
    #expect(schemas.count > 30)
    for (method, schema) in schemas.sorted(by: { $0.key < $1.key }) {
      let missing = Self.unbounded(schema, at: "")
      #expect(missing.isEmpty, "\(method): no bound on \(missing.joined(separator: ", "))")
    }
    // The check itself finds what it should.
    let bare = try JSONParser.parse(
      #"{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}}}}"#)
    #expect(Self.unbounded(bare, at: "") == ["a (maxItems)", "a[] (maxLength)"])
  }

  /// The strings of `key` in every record of a data file (`name`, or `img` of each character).
  static func strings(_ file: String, _ keys: [String]) throws -> [String] {
    let text = try String(contentsOf: root.appending(path: "Data/\(file)"), encoding: .utf8)
    var found: [String] = []
    for record in try JSONParser.parse(text).arrayValue ?? [] {
      for key in keys {
        switch record[key] {
        case .string(let value)?: found.append(value)
        case .array(let values)?: found += values.compactMap(\.stringValue)
        default: break
        }
      }
    }
    return found
  }

  @Test("every name, title, author, quiz and URL of the embedded data passes the bounds")
  func dataFits() throws {
    let schemas = try Self.paramsSchemas()
    func check(_ method: String, _ params: [String: JSONValue]) throws {
      let schema = try #require(schemas[method])
      let bounds = try #require(ParamBounds(schema: schema))
      let object = JSONObject(
        params.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value) })
      do throws(JSONRPCError) {
        try bounds.check(.object(object))
      } catch {
        Issue.record("\(method) refuses the data's own value: \(error.message)")
      }
    }
    let breakingBad = try Self.strings("breaking-bad/characters.json", ["name", "nickname"])
    let rickAndMorty = try Self.strings("rick-and-morty/characters.json", ["name"])
    #expect(rickAndMorty.contains("Giant Assassin Hidden in the Statue of Liberty"))
    for name in breakingBad + rickAndMorty {
      try check("characters.filter", ["name": .string(name)])
      try check("episodes.filter", ["characters": .array([.string(name)])])
    }
    for field in ["species", "type", "gender"] {
      for value in try Self.strings("rick-and-morty/characters.json", [field]) {
        try check("characters.filter", [field: .string(value)])
      }
    }
    let titles =
      try Self.strings("breaking-bad/episodes.json", ["title"])
      + Self.strings("rick-and-morty/episodes.json", ["name"])
    for title in titles { try check("episodes.filter", ["name": .string(title)]) }
    // An episode with every character it names, at once.
    let text = try String(
      contentsOf: Self.root.appending(path: "Data/breaking-bad/episodes.json"), encoding: .utf8)
    for episode in try JSONParser.parse(text).arrayValue ?? [] {
      try check("episodes.filter", ["characters": episode["characters"] ?? .array([])])
    }
    let rickAndMortyEpisodes = try String(
      contentsOf: Self.root.appending(path: "Data/rick-and-morty/episodes.json"), encoding: .utf8)
    for episode in try JSONParser.parse(rickAndMortyEpisodes).arrayValue ?? [] {
      let ids = (episode["characters"]?.arrayValue ?? []).compactMap { url in
        url.stringValue?.split(separator: "/").last.flatMap { Int($0) }.map {
          JSONValue.integer($0)
        }
      }
      #expect(!ids.isEmpty)
      try check(
        "episodes.filter", ["characters": .array(ids), "universe": .string("rick-and-morty")])
    }
    for author in try Self.strings("breaking-bad/quotes.json", ["author"]) {
      try check("quotes.random", ["author": .string(author)])
    }
    let urls =
      try Self.strings("breaking-bad/characters.json", ["img"])
      + Self.strings("rick-and-morty/characters.json", ["image"])
    #expect(urls.map(\.count).max() == 274)
    for url in urls { try check("images.fetch", ["url": .string(url)]) }
    let quizzes = try String(
      contentsOf: Self.root.appending(path: "Data/quizzes/quizzes.json"), encoding: .utf8)
    for quiz in try JSONParser.parse(quizzes).arrayValue ?? [] {
      try check(
        "quizzes.create",
        ["title": quiz["quizTitle"] ?? .null, "facts": quiz["facts"] ?? .array([])])
      try check("quizzes.online", ["search": quiz["quizTitle"] ?? .null])
    }
  }

  static func request(_ id: Int, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  @Test("a value over its bound is -32602 with the field and the bound, in a small reply")
  func overBound() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let mega = String(repeating: "w", count: 1_000_000)
    let photo = String(repeating: "A", count: 12_000_004)
    let names = Array(repeating: #""Walt""#, count: 101).joined(separator: ",")
    let cases: [(String, String, String, Int)] = [
      ("characters.filter", #"{"name":"\#(mega)"}"#, "name", 128),
      ("characters.filter", #"{"universe":"rick-and-morty","species":"\#(mega)"}"#, "species", 64),
      ("episodes.filter", #"{"characters":["Walt","\#(mega)"]}"#, "characters[1]", 128),
      ("episodes.filter", #"{"characters":[\#(names)]}"#, "characters", 100),
      ("quotes.random", #"{"author":"\#(mega)"}"#, "author", 128),
      ("quizzes.online", #"{"search":"\#(mega)"}"#, "search", 128),
      ("auth.login", #"{"username":"\#(mega)","password":"x"}"#, "username", 256),
      ("auth.switch", #"{"username":"\#(mega)"}"#, "username", 256),
      ("images.fetch", #"{"url":"https://example.com/\#(mega)"}"#, "url", 2048),
      ("profile.update", #"{"photo":{"data":"\#(photo)"}}"#, "photo.data", 12_000_000),
      // Bounds written in Schemas/defs.json (Token, PageCursor) or next to a $ref (series).
      ("quotes.random", #"{"token":"\#(mega)"}"#, "token", 128),
      ("characters.list", #"{"cursor":"\#(mega)"}"#, "cursor", 256),
      ("episodes.list", #"{"series":"\#(mega)"}"#, "series", 64),
    ]
    let lines = cases.enumerated().map { Self.request($0.offset + 1, $0.element.0, $0.element.1) }
    let outcome = try ServiceProcess.run(
      ["serve", "--data-dir", directory, "--log-level", "off"], lines: lines)
    let replies = try outcome.repliesByID()
    for (index, (method, _, field, bound)) in cases.enumerated() {
      let reply = try #require(replies[index + 1], "\(method): no reply")
      #expect(reply["error"]?["code"] == .integer(-32602), "\(method): \(reply)")
      #expect(reply["error"]?["data"]?["field"] == .string(field), "\(method)")
      let limit = reply["error"]?["data"]?["maxLength"] ?? reply["error"]?["data"]?["maxItems"]
      #expect(limit == .integer(bound), "\(method)")
      #expect(
        reply.serializedText.utf8.count < 1024,
        "\(method): a reply of \(reply.serializedText.utf8.count) bytes")
    }
  }

  @Test("replies documented for over-long values stay below the bounds")
  func documentedRepliesStay() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let user = String(repeating: "u", count: 33)
    let password = "Aa1!" + String(repeating: "x", count: 1_021)
    let facts = (1...21).map { #""Fact \#($0)""# }.joined(separator: ",")
    let outcome = try ServiceProcess.run(
      ["serve", "--data-dir", directory, "--log-level", "off", "--password-cost", "1000"],
      lines: [
        Self.request(1, "auth.login", #"{"username":"\#(user)","password":"secret"}"#),
        Self.request(
          2, "auth.register",
          #"{"username":"walter","password":"\#(password)","passwordConfirmation":"\#(password)"}"#),
        Self.request(
          3, "auth.register",
          #"{"username":"jesse","password":"Secret123!","passwordConfirmation":"Secret123!"}"#),
        Self.request(4, "quizzes.create", #"{"title":"Many facts","facts":[\#(facts)]}"#),
      ])
    let replies = try outcome.repliesByID()
    #expect(replies[1]?["error"]?["data"]?["reason"] == .string("unknown-user"))
    #expect(replies[2]?["error"]?["data"]?["reason"] == .string("weak-password"))
    #expect(
      replies[2]?["error"]?["data"]?["rules"]?.arrayValue?.contains(.string("max-length")) == true)
    #expect(replies[3]?["result"] != nil, "\(String(describing: replies[3]))")
    // The quiz rule's own error (at most 20 facts), not the schema's bound (100).
    let tooMany = try #require(replies[4]?["error"])
    #expect(tooMany["data"]?["maxItems"] == nil, "\(tooMany)")
    #expect(tooMany["message"]?.stringValue?.contains("20") == true, "\(tooMany)")
  }
}
