import FanProtocol

/// A quote from the show.
package struct Quote: Sendable, Hashable {
  /// The source API's id.
  package let id: Int
  /// The words.
  package let text: String
  /// The author as the source wrote it ("Jimmy McGill").
  package let author: String
  /// The character the author resolves to, or nil where it does not.
  package var characterID: Int?
  /// The series it is from.
  package let series: Series
  /// The fields its universe adds, in the order its records show them.
  package let extraFields: [RecordField]

  /// Creates a quote.
  package init(
    id: Int, text: String, author: String, characterID: Int? = nil, series: Series,
    extraFields: [RecordField] = []
  ) {
    self.id = id
    self.text = text
    self.author = author
    self.characterID = characterID
    self.series = series
    self.extraFields = extraFields
  }
}
