/// The store of one data directory.
///
/// Every concern, including what belongs to one machine alone (the accounts signed in here,
/// catalog snapshots, the image index). The SQLite engine is one.
package protocol LocalStore:
  AccountStore, SignedInStore, FavoriteStore, QuizStore, ProfileStore, CatalogSnapshotStore,
  ImageIndexStore
{}
