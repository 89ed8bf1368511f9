import FanAPI
import FanCore

/// A character on the wire.
package struct CharacterRecord: Codable, Sendable, Equatable {
  /// Season numbers per series: one member per series of the character's universe, in the
  /// universe's order (`{"breaking-bad": [1, 2], "better-call-saul": []}`).
  package struct Appearances: Codable, Sendable, Equatable {
    /// One series' seasons.
    package struct Entry: Sendable, Equatable {
      /// The series.
      package var series: Series
      /// Its seasons, ascending.
      package var seasons: [Int]
    }

    /// The series and their seasons, in the universe's order.
    package var entries: [Entry]

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    /// The seasons per series of `entries`.
    package init(_ entries: [Entry]) {
      self.entries = entries
    }

    /// Decodes one member per series, in the universes' order of series.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      let order = Universes.all.flatMap(\.series).map(\.rawValue)
      entries = try container.allKeys
        .sorted {
          (order.firstIndex(of: $0.stringValue) ?? order.count, $0.stringValue) < (
            order.firstIndex(of: $1.stringValue) ?? order.count, $1.stringValue
          )
        }
        .map {
          Entry(
            series: Series(rawValue: $0.stringValue),
            seasons: try container.decode([Int].self, forKey: $0))
        }
    }

    /// Encodes one member per series, in order.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for entry in entries {
        try container.encode(entry.seasons, forKey: Key(stringValue: entry.series.rawValue))
      }
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

  /// The record of `character` of `catalog`.
  package init(_ character: ShowCharacter, in catalog: Catalog) {
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
      catalog.series.map { .init(series: $0, seasons: character.seasons(in: $0)) })
  }

}
