import FanProtocol
import FanServer
import FanStorage
import FanStorageEngines
import Foundation
import JSON
import JSONRPC
import MCPServer
import TestSupport
import Testing
import bbfan

/// The MCP interface's pieces on their own: the tools against the registry, schemas, addresses and
/// versions.
@Suite("MCP server")
struct MCPServerTests {
  static func service() throws -> FanService {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-mcp-\(UUID().uuidString)"
    ).path()
    return try ServiceComposition.service(
      ServiceConfiguration(storageEngines: .standard, dataDirectory: directory))
  }

  static func server() throws -> MCPServer {
    MCPServer(service: try service())
  }

  /// The method names the MCP face's sources spell: string literals shaped like a wire name
  /// (`"favorites.list"`) whose first part is a namespace of the service's methods, and names built
  /// from an interpolation (`"\(kind).get"`), which the test refuses: a name must be written out.
  static func methodNamesInSources(namespaces: Set<Substring>) throws
    -> [(file: String, name: String)]
  {
    let folder = BuiltProducts.repository.appending(path: "Sources/MCPServer")
    var found: [(String, String)] = []
    let files = try #require(FileManager.default.enumerator(atPath: folder.path()))
    for case let file as String in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
      // A params member's path (`field: "notifications.resourceSubscriptions"`) is no name.
      for match in text.matches(of: #/(field: )?"([a-z]+)\.([a-z][A-Za-z]*)"/#)
      where match.1 == nil && namespaces.contains(match.2) {
        found.append((file, "\(match.2).\(match.3)"))
      }
      // A name built by interpolation could name anything: none may be.
      for match in text.matches(of: #/"\\\([a-z]+\)\.[a-z][A-Za-z]*"/#) {
        found.append((file, "interpolated \(match.0)"))
      }
    }
    return found
  }

  @Test(
    "every method the MCP face names in its sources is a method or a notification of the service")
  func namedMethodsExist() throws {
    // The notifications the service pushes, which the MCP face translates.
    let notifications = [FavoritesChanged.name, CatalogChanged.name]
    let methods = Set(try Self.service().makeRouter().names + notifications)
    let namespaces = Set(methods.compactMap { $0.split(separator: ".").first })
    let named = try Self.methodNamesInSources(namespaces: namespaces)
    // The scan finds what the face calls by name: the tables, resources and prompts.
    for expected in ["favorites.list", "quizzes.due", "locations.list", "characters.get"] {
      #expect(named.contains { $0.name == expected }, "\(expected) not found by the scan")
    }
    for (file, name) in named where !methods.contains(name) {
      Issue.record("Sources/MCPServer/\(file) names \(name), which is no method of the service")
    }
  }

  @Test("every method of the registry is a tool or left out with a reason, and nothing else is")
  func noDrift() throws {
    let registered = Set(SchemaRegistry.embedded.methods.map(\.name))
    let chosen = Set(MCPToolChoice.byMethod.keys)
    #expect(registered == chosen, "decide for: \(registered.symmetricDifference(chosen).sorted())")
    let server = try Self.server()
    for tool in server.tools.tools {
      #expect(registered.contains(tool.method), "\(tool.name)")
      #expect(MCPTool.name(for: tool.method) == tool.name)
    }
    let toolMethods = Set(server.tools.tools.map(\.method))
    for (method, choice) in MCPToolChoice.byMethod {
      if case .excluded(let reason) = choice {
        #expect(!reason.isEmpty && !toolMethods.contains(method))
      } else {
        #expect(toolMethods.contains(method), "\(method) is chosen but not listed")
      }
    }
  }

  @Test("tool names every client accepts, in a fixed order; no tool takes a password or token")
  func names() throws {
    let tools = try Self.server().tools.tools
    #expect(tools.map(\.name) == tools.map(\.name).sorted())
    for tool in tools {
      #expect(tool.name.wholeMatch(of: /[A-Za-z0-9_-]{1,64}/) != nil, "\(tool.name)")
      let input = tool.definition["inputSchema"]?["properties"]?.objectValue?.keys ?? []
      #expect(!input.contains("password") && !input.contains("token"), "\(tool.name)")
      #expect(tool.definition["outputSchema"]?["type"] == .string("object"), "\(tool.name)")
      #expect(tool.definition["annotations"]?["readOnlyHint"] != nil)
    }
  }

  @Test("the tool list stays small (its size in bytes is what a model pays for it)")
  func toolListSize() throws {
    let tools = try Self.server().tools.tools
    let bytes = JSONValue.array(tools.map(\.definition)).serializedBytes.count
    #expect(tools.count <= 24, "\(tools.count) tools")
    // 27,000 until the six quote and favourite tools took a universe (about 130 bytes each).
    #expect(bytes <= 28_000, "tools/list is \(bytes) bytes")
  }

  @Test("every tool's schemas are self-contained: the refs into Schemas/defs.json are inlined")
  func noReferences() throws {
    let tools = try Self.server().tools.tools
    #expect(!tools.isEmpty)
    for tool in tools {
      for part in ["inputSchema", "outputSchema"] {
        let text = tool.definition[part]?.serializedText ?? ""
        #expect(!text.contains("$ref") && !text.contains("defs.json"), "\(tool.name) \(part)")
      }
    }
    // A tool whose schema references shared definitions in its file still lists their members.
    let quotes = try #require(try Self.server().tools.tool(named: "quotes_random"))
    let universe = quotes.definition["inputSchema"]?["properties"]?["universe"]
    #expect(universe?["enum"]?.arrayValue?.isEmpty == false)
  }

  @Test("schemas keep what validates: members named title or description stay")
  func trimming() throws {
    let quiz = try #require(try Self.server().tools.tool(named: "quizzes_create"))
    let properties = quiz.definition["inputSchema"]?["properties"]?.objectValue?.keys ?? []
    #expect(properties.contains("title"))
    let output = quiz.definition["outputSchema"]?.serializedText ?? ""
    #expect(output.contains("\"title\"") && !output.contains("$schema"))
    #expect(!output.contains("\"description\""))
  }

  @Test(
    "resource addresses read back as written; others name nothing",
    arguments: [
      "bbfan://me/favorites", "bbfan://me/quizzes", "bbfan://breaking-bad/episodes/1",
      "bbfan://rick-and-morty/characters/826", "bbfan://rick-and-morty/locations/3",
      "bbfan://breaking-bad/characters/1/card.pdf",
    ])
  func addresses(_ text: String) throws {
    let universes = try Self.service().universeNames
    #expect(universes == ["breaking-bad", "rick-and-morty"])
    #expect(try #require(MCPResourceURI(text, universes: universes)).text == text)
  }

  @Test(
    "addresses that name nothing",
    arguments: [
      "bbfan://me", "bbfan://breaking-bad/episodes/0", "bbfan://breaking-bad/episodes/01",
      "bbfan://star-wars/episodes/1", "bbfan://breaking-bad/quotes/1",
      "bbfan://breaking-bad/episodes/1/card.pdf", "https://breaking-bad/episodes/1",
      "bbfan://breaking-bad/episodes/-1", "bbfan://breaking-bad/characters/1/card.png",
    ])
  func nothing(_ text: String) throws {
    #expect(MCPResourceURI(text, universes: try Self.service().universeNames) == nil)
  }

  @Test("initialize takes the client's revision when it is one of ours, else our newest")
  func negotiation() {
    #expect(MCPVersion.negotiated("2024-11-05") == "2024-11-05")
    #expect(MCPVersion.negotiated("2026-07-28") == "2025-11-25")
    #expect(MCPVersion.negotiated(nil) == "2025-11-25")
  }

  @Test("_meta: a revision not served is -32022 with the served ones; bad kinds are -32602")
  func meta() throws {
    func params(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }
    let served = try MCPMeta(
      params: try params(
        #"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}"#
      ))
    #expect(served.isModern)
    #expect(throws: JSONRPCError.self, "2026-07-28 requires the client's capabilities") {
      try MCPMeta(
        params: try params(#"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}"#))
    }
    #expect(try MCPMeta(params: try params("{}")).isModern == false)
    #expect(throws: JSONRPCError.self) {
      try MCPMeta(
        params: try params(#"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099"}}"#))
    }
    let unsupported = try params(#"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099"}}"#)
    do throws(JSONRPCError) {
      _ = try MCPMeta(params: unsupported)
      Issue.record("a revision not served was taken")
    } catch {
      #expect(error.code == -32022)
      #expect(error.data?["supported"]?.arrayValue?.count == MCPVersion.all.count)
    }
    #expect(throws: JSONRPCError.self) {
      try MCPMeta(params: try params(#"{"_meta":{"progressToken":true}}"#))
    }
    #expect(throws: JSONRPCError.self) {
      try MCPMeta(params: try params(#"{"_meta":{"io.modelcontextprotocol/logLevel":"loud"}}"#))
    }
    let level = try MCPMeta(
      params: try params(#"{"_meta":{"io.modelcontextprotocol/logLevel":"warning"}}"#))
    #expect(level.logLevel == .warning && MCPLogLevel.debug < .warning)
  }
}
