/// Every method of the service, in the order of `Schemas/` (by name).
///
/// A new method is a `WireMethod` here and a handler in the server; the tests then say what
/// else to add (its schema, its client calls, its row in README) until everything agrees.
public enum WireMethods {
  /// Every method type.
  public static let all: [any WireMethod.Type] = [
    AuthAccounts.self,
    AuthCheckPassword.self,
    AuthDeleteAccount.self,
    AuthLogin.self,
    AuthLogout.self,
    AuthRegister.self,
    AuthSession.self,
    AuthSwitch.self,
    CatalogRefresh.self,
    CharactersExport.self,
    CharactersFilter.self,
    CharactersGet.self,
    CharactersList.self,
    EpisodesFilter.self,
    EpisodesGet.self,
    EpisodesList.self,
    FavoritesList.self,
    FavoritesToggle.self,
    FavoritesTop.self,
    ImagesFetch.self,
    LocationsGet.self,
    LocationsList.self,
    NotificationsSubscribe.self,
    NotificationsUnsubscribe.self,
    ProfileGet.self,
    ProfileUpdate.self,
    QuizzesAdd.self,
    QuizzesCreate.self,
    QuizzesDelete.self,
    QuizzesDue.self,
    QuizzesGet.self,
    QuizzesList.self,
    QuizzesOnline.self,
    QuizzesReview.self,
    QuotesByCharacter.self,
    QuotesOverview.self,
    QuotesRandom.self,
    Discover.self,
    ServiceInfo.self,
  ]
}
