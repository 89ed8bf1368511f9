/// The `info` of one page of a Rick and Morty list, without its `results`: what a page already
/// validated says about the pages after it.
struct RickAndMortyPageHeaderDTO: Decodable, Sendable {
  /// `info`, as in a whole page.
  var info: RickAndMortyPageDTO<Never>.Info
}
