/// A `bbfan://` resource address, read into what it names.
package enum MCPResourceURI: Sendable, Equatable {
  /// `bbfan://me/favorites`: the signed-in user's favourite quotes.
  case favorites
  /// `bbfan://me/quizzes`: the signed-in user's quizzes.
  case quizzes
  /// `bbfan://UNIVERSE/KIND/ID`: one catalog record (KIND is episodes, characters or locations).
  case record(universe: String, kind: String, id: Int)
  /// `bbfan://UNIVERSE/characters/ID/card.pdf`: a character's collectible card.
  case card(universe: String, id: Int)

  /// The kinds of record a universe may have.
  package static let kinds = ["episodes", "characters", "locations"]

  /// The methods of the service that page through and get one record of each kind, by kind: the
  /// one place the MCP face names them (a test checks that each is a method of the service).
  package static let methods: [String: (list: String, get: String)] = [
    "episodes": ("episodes.filter", "episodes.get"),
    "characters": ("characters.filter", "characters.get"),
    "locations": ("locations.list", "locations.get"),
  ]

  /// The methods of `kind`, one of `kinds`.
  static func methods(of kind: String) -> (list: String, get: String) {
    methods[kind] ?? ("", "")
  }

  /// Reads `uri`; nil when it names nothing among `universes`.
  package init?(_ uri: String, universes: [String]) {
    guard uri.hasPrefix("bbfan://") else { return nil }
    let parts = uri.dropFirst("bbfan://".count).split(
      separator: "/", omittingEmptySubsequences: false
    )
    .map(String.init)
    switch parts.count {
    case 2 where parts == ["me", "favorites"]: self = .favorites
    case 2 where parts == ["me", "quizzes"]: self = .quizzes
    case 3, 4:
      guard universes.contains(parts[0]), Self.kinds.contains(parts[1]),
        let id = Int(parts[2]), id > 0, String(id) == parts[2]
      else { return nil }
      if parts.count == 4 {
        guard parts[1] == "characters", parts[3] == "card.pdf" else { return nil }
        self = .card(universe: parts[0], id: id)
      } else {
        self = .record(universe: parts[0], kind: parts[1], id: id)
      }
    default: return nil
    }
  }

  /// The address as text.
  package var text: String {
    switch self {
    case .favorites: "bbfan://me/favorites"
    case .quizzes: "bbfan://me/quizzes"
    case .record(let universe, let kind, let id): "bbfan://\(universe)/\(kind)/\(id)"
    case .card(let universe, let id): "bbfan://\(universe)/characters/\(id)/card.pdf"
    }
  }
}
