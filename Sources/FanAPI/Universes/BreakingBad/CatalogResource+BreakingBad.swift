extension CatalogResource {
  /// Breaking Bad's `/characters`.
  package static let characters = CatalogResource(
    name: "characters", recordName: "character", pathSegments: ["characters"])
  /// Breaking Bad's `/episodes`.
  package static let episodes = CatalogResource(
    name: "episodes", recordName: "episode", pathSegments: ["episodes"])
  /// Breaking Bad's `/quotes`.
  package static let quotes = CatalogResource(
    name: "quotes", recordName: "quote", pathSegments: ["quotes"])
}
