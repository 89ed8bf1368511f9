/// One page of a Rick and Morty list as the API sends it: `{"info": {...}, "results": [...]}`.
struct RickAndMortyPageDTO<Element: Decodable & Sendable>: Decodable, Sendable {
  /// The page's `info`.
  struct Info: Decodable, Sendable {
    /// `count`: the records in the whole list.
    var count: Int?
    /// `pages`: the pages of the whole list.
    var pages: Int?
    /// `next`: the URL of the next page, null on the last.
    var next: String?
  }

  /// `info`.
  var info: Info
  /// `results`, record by record.
  var results: LossyArray<Element>
}
