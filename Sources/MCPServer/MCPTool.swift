import JSON
import JSONRPC

/// One tool of the MCP interface: a method of the service under a name every client accepts.
package struct MCPTool: Sendable {
  /// The tool's name: the method's with `.` turned into `_` (`episodes_filter`).
  package let name: String
  /// The wire name of the method it runs.
  package let method: String
  /// Whether it acts for the signed-in user (its method takes a `token`).
  package let isPerUser: Bool
  /// The tool as `tools/list` describes it.
  package let definition: JSONValue

  /// The tool name for `method`.
  package static func name(for method: String) -> String {
    method.replacing(".", with: "_")
  }

  /// Builds the tool for `schema`, titled and hinted as `choice` says.
  init(schema: MethodSchema, title: String, hints: MCPToolChoice.Hints) {
    method = schema.name
    name = Self.name(for: schema.name)
    let properties = schema.params["properties"]?.objectValue
    isPerUser = properties?["token"] != nil
    var input = MCPSchemaTrimmer.trimmed(schema.params, keepDescriptions: true)
    input = MCPSchemaTrimmer.removingProperty("token", from: input)
    var output = MCPSchemaTrimmer.trimmed(schema.result, keepDescriptions: false)
    if case .object(var root) = output, root["type"] == nil {
      // MCP up to 2025-11-25 wants an object at the root; every result is one.
      root.set("type", .string("object"))
      output = .object(root)
    }
    let annotations = JSONObject([
      "title": .string(title),
      "readOnlyHint": .bool(hints.readOnly),
      "destructiveHint": .bool(hints.destructive),
      "idempotentHint": .bool(hints.idempotent),
      "openWorldHint": .bool(hints.openWorld),
    ])
    definition = .object(
      JSONObject([
        "name": .string(name),
        "title": .string(title),
        "description": .string(schema.summary),
        "inputSchema": input,
        "outputSchema": output,
        "annotations": .object(annotations),
      ]))
  }
}
