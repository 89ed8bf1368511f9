// The calls before the naming rule, for one release: each forwards to the call named after its
// method (`BBFanClient+Methods.swift`) with the same arguments and returns what it returned before,
// now as FanProtocol's types. Those whose name the rule kept (`episodesList(series:)`) are
// disfavoured, so that a call without arguments picks the new one.

extension BBFanClient {
  /// `episodes.filter`'s params as the old call took them (dates as text), sent as they are when
  /// a date is not one `CalendarDate` holds, so that the service answers as it always did.
  private struct TextDatesFilter: Encodable, Sendable {
    var series: Series?
    var season: Int?
    var airedFrom: String?
    var airedTo: String?
    var characters: [CharacterReferenceParam]?
  }

  /// `characters.export`'s params as the old call took them (the format as text), sent as they
  /// are when the format is not one `ExportFormat` holds, so that the service answers.
  private struct TextFormatExport: Encodable, Sendable {
    var id: Int
    var format: String
    var universe: String?
    var inline: Bool?
  }

  /// `rpc.discover`: the names of the methods in the OpenRPC document.
  @available(*, deprecated, message: "use rpcDiscover().methodNames")
  public func methodNames() async throws -> [String] {
    try await rpcDiscover().methodNames
  }

  /// `episodes.list`: seasons in broadcast order.
  @_disfavoredOverload
  @available(*, deprecated, message: "use episodesList(.init(series:)).seasons")
  public func episodesList(series: Series? = nil) async throws -> [EpisodesList.Season] {
    try await episodesList(.init(series: series)).seasons
  }

  /// `episodes.filter`: nil fields are left out; the rest combine with AND.
  @_disfavoredOverload
  @available(*, deprecated, message: "use episodesFilter(.init(...)).episodes")
  public func episodesFilter(
    series: Series? = nil, season: Int? = nil, airedFrom: String? = nil, airedTo: String? = nil,
    characters: [CharacterReferenceParam] = []
  ) async throws -> [EpisodeRecord] {
    // An empty date is left out, as the service ignores it.
    let from = airedFrom.flatMap { $0.isEmpty ? nil : $0 }
    let to = airedTo.flatMap { $0.isEmpty ? nil : $0 }
    let fromDate = from.flatMap(CalendarDate.init(iso:))
    let toDate = to.flatMap(CalendarDate.init(iso:))
    guard (from == nil) == (fromDate == nil), (to == nil) == (toDate == nil) else {
      let params = TextDatesFilter(
        series: series, season: season, airedFrom: from, airedTo: to,
        characters: characters.isEmpty ? nil : characters)
      return try await call(EpisodesFilter.name, params, as: EpisodesFilter.Result.self).episodes
    }
    let params = EpisodesFilter.Params(
      series: series, season: season, airedFrom: fromDate, airedTo: toDate,
      characters: characters.isEmpty ? nil : characters)
    return try await episodesFilter(params).episodes
  }

  /// `episodes.get`.
  @available(*, deprecated, message: "use episodesGet(.init(id:))")
  public func episode(id: Int) async throws -> EpisodesGet.Result {
    try await episodesGet(.init(id: id))
  }

  /// `characters.list`, by name.
  @_disfavoredOverload
  @available(*, deprecated, message: "use charactersList(.init(series:)).characters")
  public func charactersList(series: Series? = nil) async throws -> [CharacterRecord] {
    try await charactersList(.init(series: series)).characters ?? []
  }

  /// `characters.list` with `groupBy: "initial"`: the groups in order.
  @available(*, deprecated, message: "use charactersList(.init(groupBy: \"initial\")).groups")
  public func charactersByInitial(series: Series? = nil) async throws -> [(
    initial: String, characters: [CharacterRecord]
  )] {
    let groups = try await charactersList(.init(series: series, groupBy: "initial")).groups
    return (groups ?? []).map { ($0.initial, $0.characters) }
  }

  /// `characters.filter`.
  @_disfavoredOverload
  @available(*, deprecated, message: "use charactersFilter(.init(...)).characters")
  public func charactersFilter(
    status: String? = nil, seasons: [Int] = [], name: String? = nil, series: Series? = nil
  ) async throws -> [CharacterRecord] {
    let params = CharactersFilter.Params(
      status: status, seasons: seasons.isEmpty ? nil : seasons, name: name, series: series)
    return try await charactersFilter(params).characters
  }

  /// `characters.get`.
  @available(*, deprecated, message: "use charactersGet(.init(id:token:))")
  public func character(id: Int, token: String? = nil) async throws -> CharactersGet.Result {
    try await charactersGet(.init(id: id, token: token))
  }

  /// `quotes.random`: of `universe` (Breaking Bad's when nil, or the one `series` belongs to).
  @available(*, deprecated, message: "use quotesRandom(.init(...))")
  public func randomQuote(
    author: String? = nil, series: Series? = nil, universe: UniverseID? = nil,
    token: String? = nil
  ) async throws -> QuoteRecord {
    try await quotesRandom(.init(author: author, series: series, universe: universe, token: token))
  }

  /// `quotes.byCharacter`: a character of `universe` (Breaking Bad's when nil).
  @available(*, deprecated, message: "use quotesByCharacter(.init(id:universe:token:)).quotes")
  public func quotes(characterID: Int, universe: UniverseID? = nil, token: String? = nil)
    async throws -> [QuoteRecord]
  {
    try await quotesByCharacter(.init(id: characterID, universe: universe, token: token)).quotes
  }

  /// `quotes.overview`: of `universe` (Breaking Bad's when nil).
  @_disfavoredOverload
  @available(*, deprecated, message: "use quotesOverview(.init(universe:token:))")
  public func quotesOverview(universe: UniverseID? = nil, token: String? = nil) async throws
    -> QuotesOverview.Result
  {
    try await quotesOverview(.init(universe: universe, token: token))
  }

  /// `catalog.refresh`: fetches a universe's catalog (Breaking Bad's when `universe` is nil).
  @available(
    *, deprecated,
    message: "use catalogRefresh(.init(universe:)), or call(CatalogRefresh.self, _:progressToken:)"
  )
  public func refreshCatalog(universe: String? = nil, progressToken: String? = nil) async throws
    -> CatalogRefresh.Result
  {
    try await call(
      CatalogRefresh.self, .init(universe: universe.map(UniverseID.init(rawValue:))),
      progressToken: progressToken)
  }

  /// `characters.export`: writes the character as a CSV file or a PDF card (`format` `csv` or
  /// `pdf`) into the service's data directory; with `inline`, the reply carries the file too.
  @available(*, deprecated, message: "use charactersExport(.init(id:format:universe:inline:))")
  public func exportCharacter(
    id: Int, format: String, universe: String? = nil, inline: Bool = false
  ) async throws -> CharactersExport.Result {
    guard let exportFormat = ExportFormat(rawValue: format) else {
      let params = TextFormatExport(
        id: id, format: format, universe: universe, inline: inline ? true : nil)
      return try await call(CharactersExport.name, params, as: CharactersExport.Result.self)
    }
    return try await charactersExport(
      .init(
        id: id, format: exportFormat, universe: universe.map(UniverseID.init(rawValue:)),
        inline: inline ? true : nil))
  }

  /// `images.fetch`: the image at `url`, from the service's on-disk cache.
  @available(*, deprecated, message: "use imagesFetch(.init(url:maxAge:inline:))")
  public func fetchImage(url: String, maxAge: Int? = nil, inline: Bool = false) async throws
    -> ImagesFetch.Result
  {
    try await imagesFetch(.init(url: url, maxAge: maxAge, inline: inline ? true : nil))
  }

  /// `auth.register`.
  @available(
    *, deprecated, message: "use authRegister(.init(username:password:passwordConfirmation:))"
  )
  public func register(username: String, password: String, confirmation: String? = nil)
    async throws -> AuthRegister.Result
  {
    try await authRegister(
      .init(
        username: username, password: password, passwordConfirmation: confirmation ?? password))
  }

  /// `auth.login`.
  @available(*, deprecated, message: "use authLogin(.init(username:password:))")
  public func login(username: String, password: String) async throws -> AuthLogin.Result {
    try await authLogin(.init(username: username, password: password))
  }

  /// `auth.logout`: the user who was signed out.
  @available(*, deprecated, message: "use authLogout(.init(token:)).user")
  public func logout(token: String? = nil) async throws -> UserRecord? {
    try await authLogout(.init(token: token)).user
  }

  /// `auth.session`: the signed-in user, or nil.
  @available(*, deprecated, message: "use authSession(.init(token:)).user")
  public func session(token: String? = nil) async throws -> UserRecord? {
    try await authSession(.init(token: token)).user
  }

  /// `auth.accounts`: the accounts signed in on the data directory.
  @available(*, deprecated, message: "use authAccounts().accounts")
  public func accounts() async throws -> [AuthAccounts.Account] {
    try await authAccounts().accounts
  }

  /// `auth.switch`: the user now current.
  @available(*, deprecated, message: "use authSwitch(.init(username:)).user")
  public func switchAccount(username: String) async throws -> UserRecord {
    try await authSwitch(.init(username: username)).user
  }

  /// `auth.checkPassword`: the password rules `password` breaks.
  @available(*, deprecated, message: "use authCheckPassword(.init(password:))")
  public func checkPassword(_ password: String) async throws -> AuthCheckPassword.Result {
    try await authCheckPassword(.init(password: password))
  }

  /// `auth.deleteAccount`: true when done.
  @available(*, deprecated, message: "use authDeleteAccount(.init(password:token:)).deleted")
  public func deleteAccount(password: String, token: String? = nil) async throws -> Bool {
    try await authDeleteAccount(.init(password: password, token: token)).deleted
  }

  /// `favorites.toggle`: toggles a quote of `universe` (or sets it, with `favorite`).
  @available(*, deprecated, message: "use favoritesToggle(.init(quoteId:favorite:universe:token:))")
  public func toggleFavorite(
    quoteID: Int, favorite: Bool? = nil, universe: UniverseID? = nil, token: String? = nil
  ) async throws -> FavoritesToggle.Result {
    try await favoritesToggle(
      .init(quoteId: quoteID, favorite: favorite, universe: universe, token: token))
  }

  /// `favorites.list`, newest first.
  @available(*, deprecated, message: "use favoritesList(.init(universe:token:)).quotes")
  public func favorites(universe: UniverseID? = nil, token: String? = nil) async throws
    -> [QuoteRecord]
  {
    try await favoritesList(.init(universe: universe, token: token)).quotes
  }

  /// `favorites.top`.
  @available(*, deprecated, message: "use favoritesTop(.init(limit:universe:token:)).quotes")
  public func topFavorites(limit: Int = 3, universe: UniverseID? = nil, token: String? = nil)
    async throws -> [QuoteRecord]
  {
    try await favoritesTop(.init(limit: limit, universe: universe, token: token)).quotes
  }

  /// `profile.get`.
  @available(*, deprecated, message: "use profileGet(.init(token:))")
  public func profile(token: String? = nil) async throws -> ProfileRecord {
    try await profileGet(.init(token: token))
  }

  /// `profile.update`: `.keep` leaves a member as it is, `.remove` removes it.
  @available(*, deprecated, message: "use profileUpdate(.init(displayName:photo:token:))")
  public func updateProfile(
    displayName: ProfileField<String> = .keep, photo: ProfileField<PhotoSource> = .keep,
    token: String? = nil
  ) async throws -> ProfileRecord {
    try await profileUpdate(.init(displayName: displayName, photo: photo, token: token))
  }

  /// `quizzes.create`.
  @available(*, deprecated, message: "use quizzesCreate(.init(title:facts:token:))")
  public func createQuiz(title: String, facts: [String], token: String? = nil) async throws
    -> QuizRecord
  {
    try await quizzesCreate(.init(title: title, facts: facts, token: token))
  }

  /// `quizzes.list`: one page of the collection, newest first.
  @available(*, deprecated, message: "use quizzesList(.init(search:limit:cursor:token:))")
  public func quizzes(
    search: String? = nil, limit: Int? = nil, cursor: String? = nil, token: String? = nil
  ) async throws -> Page<QuizRecord> {
    let result = try await quizzesList(
      .init(search: search, limit: limit, cursor: cursor, token: token))
    return Page(records: result.quizzes, total: result.total, nextCursor: result.nextCursor)
  }

  /// `quizzes.get`.
  @available(*, deprecated, message: "use quizzesGet(.init(id:token:))")
  public func quiz(id: Int, token: String? = nil) async throws -> QuizRecord {
    try await quizzesGet(.init(id: Int64(id), token: token))
  }

  /// `quizzes.delete`: the quiz that was removed.
  @available(*, deprecated, message: "use quizzesDelete(.init(id:token:))")
  public func deleteQuiz(id: Int, token: String? = nil) async throws -> QuizRecord {
    try await quizzesDelete(.init(id: Int64(id), token: token))
  }

  /// `quizzes.online`: one page of the online catalogue.
  @available(*, deprecated, message: "use quizzesOnline(.init(search:limit:cursor:token:))")
  public func onlineQuizzes(
    search: String? = nil, limit: Int? = nil, cursor: String? = nil, token: String? = nil
  ) async throws -> Page<OnlineQuizRecord> {
    let result = try await quizzesOnline(
      .init(search: search, limit: limit, cursor: cursor, token: token))
    return Page(records: result.quizzes, total: result.total, nextCursor: result.nextCursor)
  }

  /// `quizzes.add`: copies an online quiz into the collection.
  @available(*, deprecated, message: "use quizzesAdd(.init(onlineId:token:))")
  public func addQuiz(onlineID: String, token: String? = nil) async throws -> QuizRecord {
    try await quizzesAdd(.init(onlineId: onlineID, token: token))
  }

  /// `quizzes.due`.
  @available(*, deprecated, message: "use quizzesDue(.init(limit:token:))")
  public func dueQuizzes(limit: Int? = nil, token: String? = nil) async throws
    -> QuizzesDue.Result
  {
    try await quizzesDue(.init(limit: limit, token: token))
  }

  /// `quizzes.review`.
  @available(*, deprecated, message: "use quizzesReview(.init(id:grade:token:))")
  public func reviewQuiz(id: Int, grade: ReviewGrade, token: String? = nil) async throws
    -> QuizzesReview.Result
  {
    try await quizzesReview(.init(id: Int64(id), grade: grade, token: token))
  }

  /// `episodes.list {universe}`: every episode of a universe, in broadcast order.
  @available(*, deprecated, message: "use episodesList(.init(universe:)).seasons")
  public func episodes(of universe: UniverseID) async throws -> [EpisodeRecord] {
    try await episodesList(.init(universe: universe)).seasons.flatMap(\.episodes)
  }

  /// `episodes.get {id, universe}`.
  @available(*, deprecated, message: "use episodesGet(.init(id:universe:))")
  public func episode(id: Int, universe: UniverseID) async throws -> EpisodesGet.Result {
    try await episodesGet(.init(id: id, universe: universe))
  }

  /// `episodes.filter {universe, name?, code?}`.
  @available(*, deprecated, message: "use episodesFilter(.init(universe:name:code:)).episodes")
  public func episodes(of universe: UniverseID, name: String? = nil, code: String? = nil)
    async throws -> [EpisodeRecord]
  {
    try await episodesFilter(.init(universe: universe, name: name, code: code)).episodes
  }

  /// `characters.filter {universe: rick-and-morty, ...}`: one page of Rick and Morty characters.
  @available(*, deprecated, message: "use charactersFilter(.init(universe: .rickAndMorty, ...))")
  public func creatures(
    name: String? = nil, status: String? = nil, species: String? = nil, type: String? = nil,
    gender: String? = nil, limit: Int? = nil, cursor: String? = nil
  ) async throws -> Page<CharacterRecord> {
    let result = try await charactersFilter(
      .init(
        universe: .rickAndMorty, status: status, name: name, species: species, type: type,
        gender: gender, limit: limit, cursor: cursor))
    return Page(records: result.characters, total: result.total, nextCursor: result.nextCursor)
  }

  /// `characters.get {id, universe: rick-and-morty}`: a character with its episodes.
  @available(*, deprecated, message: "use charactersGet(.init(id:universe: .rickAndMorty))")
  public func creature(id: Int) async throws -> CharactersGet.Result {
    try await charactersGet(.init(id: id, universe: .rickAndMorty))
  }

  /// `locations.list {universe}`.
  @available(*, deprecated, message: "use locationsList(.init(universe:)).locations")
  public func locations(of universe: UniverseID = .rickAndMorty) async throws -> [LocationRecord] {
    try await locationsList(.init(universe: universe)).locations
  }

  /// `locations.get {id, universe}`: a location with its residents.
  @available(*, deprecated, message: "use locationsGet(.init(id:universe:))")
  public func location(id: Int, universe: UniverseID = .rickAndMorty) async throws
    -> LocationsGet.Result
  {
    try await locationsGet(.init(id: id, universe: universe))
  }
}
