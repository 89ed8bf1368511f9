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
  @EncodedAsNull package var birthday: CalendarDate?
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

}
