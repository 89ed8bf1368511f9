import JSON
import JSONRPC

extension SchemaRegistry {
  /// The schemas embedded at build time from `Schemas/`.
  package static let embedded = SchemaRegistry(files: EmbeddedResources.files)

  /// The params schema of the method `name`, read from its embedded file (and the shared
  /// definitions only when it references one); nil when there is none (or it cannot be read:
  /// the schema tests say so).
  @Sendable package static func embeddedParamsSchema(of name: String) -> JSONValue? {
    guard let text = EmbeddedResources.files["Schemas/\(name).json"],
      let params = try? JSONParser.parse(text)["params"]
    else { return nil }
    guard SchemaDefinitions.mayReference(text) else { return params }
    return try? embeddedDefinitions?.inlined(params)
  }

  /// The shared definitions, parsed once, when a method's schema first references them.
  private static let embeddedDefinitions: SchemaDefinitions? = EmbeddedResources.files[
    SchemaDefinitions.fileKey
  ].flatMap { try? SchemaDefinitions(text: $0) }
}
