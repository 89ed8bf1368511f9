import JSONRPC

extension SchemaRegistry {
  /// The schemas embedded at build time from `Schemas/`.
  package static let embedded = SchemaRegistry(files: EmbeddedResources.files)
}
