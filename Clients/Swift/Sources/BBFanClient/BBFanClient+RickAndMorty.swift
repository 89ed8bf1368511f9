import Foundation

private struct CreaturesResult: Decodable {
  var characters: [Creature]
  var total: Int
  var nextCursor: String?
}

private struct LocationsResult: Decodable { var locations: [Location] }

private struct Params: Encodable, Sendable {
  var universe: Universe
  var id: Int?
  var name: String?
  var status: String?
  var species: String?
  var type: String?
  var gender: String?
  var limit: Int?
  var cursor: String?
  var code: String?
}

extension BBFanClient {
  /// `episodes.list {universe}`: every episode of a universe, in broadcast order.
  public func episodes(of universe: Universe) async throws -> [Episode] {
    struct Result: Decodable { var seasons: [Season] }
    return try await call("episodes.list", Params(universe: universe), as: Result.self)
      .seasons.flatMap(\.episodes)
  }

  /// `episodes.get {id, universe}`: an episode with its characters (linked by id).
  public func episode(id: Int, universe: Universe) async throws -> EpisodeDetails {
    try await call("episodes.get", Params(universe: universe, id: id))
  }

  /// `episodes.filter {universe, name?, code?}`: the API's episode filters.
  public func episodes(of universe: Universe, name: String? = nil, code: String? = nil)
    async throws -> [Episode]
  {
    struct Result: Decodable { var episodes: [Episode] }
    return try await call(
      "episodes.filter", Params(universe: universe, name: name, code: code), as: Result.self
    ).episodes
  }

  /// `characters.filter {universe: rick-and-morty, ...}`: one page of Rick and Morty characters
  /// (the whole list without `limit`); nil fields are left out.
  public func creatures(
    name: String? = nil, status: String? = nil, species: String? = nil, type: String? = nil,
    gender: String? = nil, limit: Int? = nil, cursor: String? = nil
  ) async throws -> Page<Creature> {
    let params = Params(
      universe: .rickAndMorty, name: name, status: status, species: species, type: type,
      gender: gender, limit: limit, cursor: cursor)
    let result = try await call("characters.filter", params, as: CreaturesResult.self)
    return Page(records: result.characters, total: result.total, nextCursor: result.nextCursor)
  }

  /// `characters.get {id, universe: rick-and-morty}`: a character with its episodes.
  public func creature(id: Int) async throws -> CreatureDetails {
    try await call("characters.get", Params(universe: .rickAndMorty, id: id))
  }

  /// `locations.list {universe}`.
  public func locations(of universe: Universe = .rickAndMorty) async throws -> [Location] {
    try await call("locations.list", Params(universe: universe), as: LocationsResult.self)
      .locations
  }

  /// `locations.get {id, universe}`: a location with its residents.
  public func location(id: Int, universe: Universe = .rickAndMorty) async throws
    -> LocationDetails
  {
    try await call("locations.get", Params(universe: universe, id: id))
  }
}
