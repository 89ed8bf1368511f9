import FanCore

/// A character on the wire.
package struct CharacterRecord: Codable, Sendable, Equatable {
  /// Season numbers per series.
  package struct Appearances: Codable, Sendable, Equatable {
    /// Breaking Bad seasons.
    package var breakingBad: [Int]
    /// Better Call Saul seasons.
    package var betterCallSaul: [Int]

    enum CodingKeys: String, CodingKey {
      case breakingBad = "breaking-bad"
      case betterCallSaul = "better-call-saul"
    }
  }

  /// The source API's id.
  package var id: Int
  /// The full name.
  package var name: String
  /// The nickname.
  package var nickname: String
  /// `YYYY-MM-DD`, or null where unknown.
  package var birthday: CalendarDate?
  /// The occupations.
  package var occupations: [String]
  /// `alive`, `deceased`, `presumed-dead` or `unknown`.
  package var status: CharacterStatus
  /// The image URL (an opaque string; many of the source's links are dead).
  package var imageURL: String
  /// The actor.
  package var portrayedBy: String
  /// The series the character appears in.
  package var series: [Series]
  /// Season numbers per series.
  package var appearances: Appearances

  /// The record of `character`.
  package init(_ character: ShowCharacter) {
    id = character.id
    name = character.name
    nickname = character.nickname
    birthday = character.birthday
    occupations = character.occupations
    status = character.status
    imageURL = character.imageURL
    portrayedBy = character.portrayedBy
    series = character.series
    appearances = Appearances(
      breakingBad: character.seasons(in: .breakingBad),
      betterCallSaul: character.seasons(in: .betterCallSaul))
  }

  enum CodingKeys: String, CodingKey {
    case id, name, nickname, birthday, occupations, status, imageURL, portrayedBy, series,
      appearances
  }

  /// Encodes every field, an unknown birthday as null.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(nickname, forKey: .nickname)
    try container.encode(birthday, forKey: .birthday)
    try container.encode(occupations, forKey: .occupations)
    try container.encode(status, forKey: .status)
    try container.encode(imageURL, forKey: .imageURL)
    try container.encode(portrayedBy, forKey: .portrayedBy)
    try container.encode(series, forKey: .series)
    try container.encode(appearances, forKey: .appearances)
  }
}
