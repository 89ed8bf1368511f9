// The client's type names before it was built on FanProtocol, for one release: each names the
// FanProtocol type the service answers with. `ServiceInfo`, `QuotesOverview` and `CatalogRefresh`
// name the methods now; their results are `ServiceInfo.Result`, `QuotesOverview.Result` and
// `CatalogRefresh.Result`.

/// An episode.
@available(*, deprecated, renamed: "EpisodeRecord")
public typealias Episode = EpisodeRecord
/// A season of a series.
@available(*, deprecated, renamed: "EpisodesList.Season")
public typealias Season = EpisodesList.Season
/// `episodes.get`'s result.
@available(*, deprecated, renamed: "EpisodesGet.Result")
public typealias EpisodeDetails = EpisodesGet.Result
/// A character.
@available(*, deprecated, renamed: "CharacterRecord")
public typealias Character = CharacterRecord
/// `characters.get`'s result.
@available(*, deprecated, renamed: "CharactersGet.Result")
public typealias CharacterDetails = CharactersGet.Result
/// A character named in a filter: by id or by name.
@available(*, deprecated, renamed: "CharacterReferenceParam")
public typealias CharacterReference = CharacterReferenceParam
/// A quote.
@available(*, deprecated, renamed: "QuoteRecord")
public typealias Quote = QuoteRecord
/// A user.
@available(*, deprecated, renamed: "UserRecord")
public typealias User = UserRecord
/// `auth.register`'s and `auth.login`'s result.
@available(*, deprecated, renamed: "AuthRegister.Result")
public typealias SignedIn = AuthRegister.Result
/// An account of `auth.accounts`.
@available(*, deprecated, renamed: "AuthAccounts.Account")
public typealias SignedInAccount = AuthAccounts.Account
/// `auth.checkPassword`'s result.
@available(*, deprecated, renamed: "AuthCheckPassword.Result")
public typealias PasswordCheck = AuthCheckPassword.Result
/// `favorites.toggle`'s result.
@available(*, deprecated, renamed: "FavoritesToggle.Result")
public typealias FavoriteToggle = FavoritesToggle.Result
/// `characters.export`'s result.
@available(*, deprecated, renamed: "CharactersExport.Result")
public typealias ExportedFile = CharactersExport.Result
/// `images.fetch`'s result.
@available(*, deprecated, renamed: "ImagesFetch.Result")
public typealias CachedImage = ImagesFetch.Result
/// A quiz of the collection.
@available(*, deprecated, renamed: "QuizRecord")
public typealias Quiz = QuizRecord
/// A quiz of the online catalogue.
@available(*, deprecated, renamed: "OnlineQuizRecord")
public typealias OnlineQuiz = OnlineQuizRecord
/// A quiz's review schedule.
@available(*, deprecated, renamed: "ReviewRecord")
public typealias ReviewState = ReviewRecord
/// A due quiz.
@available(*, deprecated, renamed: "QuizzesDue.DueQuiz")
public typealias DueQuiz = QuizzesDue.DueQuiz
/// `quizzes.due`'s result.
@available(*, deprecated, renamed: "QuizzesDue.Result")
public typealias DueQuizzes = QuizzesDue.Result
/// `quizzes.review`'s result.
@available(*, deprecated, renamed: "QuizzesReview.Result")
public typealias QuizReview = QuizzesReview.Result
/// A profile.
@available(*, deprecated, renamed: "ProfileRecord")
public typealias Profile = ProfileRecord
/// A profile's photo.
@available(*, deprecated, renamed: "PhotoRecord")
public typealias Photo = PhotoRecord
/// A member of a profile update: kept, set or removed.
@available(*, deprecated, renamed: "ProfileField")
public typealias ProfileChange<Value: Codable & Sendable & Equatable> = ProfileField<Value>
/// A universe.
@available(*, deprecated, renamed: "UniverseID")
public typealias Universe = UniverseID
/// A Rick and Morty character's origin or last location.
@available(*, deprecated, renamed: "PlaceRecord")
public typealias Place = PlaceRecord
/// A Rick and Morty character (its own members are in `creature`).
@available(*, deprecated, renamed: "CharacterRecord")
public typealias Creature = CharacterRecord
/// `characters.get`'s result for a Rick and Morty character.
@available(*, deprecated, renamed: "CharactersGet.Result")
public typealias CreatureDetails = CharactersGet.Result
/// A location.
@available(*, deprecated, renamed: "LocationRecord")
public typealias Location = LocationRecord
/// `locations.get`'s result.
@available(*, deprecated, renamed: "LocationsGet.Result")
public typealias LocationDetails = LocationsGet.Result
/// The value of a field a universe adds to its records.
@available(*, deprecated, renamed: "RecordField.Value")
public typealias FieldValue = RecordField.Value
