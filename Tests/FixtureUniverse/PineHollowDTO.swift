import FanCore
import FanProtocol

/// Pine Hollow's API records, in its own field names, and what each becomes.
package enum PineHollowDTO {
  /// `/characters`.
  package struct Character: Codable, Sendable {
    var id: Int
    var name: String
    var nickname: String
    var status: String
    var born: String?
    var jobs: [String]
    var actor: String
    var image: String
    var seasons: [Int]
    var hometown: String
    var favoriteDish: String?

    /// The character: `Alive`, `Deceased` or anything else (`unknown`).
    var character: ShowCharacter {
      let status: CharacterStatus =
        switch self.status {
        case "Alive": .alive
        case "Deceased": .deceased
        default: .unknown
        }
      return ShowCharacter(
        id: id, name: name, nickname: nickname, birthday: born.flatMap(CalendarDate.init(iso:)),
        occupations: jobs, status: status, imageURL: image, portrayedBy: actor,
        series: [PineHollow.show], appearances: [PineHollow.show: seasons],
        extraFields: [
          RecordField(name: "hometown", value: .text(hometown)),
          RecordField(name: "favoriteDish", value: favoriteDish.map { .text($0) } ?? .none),
        ])
    }
  }

  /// `/episodes`.
  package struct Episode: Codable, Sendable {
    var id: Int
    var title: String
    var season: Int
    var number: Int
    var aired: String
    var cast: [String]
    var director: String

    /// The episode, nil when its air date is not a date.
    var episode: FanCore.Episode? {
      guard let date = CalendarDate(iso: aired) else { return nil }
      return FanCore.Episode(
        id: id, title: title, series: PineHollow.show, season: season, episode: number,
        airDate: date, characters: cast.map { CharacterMention(name: $0) },
        extraFields: [RecordField(name: "director", value: .text(director))])
    }
  }

  /// `/quotes`.
  package struct Quote: Codable, Sendable {
    var id: Int
    var text: String
    var by: String

    /// The quote.
    var quote: FanCore.Quote {
      FanCore.Quote(id: id, text: text, author: by, series: PineHollow.show)
    }
  }

  /// `/locations`.
  package struct Location: Codable, Sendable {
    var id: Int
    var name: String
    var kind: String
    var region: String
    var residents: [Int]
    var founded: Int

    /// The location.
    var location: FanCore.Location {
      FanCore.Location(
        id: id, name: name, type: kind, dimension: region, residentIDs: residents,
        extraFields: [RecordField(name: "founded", value: .number(founded))])
    }
  }
}
