import JSON
import JSONRPC

extension SchemaRegistry {
  /// The schemas embedded at build time from `Schemas/`.
  package static let embedded = SchemaRegistry(files: EmbeddedResources.files)

  /// The params schema of the method `name`, read from its embedded file alone; nil when there
  /// is none (or it cannot be read: the schema tests say so).
  @Sendable package static func embeddedParamsSchema(of name: String) -> JSONValue? {
    guard let text = EmbeddedResources.files["Schemas/\(name).json"],
      let schema = try? JSONParser.parse(text)
    else { return nil }
    return schema["params"]
  }
}
