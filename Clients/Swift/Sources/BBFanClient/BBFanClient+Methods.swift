/// Params of the methods that take none.
private struct Empty: Encodable, Sendable {}

/// Params encoded from a dictionary of optional values, leaving out the nil ones.
private struct Fields: Encodable, Sendable {
  enum Value: Encodable, Sendable {
    case int(Int)
    case bool(Bool)
    case string(String)
    case ints([Int])
    case references([CharacterReference])

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .int(let value): try container.encode(value)
      case .bool(let value): try container.encode(value)
      case .string(let value): try container.encode(value)
      case .ints(let value): try container.encode(value)
      case .references(let value): try container.encode(value)
      }
    }
  }

  var values: [(String, Value)]

  init(_ values: [(String, Value?)]) {
    self.values = values.compactMap { key, value in value.map { (key, $0) } }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (key, value) in values { try container.encode(value, forKey: Key(key)) }
  }
}

/// A character named in a filter: by id or by any name that resolves.
public enum CharacterReference: Encodable, Sendable, Hashable {
  /// An id.
  case id(Int)
  /// A name, nickname or alias.
  case name(String)

  /// Encodes the id or the name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .id(let id): try container.encode(id)
    case .name(let name): try container.encode(name)
    }
  }
}

private struct SeasonsResult: Decodable { var seasons: [Season] }
private struct EpisodesResult: Decodable { var episodes: [Episode] }
private struct CharactersResult: Decodable { var characters: [Character] }
private struct GroupsResult: Decodable {
  struct Group: Decodable {
    var initial: String
    var characters: [Character]
  }
  var groups: [Group]
}
private struct QuotesResult: Decodable { var quotes: [Quote] }
private struct UserResult: Decodable { var user: User? }
private struct SwitchedResult: Decodable { var user: User }
private struct AccountsResult: Decodable { var accounts: [SignedInAccount] }
private struct DeletedResult: Decodable { var deleted: Bool }

extension BBFanClient {
  /// `service.info`.
  public func serviceInfo() async throws -> ServiceInfo {
    try await call("service.info", Empty())
  }

  /// `rpc.discover`: the names of the methods in the OpenRPC document.
  public func methodNames() async throws -> [String] {
    struct Document: Decodable {
      struct Method: Decodable { var name: String }
      var methods: [Method]
    }
    return try await call("rpc.discover", Empty(), as: Document.self).methods.map(\.name)
  }

  /// `episodes.list`: seasons in broadcast order.
  public func episodesList(series: Series? = nil) async throws -> [Season] {
    try await call(
      "episodes.list", Fields([("series", series.map { .string($0.rawValue) })]),
      as: SeasonsResult.self
    )
    .seasons
  }

  /// `episodes.filter`: nil fields are left out; the rest combine with AND.
  public func episodesFilter(
    series: Series? = nil, season: Int? = nil, airedFrom: String? = nil, airedTo: String? = nil,
    characters: [CharacterReference] = []
  ) async throws -> [Episode] {
    let params = Fields([
      ("series", series.map { .string($0.rawValue) }), ("season", season.map { .int($0) }),
      ("airedFrom", airedFrom.map { .string($0) }), ("airedTo", airedTo.map { .string($0) }),
      ("characters", characters.isEmpty ? nil : .references(characters)),
    ])
    return try await call("episodes.filter", params, as: EpisodesResult.self).episodes
  }

  /// `episodes.get`.
  public func episode(id: Int) async throws -> EpisodeDetails {
    try await call("episodes.get", Fields([("id", .int(id))]))
  }

  /// `characters.list`, by name.
  public func charactersList(series: Series? = nil) async throws -> [Character] {
    try await call(
      "characters.list", Fields([("series", series.map { .string($0.rawValue) })]),
      as: CharactersResult.self
    ).characters
  }

  /// `characters.list` with `groupBy: "initial"`: the groups in order.
  public func charactersByInitial(series: Series? = nil) async throws -> [(
    initial: String, characters: [Character]
  )] {
    let params = Fields([
      ("series", series.map { .string($0.rawValue) }), ("groupBy", .string("initial")),
    ])
    return try await call("characters.list", params, as: GroupsResult.self).groups.map {
      ($0.initial, $0.characters)
    }
  }

  /// `characters.filter`.
  public func charactersFilter(
    status: String? = nil, seasons: [Int] = [], name: String? = nil, series: Series? = nil
  ) async throws -> [Character] {
    let params = Fields([
      ("status", status.map { .string($0) }), ("seasons", seasons.isEmpty ? nil : .ints(seasons)),
      ("name", name.map { .string($0) }), ("series", series.map { .string($0.rawValue) }),
    ])
    return try await call("characters.filter", params, as: CharactersResult.self).characters
  }

  /// `characters.get`.
  public func character(id: Int, token: String? = nil) async throws -> CharacterDetails {
    try await call(
      "characters.get", Fields([("id", .int(id)), ("token", token.map { .string($0) })]))
  }

  /// `quotes.random`: of `universe` (Breaking Bad's when nil, or the one `series` belongs to).
  public func randomQuote(
    author: String? = nil, series: Series? = nil, universe: Universe? = nil, token: String? = nil
  )
    async throws -> Quote
  {
    try await call(
      "quotes.random",
      Fields([
        ("author", author.map { .string($0) }), ("series", series.map { .string($0.rawValue) }),
        ("universe", universe.map { .string($0.rawValue) }), ("token", token.map { .string($0) }),
      ]))
  }

  /// `quotes.byCharacter`: a character of `universe` (Breaking Bad's when nil).
  public func quotes(characterID: Int, universe: Universe? = nil, token: String? = nil)
    async throws -> [Quote]
  {
    try await call(
      "quotes.byCharacter",
      Fields([
        ("id", .int(characterID)), ("universe", universe.map { .string($0.rawValue) }),
        ("token", token.map { .string($0) }),
      ]),
      as: QuotesResult.self
    ).quotes
  }

  /// `quotes.overview`: of `universe` (Breaking Bad's when nil).
  public func quotesOverview(universe: Universe? = nil, token: String? = nil) async throws
    -> QuotesOverview
  {
    try await call(
      "quotes.overview",
      Fields([
        ("universe", universe.map { .string($0.rawValue) }), ("token", token.map { .string($0) }),
      ]))
  }

  /// `catalog.refresh`: fetches a universe's catalog (Breaking Bad's when `universe` is nil)
  /// from the service's live source for it (`--source [UNIVERSE=]URL`).
  ///
  /// With a `progressToken`, each step arrives as a `notifications/progress` notification. When
  /// it replaced the catalog (`changed`), a `catalog.changed` notification follows its reply on
  /// `notifications`.
  public func refreshCatalog(universe: String? = nil, progressToken: String? = nil) async throws
    -> CatalogRefresh
  {
    try await call(
      "catalog.refresh",
      Fields([
        ("universe", universe.map { .string($0) }),
        ("progressToken", progressToken.map { .string($0) }),
      ]))
  }

  /// `characters.export`: writes the character as a CSV file or a PDF card (`format` `csv` or
  /// `pdf`) into the service's data directory; with `inline`, the reply carries the file too.
  public func exportCharacter(
    id: Int, format: String, universe: String? = nil, inline: Bool = false
  ) async throws -> ExportedFile {
    try await call(
      "characters.export",
      Fields([
        ("id", .int(id)), ("format", .string(format)), ("universe", universe.map { .string($0) }),
        ("inline", inline ? .bool(true) : nil),
      ]))
  }

  /// `images.fetch`: the image at `url`, from the service's on-disk cache.
  ///
  /// A cached copy younger than `maxAge` seconds (nil: the host's `Cache-Control: max-age`,
  /// else a day) comes back as `cached` without a request to the host; 0 always asks it. With
  /// `inline`, the reply carries the bytes too (`data`).
  public func fetchImage(url: String, maxAge: Int? = nil, inline: Bool = false) async throws
    -> CachedImage
  {
    try await call(
      "images.fetch",
      Fields([
        ("url", .string(url)), ("maxAge", maxAge.map { .int($0) }),
        ("inline", inline ? .bool(true) : nil),
      ]))
  }

  /// `auth.register`.
  public func register(username: String, password: String, confirmation: String? = nil) async throws
    -> SignedIn
  {
    try await call(
      "auth.register",
      Fields([
        ("username", .string(username)), ("password", .string(password)),
        ("passwordConfirmation", .string(confirmation ?? password)),
      ]))
  }

  /// `auth.login`.
  public func login(username: String, password: String) async throws -> SignedIn {
    try await call(
      "auth.login", Fields([("username", .string(username)), ("password", .string(password))]))
  }

  /// `auth.logout`: the user who was signed out.
  public func logout(token: String? = nil) async throws -> User? {
    try await call(
      "auth.logout", Fields([("token", token.map { .string($0) })]), as: UserResult.self
    ).user
  }

  /// `auth.session`: the signed-in user, or nil.
  public func session(token: String? = nil) async throws -> User? {
    try await call(
      "auth.session", Fields([("token", token.map { .string($0) })]), as: UserResult.self
    ).user
  }

  /// `auth.accounts`: the accounts signed in on the service's data directory, in the order they
  /// signed in, and which one is current.
  public func accounts() async throws -> [SignedInAccount] {
    try await call("auth.accounts", Empty(), as: AccountsResult.self).accounts
  }

  /// `auth.switch`: makes another account signed in on the data directory the current one,
  /// without its password (the username's case is ignored); the user now current.
  public func switchAccount(username: String) async throws -> User {
    try await call(
      "auth.switch", Fields([("username", .string(username))]), as: SwitchedResult.self
    ).user
  }

  /// `auth.checkPassword`: the password rules `password` breaks, as `auth.register` checks them;
  /// creates nothing.
  public func checkPassword(_ password: String) async throws -> PasswordCheck {
    try await call("auth.checkPassword", Fields([("password", .string(password))]))
  }

  /// `auth.deleteAccount`: deletes the signed-in account (or the token's) for good.
  ///
  /// A wrong password throws `wrong-password` and counts toward the sign-in throttle. True when
  /// done.
  public func deleteAccount(password: String, token: String? = nil) async throws -> Bool {
    try await call(
      "auth.deleteAccount",
      Fields([("password", .string(password)), ("token", token.map { .string($0) })]),
      as: DeletedResult.self
    ).deleted
  }

  /// `favorites.toggle`: toggles a quote of `universe` (Breaking Bad's when nil).
  ///
  /// With `favorite`, sets that state instead (a retried call counts once).
  public func toggleFavorite(
    quoteID: Int, favorite: Bool? = nil, universe: Universe? = nil, token: String? = nil
  )
    async throws -> FavoriteToggle
  {
    try await call(
      "favorites.toggle",
      Fields([
        ("quoteId", .int(quoteID)), ("favorite", favorite.map { .bool($0) }),
        ("universe", universe.map { .string($0.rawValue) }), ("token", token.map { .string($0) }),
      ]))
  }

  /// `favorites.list`, newest first: the favourites of `universe` (Breaking Bad's when nil).
  public func favorites(universe: Universe? = nil, token: String? = nil) async throws -> [Quote] {
    try await call(
      "favorites.list",
      Fields([
        ("universe", universe.map { .string($0.rawValue) }), ("token", token.map { .string($0) }),
      ]),
      as: QuotesResult.self
    ).quotes
  }

  /// `favorites.top`: the quotes of `universe` (Breaking Bad's when nil).
  public func topFavorites(limit: Int = 3, universe: Universe? = nil, token: String? = nil)
    async throws -> [Quote]
  {
    try await call(
      "favorites.top",
      Fields([
        ("limit", .int(limit)), ("universe", universe.map { .string($0.rawValue) }),
        ("token", token.map { .string($0) }),
      ]),
      as: QuotesResult.self
    ).quotes
  }
}
