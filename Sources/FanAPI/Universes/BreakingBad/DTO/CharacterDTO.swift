/// A character as the Breaking Bad API sends it (`/api/characters`); coding keys are the API's.
package struct CharacterDTO: Codable, Sendable, Equatable {
  /// `char_id`.
  package var charID: Int
  /// `name`.
  package var name: String
  /// `birthday`: `MM-DD-YYYY`, or `"Unknown"`.
  package var birthday: String
  /// `occupation`.
  package var occupation: [String]
  /// `img`.
  package var img: String
  /// `status`: `Alive`, `Deceased`, `Presumed dead`, `Unknown` (`?` in 2019).
  package var status: String
  /// `nickname`.
  package var nickname: String
  /// `appearance`: Breaking Bad seasons; null in some copies of the API.
  package var appearance: [Int]?
  /// `portrayed`.
  package var portrayed: String
  /// `category`: `Breaking Bad`, `Better Call Saul`, or both separated by a comma.
  package var category: String
  /// `better_call_saul_appearance`: null in some copies of the API.
  package var betterCallSaulAppearance: [Int]?

  enum CodingKeys: String, CodingKey {
    case charID = "char_id"
    case name, birthday, occupation, img, status, nickname, appearance, portrayed, category
    case betterCallSaulAppearance = "better_call_saul_appearance"
  }
}
