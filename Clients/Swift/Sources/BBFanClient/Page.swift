/// One page of a list that pages: the records, the whole list's size, the next page's cursor.
///
/// What the deprecated `creatures`, `quizzes` and `onlineQuizzes` return; the calls named after
/// the methods return each method's own result, which has the same members.
@available(*, deprecated, message: "the calls named after the methods return their own results")
public struct Page<Record: Sendable>: Sendable {
  /// The records of this page.
  public var records: [Record]
  /// How many records the whole list has.
  public var total: Int
  /// The cursor of the next page, nil at the end.
  public var nextCursor: String?

  /// A page of these members.
  public init(records: [Record], total: Int, nextCursor: String? = nil) {
    self.records = records
    self.total = total
    self.nextCursor = nextCursor
  }
}
