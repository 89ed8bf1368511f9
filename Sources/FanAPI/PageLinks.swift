/// Where a list goes on after one of its bodies: the next page, and how many pages it has.
package struct PageLinks: Sendable, Equatable {
  /// The URL of the next page, when the API pages its lists and the body is not the last page.
  package var nextPage: String?
  /// How many pages the API says the whole list has, when it says.
  package var pageCount: Int?

  /// The links of a body; none for a whole list.
  package init(nextPage: String? = nil, pageCount: Int? = nil) {
    self.nextPage = nextPage
    self.pageCount = pageCount
  }
}
