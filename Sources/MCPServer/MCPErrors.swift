import JSON
import JSONRPC

/// The JSON-RPC errors of the MCP interface, each with the code the specification gives it.
package enum MCPErrors {
  /// -32022: a request sent at a revision this server does not speak, with the ones it does.
  package static func unsupportedVersion(_ requested: String) -> JSONRPCError {
    JSONRPCError(
      code: -32022,
      message:
        "Unsupported protocol version \(BriefQuote.quoted(requested)); this server speaks "
        + MCPVersion.all.joined(separator: ", "),
      data: .object(
        JSONObject([
          "supported": .array(MCPVersion.all.map(JSONValue.string)),
          "requested": .string(BriefQuote.bare(requested)),
        ])))
  }

  /// -32602: `tools/call` named no tool of this server (`server`, its name).
  package static func unknownTool(_ name: String, suggestion: String?, server: String)
    -> JSONRPCError
  {
    .invalidParams(
      field: "name",
      problem: "names no tool of \(server) (\(BriefQuote.quoted(name))); tools/list lists them",
      suggestions: suggestion.map { [$0] } ?? [])
  }

  /// A URI that names no resource: -32602 in 2026-07-28, -32002 in the revisions before it.
  package static func resourceNotFound(_ uri: String, modern: Bool) -> JSONRPCError {
    JSONRPCError(
      code: modern ? -32602 : -32002,
      message:
        "Resource not found: \(BriefQuote.bare(uri)); resources/list and "
        + "resources/templates/list name them",
      data: .object(JSONObject(["uri": .string(BriefQuote.bare(uri))])))
  }

  /// -32602: a `cursor` that no list of this server handed out.
  package static func badCursor(_ cursor: String) -> JSONRPCError {
    .invalidParams(
      field: "cursor",
      problem:
        "\(BriefQuote.quoted(cursor)) is not a cursor this server handed out; start without one")
  }

  /// Refuses any `cursor` in the params of a list that one page holds whole (it hands none out).
  package static func refuseCursor(in params: JSONValue) throws(JSONRPCError) {
    if let cursor = params["cursor"], cursor != .null {
      throw badCursor(cursor.stringValue ?? cursor.serializedText)
    }
  }

  /// -32602: `prompts/get` named no prompt of this server (`server`, its name).
  package static func unknownPrompt(_ name: String, server: String) -> JSONRPCError {
    .invalidParams(
      field: "name",
      problem:
        "names no prompt of \(server) (\(BriefQuote.quoted(name))); prompts/list lists them")
  }
}
