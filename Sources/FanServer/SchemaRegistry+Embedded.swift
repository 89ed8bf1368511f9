import JSON
import JSONRPC

extension SchemaRegistry {
  /// The schemas embedded at build time from `Schemas/`.
  package static let embedded = SchemaRegistry(files: EmbeddedResources.files)

  /// The smallest `maxLength` and `maxItems` of every embedded params schema.
  ///
  /// A call whose strings and arrays are all within these (most calls) is within its method's
  /// bounds without its schema being read. `EmbeddedParamsSchemaTests` compares it with every
  /// schema's bounds.
  package static let embeddedParamsFloor = ParamBounds.Floor(maxLength: 16, maxItems: 2)

  /// The params schema of the method `name`, read from its embedded file (that member alone,
  /// and of the shared definitions only those it references); nil when there is none (or it
  /// cannot be read: the schema tests say so).
  @Sendable package static func embeddedParamsSchema(of name: String) -> JSONValue? {
    guard let text = EmbeddedResources.files["Schemas/\(name).json"],
      let params = try? JSONParser.parse(text, member: ["params"])
    else { return nil }
    return try? embeddedDefinitions.inlined(params)
  }

  /// The shared definitions, each read when a method's params schema first references it.
  private static let embeddedDefinitions = SchemaDefinitions(
    readingOnUse: EmbeddedResources.files[SchemaDefinitions.fileKey] ?? "")
}
