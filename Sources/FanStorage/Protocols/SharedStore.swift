/// A store that many machines share.
///
/// The state of a community: accounts and sessions, favourites, quizzes and reviews, profiles.
/// The PostgreSQL engine is one.
package protocol SharedStore: AccountStore, FavoriteStore, QuizStore, ProfileStore {}
