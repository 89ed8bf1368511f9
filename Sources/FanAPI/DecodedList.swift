/// One body of a list, decoded record by record, and where the list goes on.
package struct DecodedList: Sendable, Equatable {
  /// How many records decoded.
  package var records: Int
  /// A problem for each record that did not.
  package var problems: [MappingProblem]
  /// The URL of the next page, when the API pages its lists and this body is not the last page.
  package var nextPage: String?
  /// How many pages the API says the whole list has, when it says.
  package var pageCount: Int?

  /// A decoded body.
  package init(
    records: Int, problems: [MappingProblem], nextPage: String? = nil, pageCount: Int? = nil
  ) {
    self.records = records
    self.problems = problems
    self.nextPage = nextPage
    self.pageCount = pageCount
  }
}
