import FanCore
import FanProtocol

/// Maps the Rick and Morty API's records into `FanCore` models.
///
/// Dates written `December 2, 2013` become calendar dates; season and episode numbers come from
/// the code (`S01E01`), which is kept; an empty `type` or `dimension` becomes nil; an unknown
/// origin or location (`{"name":"unknown","url":""}`) links to no location. Links between
/// characters, episodes and locations are by URL; where the two sides of a link disagree (the
/// data's known inconsistencies), the link is kept both ways and reported.
package enum RickAndMortyMapper {
  /// A character as read before the links give it its seasons.
  private struct MappedCharacter {
    let dto: RickAndMortyCharacterDTO
    let status: CharacterStatus
    let profile: CreatureProfile
  }

  /// The characters kept, by id, and their ids in the data's order.
  private struct MappedCharacters {
    var byID: [Int: MappedCharacter] = [:]
    var order: [Int] = []
  }

  /// The catalog, and every problem met on the way.
  package static func map(_ snapshot: RickAndMortySnapshot) -> (
    catalog: Catalog, problems: [MappingProblem]
  ) {
    var problems: [MappingProblem] = []
    let characterDTOs = MappingProblem.unique(
      snapshot.characters, id: \.id, resource: "character", problems: &problems)
    let episodeDTOs = MappingProblem.unique(
      snapshot.episodes, id: \.id, resource: "episode", problems: &problems)
    let locationDTOs = MappingProblem.unique(
      snapshot.locations, id: \.id, resource: "location", problems: &problems)

    // Characters first, without their seasons (those come from the links below).
    let mapped = mapCharacters(
      characterDTOs, knownLocations: Set(locationDTOs.map(\.id)), problems: &problems)
    // Episodes, and the links as each side states them.
    let (unlinked, listedByEpisode) = mapEpisodes(episodeDTOs, of: mapped, problems: &problems)
    let listedByCharacter = episodesListed(
      by: mapped, known: listedByEpisode, problems: &problems)
    let charactersOfEpisode = linkedBothWays(
      listedByEpisode: listedByEpisode, listedByCharacter: listedByCharacter,
      problems: &problems)
    let (episodes, seasonsOfCharacter) = withCharacters(
      unlinked, charactersOfEpisode: charactersOfEpisode, mapped: mapped)
    let characters = showCharacters(mapped, seasons: seasonsOfCharacter)
    let locations = mapLocations(locationDTOs, residents: mapped, problems: &problems)
    let catalog = Catalog(
      universe: RickAndMorty(), episodes: episodes, characters: characters, quotes: [],
      locations: locations)
    return (catalog, problems)
  }

  /// The characters whose status is known (the others are dropped), with their profile; an
  /// origin or location that names no location of `knownLocations` links to none.
  private static func mapCharacters(
    _ dtos: [RickAndMortyCharacterDTO], knownLocations: Set<Int>,
    problems: inout [MappingProblem]
  ) -> MappedCharacters {
    var mapped = MappedCharacters()
    // Sized once: growing a dictionary of these records moved them all at every doubling.
    mapped.byID.reserveCapacity(dtos.count)
    mapped.order.reserveCapacity(dtos.count)
    for dto in dtos {
      guard let status = status(dto.status) else {
        problems.append(
          .init(
            resource: "character", id: dto.id, reason: "status \"\(dto.status)\" is not known",
            dropped: true))
        continue
      }
      let origin = place(
        dto.origin, field: "origin", character: dto.id, known: knownLocations,
        problems: &problems)
      let location = place(
        dto.location, field: "location", character: dto.id, known: knownLocations,
        problems: &problems)
      let type = dto.type.trimmingWhitespace()
      mapped.byID[dto.id] = MappedCharacter(
        dto: dto, status: status,
        profile: CreatureProfile(
          species: dto.species, type: type.isEmpty ? nil : type, gender: dto.gender,
          origin: origin, location: location))
      mapped.order.append(dto.id)
    }
    return mapped
  }

  /// The episodes whose code and air date read (the others are dropped), still without their
  /// characters, and the characters each lists (those that are characters, each once).
  private static func mapEpisodes(
    _ dtos: [RickAndMortyEpisodeDTO], of mapped: MappedCharacters,
    problems: inout [MappingProblem]
  ) -> (episodes: [Episode], listed: [Int: [Int]]) {
    var episodes: [Episode] = []
    var listedByEpisode: [Int: [Int]] = [:]
    for dto in dtos {
      func fail(_ reason: String) {
        problems.append(.init(resource: "episode", id: dto.id, reason: reason, dropped: true))
      }
      guard let (season, number) = seasonAndNumber(dto.episode) else {
        fail("episode \"\(dto.episode)\" is not a code written S01E01")
        continue
      }
      guard let airDate = date(dto.airDate) else {
        fail("air_date \"\(dto.airDate)\" is not a date written Month D, YYYY")
        continue
      }
      var ids: [Int] = []
      for url in dto.characters {
        guard let id = id(url, under: "character"), mapped.byID[id] != nil else {
          problems.append(
            .init(
              resource: "episode", id: dto.id,
              reason: "characters names \(url), which is no character; it is left out",
              dropped: false))
          continue
        }
        if !ids.contains(id) { ids.append(id) }
      }
      listedByEpisode[dto.id] = ids
      episodes.append(
        Episode(
          id: dto.id, title: dto.name, series: .rickAndMorty, season: season, episode: number,
          airDate: airDate, characters: [], code: dto.episode))
    }
    return (episodes, listedByEpisode)
  }

  /// The episodes each character lists (those that are episodes kept, each once).
  private static func episodesListed(
    by mapped: MappedCharacters, known listedByEpisode: [Int: [Int]],
    problems: inout [MappingProblem]
  ) -> [Int: [Int]] {
    var listedByCharacter: [Int: [Int]] = [:]
    for id in mapped.order {
      guard let dto = mapped.byID[id]?.dto else { continue }
      var ids: [Int] = []
      for url in dto.episode {
        guard let episode = self.id(url, under: "episode"), listedByEpisode[episode] != nil else {
          problems.append(
            .init(
              resource: "character", id: id,
              reason: "episode names \(url), which is no episode; it is left out",
              dropped: false))
          continue
        }
        if !ids.contains(episode) { ids.append(episode) }
      }
      listedByCharacter[id] = ids
    }
    return listedByCharacter
  }

  /// The characters of each episode: the union of both sides, as a link either side states
  /// holds both ways; every one-sided link is reported.
  private static func linkedBothWays(
    listedByEpisode: [Int: [Int]], listedByCharacter: [Int: [Int]],
    problems: inout [MappingProblem]
  ) -> [Int: [Int]] {
    var charactersOfEpisode = listedByEpisode
    for (character, episodeIDs) in listedByCharacter.sorted(by: { $0.key < $1.key }) {
      let missing = episodeIDs.filter { !(listedByEpisode[$0] ?? []).contains(character) }
      guard !missing.isEmpty else { continue }
      for episode in missing { charactersOfEpisode[episode, default: []].append(character) }
      problems.append(
        .init(
          resource: "character", id: character,
          reason: "lists \(counted(missing, "episode")), whose characters do not name it; "
            + "linked both ways", dropped: false))
    }
    for (episode, characterIDs) in listedByEpisode.sorted(by: { $0.key < $1.key }) {
      let missing = characterIDs.filter { !(listedByCharacter[$0] ?? []).contains(episode) }
      guard !missing.isEmpty else { continue }
      problems.append(
        .init(
          resource: "episode", id: episode,
          reason: "lists \(counted(missing, "character")), whose episodes do not name it; "
            + "linked both ways", dropped: false))
    }
    return charactersOfEpisode
  }

  /// The episodes with their characters, and the seasons each character appears in.
  private static func withCharacters(
    _ episodes: [Episode], charactersOfEpisode: [Int: [Int]], mapped: MappedCharacters
  ) -> (episodes: [Episode], seasons: [Int: Set<Int>]) {
    var seasonsOfCharacter: [Int: Set<Int>] = [:]
    let linked = episodes.map { episode in
      let ids = charactersOfEpisode[episode.id] ?? []
      for id in ids { seasonsOfCharacter[id, default: []].insert(episode.season) }
      return Episode(
        id: episode.id, title: episode.title, series: episode.series, season: episode.season,
        episode: episode.episode, airDate: episode.airDate,
        characters: ids.compactMap { id in
          mapped.byID[id].map { CharacterMention(name: $0.dto.name, characterID: id) }
        }, code: episode.code)
    }
    return (linked, seasonsOfCharacter)
  }

  /// The characters, in the data's order, with the seasons they appear in.
  private static func showCharacters(_ mapped: MappedCharacters, seasons: [Int: Set<Int>])
    -> [ShowCharacter]
  {
    mapped.order.compactMap { id -> ShowCharacter? in
      guard let character = mapped.byID[id] else { return nil }
      let dto = character.dto
      let appearsIn = (seasons[id] ?? []).sorted()
      return ShowCharacter(
        id: id, name: dto.name, nickname: "", birthday: nil, occupations: [],
        status: character.status, imageURL: dto.image, portrayedBy: "",
        series: appearsIn.isEmpty ? [] : [.rickAndMorty], appearances: [.rickAndMorty: appearsIn],
        profile: character.profile)
    }
  }

  /// The locations with their residents: those the location lists, and those whose own record
  /// says they are there.
  private static func mapLocations(
    _ dtos: [RickAndMortyLocationDTO], residents mapped: MappedCharacters,
    problems: inout [MappingProblem]
  ) -> [Location] {
    var lastSeenAt: [Int: [Int]] = [:]
    for id in mapped.order {
      if let location = mapped.byID[id]?.profile.location.locationID {
        lastSeenAt[location, default: []].append(id)
      }
    }
    var locations: [Location] = []
    for dto in dtos {
      var residents: [Int] = []
      for url in dto.residents {
        guard let id = id(url, under: "character"), mapped.byID[id] != nil else {
          problems.append(
            .init(
              resource: "location", id: dto.id,
              reason: "residents names \(url), which is no character; it is left out",
              dropped: false))
          continue
        }
        if !residents.contains(id) { residents.append(id) }
      }
      let listed = Set(residents)
      let claimed = (lastSeenAt[dto.id] ?? []).filter { !listed.contains($0) }
      if !claimed.isEmpty {
        residents += claimed
        problems.append(
          .init(
            resource: "location", id: dto.id,
            reason: "residents leave out \(counted(claimed, "character")), last seen there by "
              + "its own record; counted among them", dropped: false))
      }
      let type = dto.type.trimmingWhitespace()
      let dimension = dto.dimension.trimmingWhitespace()
      locations.append(
        Location(
          id: dto.id, name: dto.name, type: type.isEmpty ? nil : type,
          dimension: dimension.isEmpty ? nil : dimension, residentIDs: residents))
    }
    return locations
  }

  /// `Alive` → alive, `Dead` → deceased, `unknown` → unknown; nil for anything else.
  static func status(_ text: String) -> CharacterStatus? {
    switch text.trimmingWhitespace().lowercased() {
    case "alive": return .alive
    case "dead": return .deceased
    case "unknown": return .unknown
    default: return nil
    }
  }

  /// `S01E01` → (1, 1).
  static func seasonAndNumber(_ code: String) -> (season: Int, number: Int)? {
    let text = code.trimmingWhitespace().uppercased()
    guard text.hasPrefix("S"), let split = text.firstIndex(of: "E") else { return nil }
    guard let season = Int(text[text.index(after: text.startIndex)..<split]),
      let number = Int(text[text.index(after: split)...]), season > 0, number > 0
    else { return nil }
    return (season, number)
  }

  private static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  /// `December 2, 2013` → 2013-12-02.
  static func date(_ text: String) -> CalendarDate? {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "," })
    guard parts.count == 3, let month = months.firstIndex(of: parts[0].lowercased()),
      let day = Int(parts[1]), let year = Int(parts[2])
    else { return nil }
    return CalendarDate(year: year, month: month + 1, day: day)
  }

  /// The id at the end of `https://rickandmortyapi.com/api/<resource>/<id>`.
  package static func id(_ url: String, under resource: String) -> Int? {
    // Read from the end, over the bytes in place: thousands of these are read at every load,
    // and slicing the string's UTF-8 view instead cost a sixth of a Rick and Morty load.
    // Empty segments (a trailing slash, a doubled one) are skipped, as a path reads them.
    var url = url
    var resource = resource
    return url.withUTF8 { bytes in
      resource.withUTF8 { name in id(bytes, under: name) }
    }
  }

  private static func id(
    _ bytes: UnsafeBufferPointer<UInt8>, under name: UnsafeBufferPointer<UInt8>
  )
    -> Int?
  {
    let slash = UInt8(ascii: "/")
    var end = bytes.count
    while end > 0, bytes[end - 1] == slash { end -= 1 }
    var start = end
    while start > 0, bytes[start - 1] != slash { start -= 1 }
    // No slash before the last segment: no resource to be under.
    guard start > 0 else { return nil }
    // `Int` reads the segment as `Int(String)` does (a sign, digits, no overflow).
    let segment = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    guard let id = Int(segment) else { return nil }
    var headEnd = start - 1
    while headEnd > 0, bytes[headEnd - 1] == slash { headEnd -= 1 }
    guard headEnd >= name.count else { return nil }
    let before = headEnd - name.count
    for offset in 0..<name.count where bytes[before + offset] != name[offset] { return nil }
    return before == 0 || bytes[before - 1] == slash ? id : nil
  }

  private static func place(
    _ dto: RickAndMortyPlaceDTO, field: String, character: Int, known: Set<Int>,
    problems: inout [MappingProblem]
  ) -> Place {
    guard !dto.url.isEmpty else { return Place(name: dto.name, locationID: nil) }
    guard let id = id(dto.url, under: "location"), known.contains(id) else {
      problems.append(
        .init(
          resource: "character", id: character,
          reason: "\(field) names \(dto.url), which is no location; it links to none",
          dropped: false))
      return Place(name: dto.name, locationID: nil)
    }
    return Place(name: dto.name, locationID: id)
  }

  private static func counted(_ ids: [Int], _ noun: String) -> String {
    let list = ids.map(String.init)
    if list.count == 1 { return "\(noun) \(list[0])" }
    return "\(noun)s \(list.dropLast().joined(separator: ", ")) and \(list[list.count - 1])"
  }

}
