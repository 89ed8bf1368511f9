import FuzzyMatch
import JSON
import JSONRPC

/// The tools of the MCP interface, made from the schema registry and the choices in `MCPToolChoice`,
/// in a fixed order (by name).
package struct MCPToolCatalog: Sendable {
  /// The tools, sorted by name.
  package let tools: [MCPTool]
  private let byName: [String: MCPTool]

  /// The tools for the methods of `schemas` that `choices` makes tools.
  package init(
    schemas: SchemaRegistry, choices: [String: MCPToolChoice] = MCPToolChoice.byMethod
  ) {
    var tools: [MCPTool] = []
    for schema in schemas.methods {
      guard case .tool(let title, let hints)? = choices[schema.name] else { continue }
      tools.append(MCPTool(schema: schema, title: title, hints: hints))
    }
    self.tools = tools.sorted { $0.name < $1.name }
    byName = Dictionary(uniqueKeysWithValues: tools.map { ($0.name, $0) })
  }

  /// The tool named `name`.
  package func tool(named name: String) -> MCPTool? { byName[name] }

  /// The tool name closest to `name`, when one is close enough to be a likely typo.
  package func suggestion(for name: String) -> String? {
    EditDistance.closest(to: name, among: tools.map(\.name))
  }
}
