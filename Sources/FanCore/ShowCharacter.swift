import FanProtocol

/// A character of the franchise (named so as not to shadow Swift's `Character`).
package struct ShowCharacter: Sendable, Hashable {
  /// The source API's id.
  package let id: Int
  /// The full name, as the source writes it.
  package let name: String
  /// The nickname.
  package let nickname: String
  /// The birthday, where the source knows it.
  package let birthday: CalendarDate?
  /// The occupations, in the source's order.
  package let occupations: [String]
  /// Alive, deceased, presumed dead or unknown.
  package let status: CharacterStatus
  /// The image URL, as an opaque string (many of the source's links are dead).
  package let imageURL: String
  /// The actor.
  package let portrayedBy: String
  /// The series the character appears in.
  package let series: [Series]
  /// The seasons the character appears in, per series.
  package let appearances: [Series: [Int]]
  /// Species, type, gender, origin and location, for universes whose API has them; nil
  /// otherwise (Breaking Bad's characters have a nickname, birthday and portrayer instead).
  package let profile: CreatureProfile?
  /// The fields its universe adds beyond these, in the order its records show them.
  package let extraFields: [RecordField]

  /// Creates a character.
  package init(
    id: Int, name: String, nickname: String, birthday: CalendarDate?, occupations: [String],
    status: CharacterStatus, imageURL: String, portrayedBy: String, series: [Series],
    appearances: [Series: [Int]], profile: CreatureProfile? = nil,
    extraFields: [RecordField] = []
  ) {
    self.id = id
    self.name = name
    self.nickname = nickname
    self.birthday = birthday
    self.occupations = occupations
    self.status = status
    self.imageURL = imageURL
    self.portrayedBy = portrayedBy
    self.series = series
    self.appearances = appearances
    self.profile = profile
    self.extraFields = extraFields
  }

  /// The seasons of `series` the character appears in, ascending.
  package func seasons(in series: Series) -> [Int] {
    appearances[series] ?? []
  }
}
