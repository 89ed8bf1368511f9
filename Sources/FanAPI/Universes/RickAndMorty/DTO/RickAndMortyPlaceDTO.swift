/// An origin or last location as the Rick and Morty API sends it: `{name, url}`, the url empty
/// for `unknown`.
package struct RickAndMortyPlaceDTO: Codable, Sendable, Equatable {
  /// `name`.
  package var name: String
  /// `url`: `https://rickandmortyapi.com/api/location/ID`, or "".
  package var url: String
}
