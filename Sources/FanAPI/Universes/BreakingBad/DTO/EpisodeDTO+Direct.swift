extension EpisodeDTO: DirectlyDecodable {
  /// An episode of the plain shape, read without `JSONDecoder` (see `DirectListDecoder`).
  package init?(reading reader: inout DirectListDecoder) {
    var episodeID: Int?
    var title: String?
    var season: String?
    var airDate: String?
    var characters: [String]?
    var episode: String?
    var series: String?
    guard reader.beginObject() else { return nil }
    while let key = reader.nextKey() {
      switch key {
      case "episode_id" where episodeID == nil: episodeID = reader.integer()
      case "title" where title == nil: title = reader.string()
      case "season" where season == nil: season = reader.string()
      case "air_date" where airDate == nil: airDate = reader.string()
      case "characters" where characters == nil: characters = reader.strings()
      case "episode" where episode == nil: episode = reader.string()
      case "series" where series == nil: series = reader.string()
      case "episode_id", "title", "season", "air_date", "characters", "episode", "series":
        return nil
      default: reader.skipValue()
      }
      guard !reader.failed else { return nil }
    }
    guard !reader.failed, let episodeID, let title, let season, let airDate, let characters,
      let episode, let series
    else { return nil }
    self.init(
      episodeID: episodeID, title: title, season: season, airDate: airDate,
      characters: characters, episode: episode, series: series)
  }
}
