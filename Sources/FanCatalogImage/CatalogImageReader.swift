import FanAPI
import FanCore
import FanProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a catalog image (`CatalogImage`) in one pass over its bytes, in the order
/// `CatalogImageWriter` wrote it; anything else (another version, universe or digest, a
/// truncated or altered image) throws `Malformed`, and the caller takes the plain path.
struct CatalogImageReader {
  /// What is wrong with an image; never shown, the plain path is taken instead.
  struct Malformed: Error {}

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var table: [String] = []
  /// The characters' shapes (series and appearances), by their place.
  private var shapes: [Shape] = []

  /// A character's series and the seasons it appears in, per series: an image holds each
  /// distinct one once (a few dozen for Rick and Morty's 826 characters), and the characters
  /// that have it share its arrays and dictionary instead of each making its own.
  struct Shape: Sendable {
    let series: [Series]
    let appearances: [Series: [Int]]
  }

  /// What reading the characters' records on demand needs: where each one's line starts, its
  /// id, and the image's tables.
  struct Deferred: Sendable {
    let starts: [Int]
    let ids: [Int]
    let table: [String]
    let shapes: [Shape]
  }

  /// A reader of `bytes`, which must stay valid while it reads.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// A reader of the records of an image `bytes` already read (`deferred`'s tables).
  init(bytes: UnsafeBufferPointer<UInt8>, deferred: Deferred) {
    self.bytes = bytes
    self.table = deferred.table
    self.shapes = deferred.shapes
  }

  /// The catalog parts and problems of the image, which must be of `universe`, made from bodies
  /// whose digest is `digest`.
  ///
  /// With `charactersOnDemand`, the characters' records are not read (the parts have none, only their folded names): `deferred` tells where they are,
  /// and their lines are not checked past each one's id.
  mutating func read(universe: UniverseID, digest: String, charactersOnDemand: Bool = false)
    throws(Malformed) -> (parts: CatalogParts, problems: [MappingProblem], deferred: Deferred?)
  {
    guard try line() == CatalogImage.header, try line() == digest,
      try line() == universe.rawValue
    else { throw Malformed() }
    let stringCount = try count(terminator: UInt8(ascii: "\n"))
    table.reserveCapacity(stringCount)
    for _ in 0..<stringCount { table.append(try tableString()) }
    shapes = try list { (reader: inout Self) throws(Malformed) in try reader.shape() }

    let episodes = try list { (reader: inout Self) throws(Malformed) in try reader.episode() }
    var characters: [ShowCharacter] = []
    var foldedNames: [String] = []
    var foldedNicknames: [String] = []
    let characterCount = try count()
    foldedNames.reserveCapacity(characterCount)
    foldedNicknames.reserveCapacity(characterCount)
    var starts: [Int] = []
    var ids: [Int] = []
    if charactersOnDemand {
      starts.reserveCapacity(characterCount)
      ids.reserveCapacity(characterCount)
    } else {
      characters.reserveCapacity(characterCount)
    }
    for _ in 0..<characterCount {
      skipLineBreaks()
      let start = position
      foldedNames.append(try string())
      foldedNicknames.append(try string())
      if charactersOnDemand {
        starts.append(start)
        ids.append(try number())
        try skipLine()
      } else {
        characters.append(try character())
      }
    }
    let quotes = try list { (reader: inout Self) throws(Malformed) in try reader.quote() }
    let locations = try list { (reader: inout Self) throws(Malformed) in try reader.location() }
    let problems = try list { (reader: inout Self) throws(Malformed) in
      reader.skipLineBreaks()
      return MappingProblem(
        resource: try reader.string(), id: try reader.optionalNumber(),
        reason: try reader.string(), dropped: try reader.number() == 1)
    }
    skipLineBreaks()
    guard try line() == "end", position == bytes.count else { throw Malformed() }
    return (
      CatalogParts(
        episodes: episodes, characters: characters, quotes: quotes, locations: locations,
        foldedNames: foldedNames, foldedNicknames: foldedNicknames),
      problems,
      charactersOnDemand
        ? Deferred(starts: starts, ids: ids, table: table, shapes: shapes) : nil
    )
  }

  /// The character whose line starts at `start`.
  mutating func character(at start: Int) throws(Malformed) -> ShowCharacter {
    position = start
    _ = try string()
    _ = try string()
    return try character()
  }

  /// The name of the character whose line starts at `start`.
  mutating func name(at start: Int) throws(Malformed) -> String {
    position = start
    _ = try string()
    _ = try string()
    _ = try number()
    return try string()
  }

  /// Moves to the end of the line (its line break, not read).
  private mutating func skipLine() throws(Malformed) {
    // `memchr`: the lines skipped are most of a Rick and Morty image, and a loop of byte
    // comparisons was a fiftieth of a one-shot call.
    guard let base = bytes.baseAddress, position < bytes.count,
      let found = memchr(base + position, Int32(UInt8(ascii: "\n")), bytes.count - position)
    else { throw Malformed() }
    position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }

  private mutating func episode() throws(Malformed) -> Episode {
    skipLineBreaks()
    let id = try number()
    let title = try string()
    let series = Series(rawValue: try string())
    let season = try number()
    let episodeNumber = try number()
    let airDate = try date()
    let code = try optionalString()
    let mentions = try list { (reader: inout Self) throws(Malformed) in
      CharacterMention(name: try reader.string(), characterID: try reader.optionalNumber())
    }
    return Episode(
      id: id, title: title, series: series, season: season, episode: episodeNumber,
      airDate: airDate,
      characters: mentions, code: code, extraFields: try fields())
  }

  private mutating func character() throws(Malformed) -> ShowCharacter {
    skipLineBreaks()
    let id = try number()
    let name = try string()
    let nickname = try string()
    let birthday: CalendarDate? = try number() == 1 ? date() : nil
    let occupations = try strings()
    let status = CharacterStatus(rawValue: try string())
    let imageURL = try string()
    let portrayedBy = try string()
    let shapePlace = try number()
    guard shapes.indices.contains(shapePlace) else { throw Malformed() }
    let shape = shapes[shapePlace]
    var profile: CreatureProfile?
    if try number() == 1 {
      profile = CreatureProfile(
        species: try string(), type: try optionalString(), gender: try string(),
        origin: try place(), location: try place())
    }
    return ShowCharacter(
      id: id, name: name, nickname: nickname, birthday: birthday, occupations: occupations,
      status: status, imageURL: imageURL, portrayedBy: portrayedBy, series: shape.series,
      appearances: shape.appearances, profile: profile, extraFields: try fields())
  }

  private mutating func shape() throws(Malformed) -> Shape {
    skipLineBreaks()
    let series = try list { (reader: inout Self) throws(Malformed) in
      Series(rawValue: try reader.string())
    }
    // Sized once, and not made at all when empty.
    let appearanceCount = try count()
    var appearances: [Series: [Int]] =
      appearanceCount == 0 ? [:] : Dictionary(minimumCapacity: appearanceCount)
    for _ in 0..<appearanceCount {
      let key = Series(rawValue: try string())
      appearances[key] = try list { (reader: inout Self) throws(Malformed) in try reader.number() }
    }
    return Shape(series: series, appearances: appearances)
  }

  private mutating func quote() throws(Malformed) -> Quote {
    skipLineBreaks()
    return Quote(
      id: try number(), text: try string(), author: try string(),
      characterID: try optionalNumber(), series: Series(rawValue: try string()),
      extraFields: try fields())
  }

  private mutating func location() throws(Malformed) -> Location {
    skipLineBreaks()
    return Location(
      id: try number(), name: try string(), type: try optionalString(),
      dimension: try optionalString(),
      residentIDs: try list { (reader: inout Self) throws(Malformed) in try reader.number() },
      extraFields: try fields())
  }

  private mutating func place() throws(Malformed) -> Place {
    Place(name: try string(), locationID: try optionalNumber())
  }

  private mutating func date() throws(Malformed) -> CalendarDate {
    guard let date = CalendarDate(year: try number(), month: try number(), day: try number())
    else { throw Malformed() }
    return date
  }

  private mutating func fields() throws(Malformed) -> [RecordField] {
    try list { (reader: inout Self) throws(Malformed) in
      let name = try reader.string()
      switch try reader.number() {
      case 0: return RecordField(name: name, value: .none)
      case 1: return RecordField(name: name, value: .text(try reader.string()))
      case 2: return RecordField(name: name, value: .number(try reader.number()))
      case 3: return RecordField(name: name, value: .texts(try reader.strings()))
      default: throw Malformed()
      }
    }
  }

  /// A count, then that many elements read by `element`.
  private mutating func list<Element>(
    _ element: (inout Self) throws(Malformed) -> Element
  ) throws(Malformed) -> [Element] {
    let count = try count()
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for _ in 0..<count { elements.append(try element(&self)) }
    return elements
  }

  private mutating func strings() throws(Malformed) -> [String] {
    try list { (reader: inout Self) throws(Malformed) in try reader.string() }
  }

  /// A string of the table, by its place.
  private mutating func string() throws(Malformed) -> String {
    let place = try number()
    guard table.indices.contains(place) else { throw Malformed() }
    return table[place]
  }

  private mutating func optionalString() throws(Malformed) -> String? {
    try skipNil() ? nil : string()
  }

  private mutating func optionalNumber() throws(Malformed) -> Int? {
    try skipNil() ? nil : number()
  }

  /// Whether the next field is `~` (nil), read if so.
  private mutating func skipNil() throws(Malformed) -> Bool {
    skipLineBreaks()
    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "~") else { return false }
    guard bytes[position + 1] == UInt8(ascii: ",") else { throw Malformed() }
    position += 2
    return true
  }

  /// A count: a number of 0 or more that fits what is left of the image (a line may end
  /// before it, as before a record).
  private mutating func count(terminator: UInt8 = UInt8(ascii: ",")) throws(Malformed) -> Int {
    skipLineBreaks()
    let value = try number(terminator: terminator)
    guard value >= 0, value <= bytes.count - position else { throw Malformed() }
    return value
  }

  /// An integer written in decimal (at most 18 digits, `-` before them when negative), then
  /// `terminator`.
  ///
  /// Most of an image is such numbers (a Rick and Morty image about 30,000): the loop reads the
  /// bytes through their base address, and line breaks are skipped only where the writer puts
  /// them (before a record or a count), not before every number.
  @inline(__always)
  private mutating func number(terminator: UInt8 = UInt8(ascii: ",")) throws(Malformed) -> Int {
    guard let base = bytes.baseAddress else { throw Malformed() }
    let end = bytes.count
    var index = position
    let negative = index < end && base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let start = index
    var value = 0
    while index < end {
      let digit = base[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      index += 1
    }
    guard index > start, index - start <= 18, index < end, base[index] == terminator else {
      throw Malformed()
    }
    position = index + 1
    return negative ? -value : value
  }

  /// One string of the table: its length in bytes, `:`, its bytes (or `x`, the length, `:` and
  /// the bytes in hexadecimal), and a line break.
  private mutating func tableString() throws(Malformed) -> String {
    let hexadecimal = position < bytes.count && bytes[position] == UInt8(ascii: "x")
    if hexadecimal { position += 1 }
    let length = try count(terminator: UInt8(ascii: ":"))
    let size = hexadecimal ? length * 2 : length
    guard size < bytes.count - position, bytes[position + size] == UInt8(ascii: "\n") else {
      throw Malformed()
    }
    let start = position
    position += size + 1
    guard hexadecimal else {
      return String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + length]), as: UTF8.self)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(length)
    for offset in stride(from: start, to: start + size, by: 2) {
      guard let high = Self.hexValue(bytes[offset]), let low = Self.hexValue(bytes[offset + 1])
      else { throw Malformed() }
      decoded.append(high << 4 | low)
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// A line's text, up to its line break (read too).
  private mutating func line() throws(Malformed) -> String {
    let start = position
    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
    guard position < bytes.count else { throw Malformed() }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    position += 1
    return text
  }

  private mutating func skipLineBreaks() {
    while position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
  }
}
