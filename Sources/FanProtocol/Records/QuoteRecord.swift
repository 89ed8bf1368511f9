/// A quote on the wire.
public struct QuoteRecord: Codable, Sendable, Equatable {
  /// The source API's id.
  public var id: Int
  /// The words.
  public var text: String
  /// The author as the source wrote it.
  public var author: String
  /// The character the author resolves to, or null.
  public var characterId: Int?
  /// The series it is from.
  public var series: Series
  /// The fields the quote's universe adds, written after these.
  public var extraFields: [RecordField]
  /// Whether the signed-in user has it among their favourites (left out when nobody is signed in).
  public var isFavorite: Bool?
  /// How many users have it among their favourites (where a method says so).
  public var favoriteCount: Int?

  /// A value with these members.
  public init(
    id: Int, text: String, author: String, characterId: Int? = nil, series: Series,
    extraFields: [RecordField], isFavorite: Bool? = nil, favoriteCount: Int? = nil
  ) {
    self.id = id
    self.text = text
    self.author = author
    self.characterId = characterId
    self.series = series
    self.extraFields = extraFields
    self.isFavorite = isFavorite
    self.favoriteCount = favoriteCount
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, text, author, characterId, series, isFavorite, favoriteCount
  }

  /// Decodes the members, and any others as the universe's fields.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    text = try container.decode(String.self, forKey: .text)
    author = try container.decode(String.self, forKey: .author)
    characterId = try container.decodeIfPresent(Int.self, forKey: .characterId)
    series = try container.decode(Series.self, forKey: .series)
    isFavorite = try container.decodeIfPresent(Bool.self, forKey: .isFavorite)
    favoriteCount = try container.decodeIfPresent(Int.self, forKey: .favoriteCount)
    extraFields = try RecordField.decode(
      from: decoder, excluding: Set(CodingKeys.allCases.map(\.stringValue)))
  }

  /// Encodes the members in order (`characterId` null where the author resolves to none), the
  /// universe's fields, then the user's `isFavorite` and the count where there are.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(text, forKey: .text)
    try container.encode(author, forKey: .author)
    if let characterId {
      try container.encode(characterId, forKey: .characterId)
    } else {
      try container.encodeNil(forKey: .characterId)
    }
    try container.encode(series, forKey: .series)
    try RecordField.encode(extraFields, to: encoder)
    try container.encodeIfPresent(isFavorite, forKey: .isFavorite)
    try container.encodeIfPresent(favoriteCount, forKey: .favoriteCount)
  }
}
