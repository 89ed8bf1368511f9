import FanAPI
import FanCore
import FanProtocol

/// Writes a catalog image (`CatalogImage`): the strings once each in a table, the records as
/// integers; `CatalogImageReader` reads it back field by field in the same order.
struct CatalogImageWriter {
  /// The table's strings in order, and each one's place.
  private var strings: [String] = []
  /// Keyed by bytes: `String`'s equality would take two spellings of one text (composed and
  /// decomposed accents) for one, and the image must give back each one's own bytes.
  private var places: [[UInt8]: Int] = [:]
  /// The records, written as they are met.
  private var body = ""
  /// The characters' distinct shapes (series and appearances), as written.
  private var shapes = ""
  /// Each shape's place, by its text.
  private var shapePlaces: [String: Int] = [:]

  /// The image of `parts`, a catalog of `universe`, with its problems and bodies' digest.
  mutating func image(
    of parts: CatalogParts, universe: UniverseID, problems: [MappingProblem], digest: String
  ) -> String {
    count(parts.episodes.count)
    for episode in parts.episodes { write(episode) }
    count(parts.characters.count)
    for (index, character) in parts.characters.enumerated() {
      // The folded names first: a catalog opened reading its characters on demand reads them
      // and the id, and skips the rest of the line.
      string(parts.foldedNames[index])
      string(parts.foldedNicknames[index])
      write(character)
      body += "\n"
    }
    count(parts.quotes.count)
    for quote in parts.quotes { write(quote) }
    count(parts.locations.count)
    for location in parts.locations { write(location) }
    count(problems.count)
    for problem in problems {
      string(problem.resource)
      optionalNumber(problem.id)
      string(problem.reason)
      number(problem.dropped ? 1 : 0)
      body += "\n"
    }
    var image = CatalogImage.header + "\n" + digest + "\n" + universe.rawValue + "\n"
    image += "\(strings.count)\n"
    for text in strings {
      // A string with a control character is written as hexadecimal (a raw string literal
      // would change its line breaks); every other one as it is.
      if text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
        image += "x\(text.utf8.count):"
        for byte in text.utf8 {
          image += String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }
      } else {
        image += "\(text.utf8.count):" + text
      }
      image += "\n"
    }
    return image + "\(shapePlaces.count)," + shapes + body + "end\n"
  }

  private mutating func write(_ episode: Episode) {
    number(episode.id)
    string(episode.title)
    string(episode.series.rawValue)
    number(episode.season)
    number(episode.episode)
    date(episode.airDate)
    optionalString(episode.code)
    count(episode.characters.count)
    for mention in episode.characters {
      string(mention.name)
      optionalNumber(mention.characterID)
    }
    fields(episode.extraFields)
    body += "\n"
  }

  private mutating func write(_ character: ShowCharacter) {
    number(character.id)
    string(character.name)
    string(character.nickname)
    if let birthday = character.birthday {
      number(1)
      date(birthday)
    } else {
      number(0)
    }
    strings(character.occupations)
    string(character.status.rawValue)
    string(character.imageURL)
    string(character.portrayedBy)
    shape(of: character)
    if let profile = character.profile {
      number(1)
      string(profile.species)
      optionalString(profile.type)
      string(profile.gender)
      place(profile.origin)
      place(profile.location)
    } else {
      number(0)
    }
    fields(character.extraFields)
  }

  /// The place of the character's shape (series and appearances) in the table of shapes,
  /// written there when it is the first of its kind.
  private mutating func shape(of character: ShowCharacter) {
    let record = body
    body = ""
    strings(character.series.map(\.rawValue))
    // By series name: the same image from the same catalog (a dictionary's order is not).
    let appearances = character.appearances.sorted { $0.key.rawValue < $1.key.rawValue }
    count(appearances.count)
    for (series, seasons) in appearances {
      string(series.rawValue)
      count(seasons.count)
      for season in seasons { number(season) }
    }
    body += "\n"
    let shape = body
    body = record
    if let place = shapePlaces[shape] {
      number(place)
      return
    }
    number(shapePlaces.count)
    shapePlaces[shape] = shapePlaces.count
    shapes += shape
  }

  private mutating func write(_ quote: Quote) {
    number(quote.id)
    string(quote.text)
    string(quote.author)
    optionalNumber(quote.characterID)
    string(quote.series.rawValue)
    fields(quote.extraFields)
    body += "\n"
  }

  private mutating func write(_ location: Location) {
    number(location.id)
    string(location.name)
    optionalString(location.type)
    optionalString(location.dimension)
    count(location.residentIDs.count)
    for id in location.residentIDs { number(id) }
    fields(location.extraFields)
    body += "\n"
  }

  private mutating func place(_ place: Place) {
    string(place.name)
    optionalNumber(place.locationID)
  }

  private mutating func date(_ date: CalendarDate) {
    number(date.year)
    number(date.month)
    number(date.day)
  }

  private mutating func fields(_ fields: [RecordField]) {
    count(fields.count)
    for field in fields {
      string(field.name)
      switch field.value {
      case .none:
        number(0)
      case .text(let text):
        number(1)
        string(text)
      case .number(let value):
        number(2)
        number(value)
      case .texts(let texts):
        number(3)
        strings(texts)
      }
    }
  }

  private mutating func strings(_ texts: [String]) {
    count(texts.count)
    for text in texts { string(text) }
  }

  private mutating func count(_ value: Int) {
    number(value)
  }

  private mutating func number(_ value: Int) {
    body += String(value)
    body += ","
  }

  private mutating func optionalNumber(_ value: Int?) {
    guard let value else {
      body += "~,"
      return
    }
    number(value)
  }

  private mutating func string(_ text: String) {
    let bytes = Array(text.utf8)
    if let place = places[bytes] {
      number(place)
      return
    }
    places[bytes] = strings.count
    number(strings.count)
    strings.append(text)
  }

  private mutating func optionalString(_ text: String?) {
    guard let text else {
      body += "~,"
      return
    }
    string(text)
  }
}
