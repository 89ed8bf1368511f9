/// Where the next page of a list starts, and which list it belongs to: the opaque `nextCursor`.
///
/// It is `<offset>.<query>.<catalog>` (hexadecimal; the query and catalog parts are FNV-1a hashes
/// of the request's other params and of the catalog's source and refresh time), so a cursor from
/// another query or from a catalog a refresh has replaced is recognised, never silently used.
package struct PageCursor: Sendable, Equatable {
  /// The position of the next record.
  package var offset: Int
  /// The hash of the params other than `limit` and `cursor`.
  package var query: UInt64
  /// The hash of the catalog's identity.
  package var catalog: UInt64

  /// A cursor.
  package init(offset: Int, query: UInt64, catalog: UInt64) {
    self.offset = offset
    self.query = query
    self.catalog = catalog
  }

  /// Reads a cursor; nil when the text is not one.
  package init?(text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let offset = Int(parts[0], radix: 16), offset >= 0,
      let query = UInt64(parts[1], radix: 16), let catalog = UInt64(parts[2], radix: 16)
    else { return nil }
    self.init(offset: offset, query: query, catalog: catalog)
  }

  /// The text clients pass back.
  package var text: String {
    "\(String(offset, radix: 16)).\(String(query, radix: 16)).\(String(catalog, radix: 16))"
  }

  /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
  package static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
