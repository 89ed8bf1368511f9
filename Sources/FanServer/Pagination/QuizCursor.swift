import FanCore
import FanStorage

/// The `nextCursor` of `quizzes.list`: the last quiz of the page (its id) and the query it
/// belongs to, so the next page starts after that quiz even when quizzes were
/// added or deleted in between, and a cursor of another query is recognised.
struct QuizCursor: Sendable, Equatable {
  /// The last quiz of the page before.
  var position: QuizPosition
  /// The hash of the query (method, user, params other than `limit`, `cursor` and `token`).
  var query: UInt64

  /// `q<id>.<query>`, in hexadecimal.
  var text: String {
    "q\(String(position.id, radix: 16)).\(String(query, radix: 16))"
  }

  /// Creates a cursor.
  init(position: QuizPosition, query: UInt64) {
    self.position = position
    self.query = query
  }

  /// Reads the cursor of `query`; an error that says to start again when `text` is not one or
  /// belongs to another query.
  init(text: String, query: UInt64) throws {
    let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
    guard text.hasPrefix("q"), parts.count == 2, let id = Int64(parts[0], radix: 16),
      let hash = UInt64(parts[1], radix: 16)
    else {
      throw CatalogError.invalidValue(
        field: "cursor", problem: "is not a cursor this service gave; start again without a cursor")
    }
    guard hash == query else {
      throw CatalogError.invalidValue(
        field: "cursor",
        problem: "belongs to another query; start again without a cursor, or repeat that "
          + "query's params")
    }
    self.init(position: QuizPosition(id: id), query: query)
  }
}
