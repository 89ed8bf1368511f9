import FanCore
import FanProtocol

/// Maps the Breaking Bad API's records into `FanCore` models.
///
/// It normalises every quirk of the data: string seasons (`" 1"`), `MM-DD-YYYY` dates,
/// `"Unknown"` birthdays, status words, categories, null appearance lists and empty names. A
/// record that cannot be mapped is reported and left out.
package enum BreakingBadMapper {
  /// The catalog, and every problem met on the way.
  package static func map(_ snapshot: BreakingBadSnapshot) -> (
    catalog: Catalog, problems: [MappingProblem]
  ) {
    var problems: [MappingProblem] = []
    var characters: [ShowCharacter] = []
    for dto in MappingProblem.unique(
      snapshot.characters, id: \.charID, resource: "character", problems: &problems)
    {
      do throws(MappingProblem) {
        characters.append(try character(dto, problems: &problems))
      } catch {
        problems.append(error)
      }
    }
    var episodes: [Episode] = []
    for dto in MappingProblem.unique(
      snapshot.episodes, id: \.episodeID, resource: "episode", problems: &problems)
    {
      do throws(MappingProblem) {
        episodes.append(try episode(dto))
      } catch {
        problems.append(error)
      }
    }
    var quotes: [Quote] = []
    for dto in MappingProblem.unique(
      snapshot.quotes, id: \.quoteID, resource: "quote", problems: &problems)
    {
      guard let series = series(dto.series) else {
        problems.append(
          .init(
            resource: "quote", id: dto.quoteID, reason: "series \"\(dto.series)\" is not known",
            dropped: true))
        continue
      }
      quotes.append(Quote(id: dto.quoteID, text: dto.quote, author: dto.author, series: series))
    }
    let universe = BreakingBad()
    return (
      Catalog(universe: universe, episodes: episodes, characters: characters, quotes: quotes),
      problems
    )
  }

  /// `Breaking Bad` → `.breakingBad`; nil for anything else.
  static func series(_ text: String) -> Series? {
    switch text.trimmingWhitespace().lowercased() {
    case "breaking bad": return .breakingBad
    case "better call saul": return .betterCallSaul
    default: return nil
    }
  }

  private static func episode(_ dto: EpisodeDTO) throws(MappingProblem) -> Episode {
    func fail(_ reason: String) -> MappingProblem {
      MappingProblem(resource: "episode", id: dto.episodeID, reason: reason, dropped: true)
    }
    guard let season = Int(dto.season.trimmingWhitespace()), season > 0 else {
      throw fail("season \"\(dto.season)\" is not a season number")
    }
    guard let number = Int(dto.episode.trimmingWhitespace()), number > 0 else {
      throw fail("episode \"\(dto.episode)\" is not an episode number")
    }
    guard let airDate = CalendarDate(monthDayYear: dto.airDate.trimmingWhitespace()) else {
      throw fail("air_date \"\(dto.airDate)\" is not a date written MM-DD-YYYY")
    }
    guard let series = series(dto.series) else {
      throw fail("series \"\(dto.series)\" is not known")
    }
    let mentions = dto.characters.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      .map { CharacterMention(name: $0) }
    return Episode(
      id: dto.episodeID, title: dto.title, series: series, season: season, episode: number,
      airDate: airDate, characters: mentions)
  }

  private static func character(_ dto: CharacterDTO, problems: inout [MappingProblem])
    throws(MappingProblem)
    -> ShowCharacter
  {
    func fail(_ reason: String) -> MappingProblem {
      MappingProblem(resource: "character", id: dto.charID, reason: reason, dropped: true)
    }
    let status: CharacterStatus
    switch dto.status.trimmingWhitespace().lowercased() {
    case "alive": status = .alive
    case "deceased": status = .deceased
    case "presumed dead": status = .presumedDead
    case "unknown", "?": status = .unknown
    default: throw fail("status \"\(dto.status)\" is not known")
    }
    var seriesList: [Series] = []
    for part in dto.category.split(separator: ",") {
      guard let series = series(String(part)) else {
        throw fail("category \"\(dto.category)\" is not known")
      }
      if !seriesList.contains(series) { seriesList.append(series) }
    }
    let appearances: [Series: [Int]] = [
      .breakingBad: (dto.appearance ?? []).sorted(),
      .betterCallSaul: (dto.betterCallSaulAppearance ?? []).sorted(),
    ]
    for (series, seasons) in appearances where !seasons.isEmpty && !seriesList.contains(series) {
      seriesList.append(series)
    }
    var birthday: CalendarDate?
    let birthdayText = dto.birthday.trimmingWhitespace()
    if birthdayText.lowercased() != "unknown" && !birthdayText.isEmpty {
      birthday = CalendarDate(monthDayYear: birthdayText)
      if birthday == nil {
        problems.append(
          MappingProblem(
            resource: "character", id: dto.charID,
            reason: "birthday \"\(dto.birthday)\" is not a date written MM-DD-YYYY; it is left out",
            dropped: false))
      }
    }
    return ShowCharacter(
      id: dto.charID, name: dto.name.trimmingWhitespace(),
      nickname: dto.nickname.trimmingWhitespace(),
      birthday: birthday, occupations: dto.occupation, status: status, imageURL: dto.img,
      portrayedBy: dto.portrayed, series: seriesList.sorted(by: BreakingBad().seriesOrder),
      appearances: appearances)
  }
}
