// One call per service method, named by one rule: the wire name split on `.`, joined in
// lowerCamelCase (`episodes.get` → `episodesGet`, `quotes.byCharacter` → `quotesByCharacter`),
// in the order of `Schemas/`. Each takes the method's params and returns its result, both the
// FanProtocol types the service itself answers with; ClientParityTests checks the names against
// `rpc.discover` and each body against the method type it names.

extension BBFanClient {
  /// `auth.accounts`: the accounts signed in on this data directory, and which one is current.
  ///
  /// Its params have no members: none to pass.
  public func authAccounts() async throws -> AuthAccounts.Result {
    try await call(AuthAccounts.self, AuthAccounts.Params())
  }

  /// `auth.checkPassword`: the password rules a password breaks, for a form that checks as the
  /// user types; creates nothing.
  public func authCheckPassword(_ params: AuthCheckPassword.Params) async throws
    -> AuthCheckPassword.Result
  {
    try await call(AuthCheckPassword.self, params)
  }

  /// `auth.deleteAccount`: deletes the signed-in account for good, with its password.
  public func authDeleteAccount(_ params: AuthDeleteAccount.Params) async throws
    -> AuthDeleteAccount.Result
  {
    try await call(AuthDeleteAccount.self, params)
  }

  /// `auth.login`: signs a user in.
  public func authLogin(_ params: AuthLogin.Params) async throws -> AuthLogin.Result {
    try await call(AuthLogin.self, params)
  }

  /// `auth.logout`: ends the current session (or the one of `token`); it is no longer remembered.
  public func authLogout(_ params: AuthLogout.Params = .init()) async throws -> AuthLogout.Result {
    try await call(AuthLogout.self, params)
  }

  /// `auth.register`: creates an account and signs it in.
  public func authRegister(_ params: AuthRegister.Params) async throws -> AuthRegister.Result {
    try await call(AuthRegister.self, params)
  }

  /// `auth.session`: who is signed in (the remembered user after a restart), or null.
  public func authSession(_ params: AuthSession.Params = .init()) async throws -> AuthSession.Result
  {
    try await call(AuthSession.self, params)
  }

  /// `auth.switch`: makes another account signed in on this data directory the current one,
  /// without its password.
  public func authSwitch(_ params: AuthSwitch.Params) async throws -> AuthSwitch.Result {
    try await call(AuthSwitch.self, params)
  }

  /// `catalog.refresh`: fetch the catalog from the live source, validate it, save it, swap it in.
  public func catalogRefresh(_ params: CatalogRefresh.Params = .init()) async throws
    -> CatalogRefresh.Result
  {
    try await call(CatalogRefresh.self, params)
  }

  /// `characters.export`: a character as a CSV file or a PDF card in `DATA_DIR/exports/`.
  public func charactersExport(_ params: CharactersExport.Params) async throws
    -> CharactersExport.Result
  {
    try await call(CharactersExport.self, params)
  }

  /// `characters.filter`: the characters that match every given field.
  public func charactersFilter(_ params: CharactersFilter.Params = .init()) async throws
    -> CharactersFilter.Result
  {
    try await call(CharactersFilter.self, params)
  }

  /// `characters.get`: one character with the number of episodes and the quotes.
  public func charactersGet(_ params: CharactersGet.Params) async throws -> CharactersGet.Result {
    try await call(CharactersGet.self, params)
  }

  /// `characters.list`: every character of a series (or of all), by name, optionally by initial.
  public func charactersList(_ params: CharactersList.Params = .init()) async throws
    -> CharactersList.Result
  {
    try await call(CharactersList.self, params)
  }

  /// `episodes.filter`: the episodes that match every given field.
  public func episodesFilter(_ params: EpisodesFilter.Params = .init()) async throws
    -> EpisodesFilter.Result
  {
    try await call(EpisodesFilter.self, params)
  }

  /// `episodes.get`: one episode with its characters.
  public func episodesGet(_ params: EpisodesGet.Params) async throws -> EpisodesGet.Result {
    try await call(EpisodesGet.self, params)
  }

  /// `episodes.list`: every episode of a series (or of all), grouped by season.
  public func episodesList(_ params: EpisodesList.Params = .init()) async throws
    -> EpisodesList.Result
  {
    try await call(EpisodesList.self, params)
  }

  /// `favorites.list`: the user's favourite quotes ("your quotes"), newest first.
  public func favoritesList(_ params: FavoritesList.Params = .init()) async throws
    -> FavoritesList.Result
  {
    try await call(FavoritesList.self, params)
  }

  /// `favorites.toggle`: adds a quote to the user's favourites, or removes it; with `favorite`,
  /// makes it that state.
  public func favoritesToggle(_ params: FavoritesToggle.Params) async throws
    -> FavoritesToggle.Result
  {
    try await call(FavoritesToggle.self, params)
  }

  /// `favorites.top`: the quotes most users have among their favourites.
  public func favoritesTop(_ params: FavoritesTop.Params = .init()) async throws
    -> FavoritesTop.Result
  {
    try await call(FavoritesTop.self, params)
  }

  /// `images.fetch`: an image from the on-disk cache, downloaded or revalidated as needed.
  public func imagesFetch(_ params: ImagesFetch.Params) async throws -> ImagesFetch.Result {
    try await call(ImagesFetch.self, params)
  }

  /// `locations.get`: one location with its residents.
  public func locationsGet(_ params: LocationsGet.Params) async throws -> LocationsGet.Result {
    try await call(LocationsGet.self, params)
  }

  /// `locations.list`: every location of a universe, by id.
  public func locationsList(_ params: LocationsList.Params = .init()) async throws
    -> LocationsList.Result
  {
    try await call(LocationsList.self, params)
  }

  /// `notifications.subscribe`: subscribes this connection to `favorites.changed` and
  /// `catalog.changed`, whoever made the change.
  public func notificationsSubscribe(_ params: NotificationsSubscribe.Params) async throws
    -> NotificationsSubscribe.Result
  {
    try await call(NotificationsSubscribe.self, params)
  }

  /// `notifications.unsubscribe`: removes this connection's subscriptions that match.
  public func notificationsUnsubscribe(_ params: NotificationsUnsubscribe.Params = .init())
    async throws -> NotificationsUnsubscribe.Result
  {
    try await call(NotificationsUnsubscribe.self, params)
  }

  /// `profile.get`: the signed-in user's profile: display name and photo.
  public func profileGet(_ params: ProfileGet.Params = .init()) async throws -> ProfileGet.Result {
    try await call(ProfileGet.self, params)
  }

  /// `profile.update`: changes the display name, the photo, or both.
  public func profileUpdate(_ params: ProfileUpdate.Params) async throws -> ProfileUpdate.Result {
    try await call(ProfileUpdate.self, params)
  }

  /// `quizzes.add`: copies an online quiz into the user's collection.
  public func quizzesAdd(_ params: QuizzesAdd.Params) async throws -> QuizzesAdd.Result {
    try await call(QuizzesAdd.self, params)
  }

  /// `quizzes.create`: adds a quiz (a title and at least two facts) to the user's collection.
  public func quizzesCreate(_ params: QuizzesCreate.Params) async throws
    -> QuizzesCreate.Result
  {
    try await call(QuizzesCreate.self, params)
  }

  /// `quizzes.delete`: removes a quiz from the user's collection.
  public func quizzesDelete(_ params: QuizzesDelete.Params) async throws -> QuizzesDelete.Result {
    try await call(QuizzesDelete.self, params)
  }

  /// `quizzes.due`: the user's quizzes due for review now (SM-2), never-reviewed ones first.
  public func quizzesDue(_ params: QuizzesDue.Params = .init()) async throws -> QuizzesDue.Result {
    try await call(QuizzesDue.self, params)
  }

  /// `quizzes.get`: one quiz of the user's collection, as a flash card shows it.
  public func quizzesGet(_ params: QuizzesGet.Params) async throws -> QuizzesGet.Result {
    try await call(QuizzesGet.self, params)
  }

  /// `quizzes.list`: the user's collection, newest first, optionally searched.
  public func quizzesList(_ params: QuizzesList.Params = .init()) async throws -> QuizzesList.Result
  {
    try await call(QuizzesList.self, params)
  }

  /// `quizzes.online`: the online quiz catalogue, sorted by title, optionally searched.
  public func quizzesOnline(_ params: QuizzesOnline.Params = .init()) async throws
    -> QuizzesOnline.Result
  {
    try await call(QuizzesOnline.self, params)
  }

  /// `quizzes.review`: records how well a quiz was recalled and schedules its next review.
  public func quizzesReview(_ params: QuizzesReview.Params) async throws -> QuizzesReview.Result {
    try await call(QuizzesReview.self, params)
  }

  /// `quotes.byCharacter`: the quotes of one character, under any of its names.
  public func quotesByCharacter(_ params: QuotesByCharacter.Params) async throws
    -> QuotesByCharacter.Result
  {
    try await call(QuotesByCharacter.self, params)
  }

  /// `quotes.overview`: the quotes scene in one call.
  public func quotesOverview(_ params: QuotesOverview.Params = .init()) async throws
    -> QuotesOverview.Result
  {
    try await call(QuotesOverview.self, params)
  }

  /// `quotes.random`: one quote drawn uniformly from the matching ones.
  public func quotesRandom(_ params: QuotesRandom.Params = .init()) async throws
    -> QuotesRandom.Result
  {
    try await call(QuotesRandom.self, params)
  }

  /// `rpc.discover`: the OpenRPC 1.4 document of every method, built from `Schemas/`.
  public func rpcDiscover() async throws -> Discover.Result {
    try await call(Discover.self)
  }

  /// `service.info`: the service's name, version, protocol capabilities and limits.
  public func serviceInfo() async throws -> ServiceInfo.Result {
    try await call(ServiceInfo.self)
  }
}
