import FoundationEssentials

/// A Rick and Morty list body: the embedded files hold each list joined into one array, and the
/// live API serves it a page at a time (`{"info": {"next": ...}, "results": [...]}`).
struct RickAndMortyList<Element: Decodable & Sendable>: Sendable {
  /// The records that decoded.
  var elements: [Element]
  /// A problem for each record that did not.
  var problems: [MappingProblem]
  /// The next page's URL, for a page that is not the last.
  var nextPage: String?
  /// The pages of the whole list, as a page says.
  var pageCount: Int?

  /// Decodes `data`, a joined array or one page, as a list of `resource`.
  init(_ type: Element.Type, from data: Data, as resource: CatalogResource) throws(SourceError) {
    if Self.isPage(data) {
      let page = try SnapshotDecoder.decodeBody(
        RickAndMortyPageDTO<Element>.self, from: data, as: resource,
        expecting: "a page of \(resource.name) ({\"info\": {...}, \"results\": [...]})")
      elements = page.results.elements
      problems = SnapshotDecoder.problems(of: page.results, as: resource)
      nextPage = page.info.next
      pageCount = page.info.pages
    } else {
      (elements, problems) = try SnapshotDecoder.decodeList(type, from: data, as: resource)
    }
  }

  /// Whether `data` is one page (`{"info": ..., "results": ...}`) rather than a joined array: the
  /// first byte that is not blank tells the two shapes apart, so each decodes once.
  static func isPage(_ data: Data) -> Bool {
    let first = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
    return first == UInt8(ascii: "{")
  }

  /// Decodes every body of one list and joins them.
  static func joined(_ bodies: [Data], as resource: CatalogResource) throws(SourceError) -> (
    elements: [Element], problems: [MappingProblem]
  ) {
    var elements: [Element] = []
    var problems: [MappingProblem] = []
    for body in bodies {
      let list = try RickAndMortyList(Element.self, from: body, as: resource)
      elements += list.elements
      problems += list.problems
    }
    return (elements, problems)
  }

  /// What a refresh needs to know of one body.
  var decoded: DecodedList {
    DecodedList(
      records: elements.count, problems: problems, nextPage: nextPage, pageCount: pageCount)
  }
}
