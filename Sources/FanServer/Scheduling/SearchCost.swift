import JSON

/// When a catalog search is expensive: by the size of the free text it matches, which is what
/// its cost grows with (every name is compared with every record's, letter by letter).
///
/// Read from the params as they arrived, before they are decoded, so it costs a few member
/// look-ups. A search whose text is short runs on the dispatch loop like any quick call; one
/// whose text is longer runs on the expensive lane (`ExpensiveLane`), so the calls read after
/// it are not kept waiting for it.
enum SearchCost {
  /// The most bytes of free text (all matched members together) a search runs on the loop with.
  ///
  /// A person's searches are far below it (the longest character name is 46 characters, and
  /// filtering by three full names is about 40); a request above it is answered as soon as it
  /// is done, after the quick calls read after it.
  static let inlineTextBytes = 64

  /// Whether `params` (by name) carry more than `inlineTextBytes` of text in `members`: strings,
  /// and the strings of arrays.
  static func isExpensive(_ params: JSONValue?, text members: [String]) -> Bool {
    guard case .object(let object)? = params else { return false }
    var total = 0
    for member in members {
      guard let value = object[member] else { continue }
      total += textBytes(of: value)
      if total > inlineTextBytes { return true }
    }
    return false
  }

  private static func textBytes(of value: JSONValue) -> Int {
    switch value {
    case .string(let text): text.utf8.count
    case .array(let items): items.reduce(0) { $0 + textBytes(of: $1) }
    default: 0
    }
  }
}
