import FanCore
import FanProtocol
import JSON

/// The `limit` and `cursor` of a list method's params.
package struct PageRequest: Sendable, Equatable {
  /// The most records a page holds; the whole list when nil.
  package var limit: Int?
  /// Where the page starts: a `nextCursor` of an earlier page of the same query.
  package var cursor: String?

  /// The largest `limit` accepted.
  package static let maxLimit = PageLimits.maxLimit

  /// A request for the page at `cursor` with at most `limit` records.
  package init(limit: Int? = nil, cursor: String? = nil) {
    self.limit = limit
    self.cursor = cursor
  }

  /// The page of `records` this request asks for, its `nextCursor` and the list's total.
  ///
  /// `params` (encoded without `limit` and `cursor`) and `method` identify the query, and
  /// `catalog` the data it ran on; a cursor of another query or catalog is an invalid value
  /// that says to start again.
  package func page<Record, Params: Encodable>(
    of records: [Record], method: String, params: Params, catalog: String
  ) throws -> (records: ArraySlice<Record>, nextCursor: String?, total: Int) {
    // The query's hash is made only when a cursor needs it (one given, or one to give): most
    // calls ask for a first page that holds the whole list.
    var madeQuery: UInt64?
    func query() throws -> UInt64 {
      if let madeQuery { return madeQuery }
      let made = try QueryHashes.shared.hash(method: method, params: params) {
        try Self.queryHash(method: method, params: params)
      }
      madeQuery = made
      return made
    }
    let catalogHash = PageCursor.hash(catalog)
    var start = 0
    if let cursor {
      guard let parsed = PageCursor(text: cursor) else {
        throw CatalogError.invalidValue(
          field: "cursor",
          problem: "is not a cursor this service gave; start again without a cursor")
      }
      guard try parsed.query == query() else {
        throw CatalogError.invalidValue(
          field: "cursor",
          problem: "belongs to another query; start again without a cursor, or repeat that "
            + "query's params")
      }
      guard parsed.catalog == catalogHash, parsed.offset <= records.count else {
        throw CatalogError.invalidValue(
          field: "cursor",
          problem: "belongs to a catalog that a refresh has since replaced; start again "
            + "without a cursor")
      }
      start = parsed.offset
    }
    let end = limit.map { min(records.count, start + $0) } ?? records.count
    let next =
      end < records.count
      ? PageCursor(offset: end, query: try query(), catalog: catalogHash).text : nil
    return (records[start..<end], next, records.count)
  }

  /// The hash of `method` and `params` without `limit`, `cursor` and `token`.
  static func queryHash<Params: Encodable>(method: String, params: Params) throws -> UInt64 {
    var value = try JSONValueEncoder().encode(params)
    if case .object(var object) = value {
      for key in ["limit", "cursor", "token", "progressToken"] { _ = object.remove(key) }
      value = .object(object)
    }
    return PageCursor.hash(method + " " + value.serializedText)
  }
}
