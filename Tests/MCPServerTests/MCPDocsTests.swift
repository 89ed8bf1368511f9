import Foundation
import JSON
import JSONRPC
import MCPServer
import TestSupport
import Testing

/// What `Docs/MCP.md` and README say `bbfan mcp` serves is what the server lists.
///
/// The number and names of its tools, its prompts, how many resources and templates are
/// checked against `tools/list`, `prompts/list`, `resources/list` (every page) and
/// `resources/templates/list`, asked of the server in process (the tools are made from
/// `Schemas/` and `MCPToolChoice`, as `bbfan mcp` makes them). Each failure prints the text to
/// write.
@Suite("Docs/MCP.md and README name what bbfan mcp serves")
struct MCPDocsTests {
  /// What the server lists.
  struct Served {
    var tools: [String]
    var prompts: [String]
    var resources: Int
    var templates: Int
  }

  /// Asks a fresh server for its lists.
  static func served() async throws -> Served {
    let connection = try MCPServerTests.server().makeConnection()
    var id = 0
    func call(_ method: String, _ params: JSONObject = JSONObject()) async throws -> JSONValue {
      id += 1
      let reply = await connection.respond(
        to: .object(
          JSONObject([
            "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method),
            "params": .object(params),
          ])))
      return try #require(reply?["result"], "\(method): \(reply?.serializedText ?? "no reply")")
    }
    let tools = try await call("tools/list")["tools"]?.arrayValue ?? []
    let prompts = try await call("prompts/list")["prompts"]?.arrayValue ?? []
    let templates = try await call("resources/templates/list")["resourceTemplates"]?.arrayValue
    var resources = 0
    var cursor: JSONValue?
    repeat {
      let page = try await call(
        "resources/list", cursor.map { JSONObject(["cursor": $0]) } ?? JSONObject())
      resources += page["resources"]?.arrayValue?.count ?? 0
      cursor = page["nextCursor"]
    } while cursor != nil && cursor != .null
    return Served(
      tools: tools.compactMap { $0["name"]?.stringValue },
      prompts: prompts.compactMap { $0["name"]?.stringValue }, resources: resources,
      templates: templates?.count ?? 0)
  }

  /// A file of the repository, as text.
  static func read(_ path: String) throws -> String {
    String(
      decoding: try Data(contentsOf: BuiltProducts.repository.appending(path: path)),
      as: UTF8.self)
  }

  /// The first match of `pattern`'s one capture in `text`, failing with `what` when none.
  static func capture(_ pattern: Regex<(Substring, Substring)>, in text: String, _ what: String)
    throws -> String
  {
    String(try #require(text.firstMatch(of: pattern), "\(what) is not written").output.1)
  }

  @Test("Docs/MCP.md: the number of tools and their names are tools/list's")
  func tools() async throws {
    let served = try await Self.served()
    let text = try Self.read("Docs/MCP.md")
    let count = try Self.capture(
      /\*\*Tools\*\* \(([0-9,]+)\)/, in: text, "Docs/MCP.md's **Tools** (N)")
    #expect(
      count == MarkdownText.digits(served.tools.count),
      "Docs/MCP.md: bbfan mcp serves \(served.tools.count) tools; write \"**Tools** (\(MarkdownText.digits(served.tools.count)))\" for \"**Tools** (\(count))\""
    )
    let bullet = try #require(
      MarkdownText.bullet(startingWith: "**Tools**", in: text),
      "Docs/MCP.md has no **Tools** bullet")
    let named = MarkdownText.codeSpans(in: bullet).filter {
      $0.wholeMatch(of: /[a-z]+_[A-Za-z]+/) != nil
    }
    let missing = served.tools.filter { !named.contains($0) }
    let extra = named.filter { !served.tools.contains($0) }
    #expect(
      missing.isEmpty,
      "Docs/MCP.md's **Tools** list lacks \(missing.map { "`\($0)`" }.joined(separator: ", ")); add it to the list"
    )
    #expect(
      extra.isEmpty,
      "Docs/MCP.md's **Tools** list names \(extra.map { "`\($0)`" }.joined(separator: ", ")), which bbfan mcp does not serve; remove it"
    )
    #expect(
      named.count == Set(named).count, "Docs/MCP.md's **Tools** list names a tool twice: \(named)")
  }

  @Test("Docs/MCP.md: the methods it says are left out are not tools")
  func leftOut() async throws {
    let served = try await Self.served()
    let bullet = try #require(
      MarkdownText.bullet(startingWith: "**What it cannot do**", in: try Self.read("Docs/MCP.md")),
      "Docs/MCP.md has no **What it cannot do** bullet")
    let methods = MarkdownText.codeSpans(in: bullet).filter { $0.contains(".") }
    #expect(!methods.isEmpty, "the **What it cannot do** bullet names no method")
    for method in methods {
      #expect(
        !served.tools.contains(MCPTool.name(for: method)),
        "Docs/MCP.md says \(method) is left out, but bbfan mcp serves it as \(MCPTool.name(for: method)); remove it from **What it cannot do** and add `\(MCPTool.name(for: method))` to **Tools**"
      )
      #expect(
        MCPToolChoice.byMethod[method] != nil,
        "Docs/MCP.md's **What it cannot do** names \(method), which is no method; remove it")
    }
  }

  @Test("Docs/MCP.md: the prompts, the number of resources and of templates are the server's")
  func promptsAndResources() async throws {
    let served = try await Self.served()
    let text = try Self.read("Docs/MCP.md")
    let bullet = try #require(
      MarkdownText.bullet(startingWith: "**Prompts**", in: text),
      "Docs/MCP.md has no **Prompts** bullet")
    let named = MarkdownText.codeSpans(in: bullet).filter { $0.contains("_") }
    #expect(
      named.sorted() == served.prompts.sorted(),
      "Docs/MCP.md's **Prompts** should name \(served.prompts.map { "`\($0)`" }.joined(separator: ", ")), not \(named.map { "`\($0)`" }.joined(separator: ", "))"
    )
    let resources = try Self.capture(
      /all ([0-9,]+) of them/, in: text, "Docs/MCP.md's \"all N of them\"")
    #expect(
      resources == MarkdownText.digits(served.resources),
      "Docs/MCP.md: resources/list has \(served.resources) resources; write \"all \(MarkdownText.digits(served.resources)) of them\" for \"all \(resources) of them\""
    )
    let templates = try Self.capture(
      /gives the (\w+) forms/, in: text, "Docs/MCP.md's \"gives the N forms\"")
    #expect(
      templates == MarkdownText.written(served.templates),
      "Docs/MCP.md: resources/templates/list has \(served.templates) templates; write \"gives the \(MarkdownText.written(served.templates)) forms\" for \"gives the \(templates) forms\""
    )
  }

  @Test("README and Benchmarks/README.md: the numbers of tools and prompts are the server's")
  func readmeCounts() async throws {
    let served = try await Self.served()
    let readme = try Self.read("README.md")
    let tools = try Self.capture(
      /([0-9,]+) tools made from/, in: readme, "README's \"N tools made from\"")
    #expect(
      tools == MarkdownText.digits(served.tools.count),
      "README.md: bbfan mcp serves \(served.tools.count) tools; write \"\(MarkdownText.digits(served.tools.count)) tools made from\" for \"\(tools) tools made from\""
    )
    let prompts = try Self.capture(/resource, (\w+) prompts/, in: readme, "README's \"N prompts\"")
    #expect(
      prompts == MarkdownText.written(served.prompts.count),
      "README.md: bbfan mcp serves \(served.prompts.count) prompts; write \"\(MarkdownText.written(served.prompts.count)) prompts\" for \"\(prompts) prompts\""
    )
    let benchmarks = try Self.read("Benchmarks/README.md")
    let measured = try Self.capture(
      /small \(([0-9,]+) tools\)/, in: benchmarks, "Benchmarks/README.md's \"small (N tools)\"")
    #expect(
      measured == MarkdownText.digits(served.tools.count),
      "Benchmarks/README.md measured tools/list with \(measured) tools; bbfan mcp serves \(served.tools.count): measure the row again and write \"small (\(MarkdownText.digits(served.tools.count)) tools)\""
    )
  }
}
