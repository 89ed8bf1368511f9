import FanCore
import FanPostgres
import FanProtocol
import FanSQLite
import FanStorage
import StorageTestSupport
import Testing

/// What every store does, written once over the protocols and run against each store.
@Suite("Store behaviour")
struct StoreBehaviourTests {
  @Test("usernames are unique by key", arguments: StoreKind.allCases)
  func users(_ kind: StoreKind) async throws {
    let store = try kind.make().accounts
    let walt = try await store.createUser(username: "Walt", usernameKey: "walt", passwordHash: "h1")
    #expect(walt.username == "Walt")
    await #expect(throws: StorageError.usernameTaken) {
      _ = try await store.createUser(username: "WALT", usernameKey: "walt", passwordHash: "h2")
    }
    #expect(try await store.user(usernameKey: "walt")?.passwordHash == "h1")
    #expect(try await store.user(usernameKey: "jesse") == nil)
  }

  @Test(
    "sessions are found by token hash from another connection, and end",
    arguments: StoreKind.allCases)
  func sessions(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let ids = try await stores.users("walt", "jesse")
    try await stores.accounts.createSession(userID: ids[0], tokenHash: [1])
    try await stores.accounts.createSession(userID: ids[1], tokenHash: [2])
    let other = try stores.reopen().accounts
    #expect(try await other.user(tokenHash: [1])?.username == "walt")
    try await other.deleteSession(tokenHash: [1])
    #expect(try await stores.accounts.user(tokenHash: [1]) == nil)
    #expect(try await stores.accounts.user(tokenHash: [2])?.id == ids[1])
  }

  @Test(
    "failed logins are counted with the store's clock and cleared", arguments: StoreKind.allCases)
  func failures(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let store = stores.accounts
    #expect(try await store.recordLoginFailure(usernameKey: "walt") == (1, 1_000))
    stores.clock.set(5_000)
    #expect(try await store.recordLoginFailure(usernameKey: "walt") == (2, 5_000))
    #expect(try await store.loginFailures(usernameKey: "walt")?.failures == 2)
    try await store.clearLoginFailures(usernameKey: "walt")
    #expect(try await store.loginFailures(usernameKey: "walt") == nil)
  }

  @Test(
    "favourites: toggle, counts across users, newest first, top by count then id",
    arguments: StoreKind.allCases)
  func favorites(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let store = stores.favorites
    let ids = try await stores.users("a", "b")
    let (a, b) = (ids[0], ids[1])
    #expect(try await store.toggleFavorite(userID: a, quoteID: 7) == (true, 1))
    #expect(try await store.toggleFavorite(userID: b, quoteID: 7) == (true, 2))
    #expect(try await store.toggleFavorite(userID: a, quoteID: 3) == (true, 1))
    #expect(try await store.toggleFavorite(userID: a, quoteID: 9) == (true, 1))
    #expect(try await store.favorites(userID: a) == [9, 3, 7])
    #expect(try await store.toggleFavorite(userID: a, quoteID: 3) == (false, 0))
    #expect(try await store.favorites(userID: a) == [9, 7])
    let top = try await store.topFavorites(limit: 3)
    #expect(top.map(\.quoteID) == [7, 9])
    #expect(top.map(\.count) == [2, 1])
  }

  @Test("several connections toggling at once lose no update", arguments: StoreKind.allCases)
  func concurrentToggles(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let users = try await stores.users("u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for user in users {
        let store = try stores.reopen().favorites
        group.addTask {
          for quote in 1...25 { _ = try await store.toggleFavorite(userID: user, quoteID: quote) }
        }
      }
      try await group.waitForAll()
    }
    let top = try await stores.favorites.topFavorites(limit: 100)
    #expect(top.count == 25)
    #expect(top.allSatisfy { $0.count == users.count })
  }

  private func quiz(_ title: String, facts: [String] = ["one", "two"], online: String? = nil)
    -> NewQuiz
  {
    NewQuiz(
      title: title, titleKey: title.lowercased(), searchText: title.lowercased(), facts: facts,
      onlineID: online)
  }

  @Test(
    "quizzes: created, listed newest first (ties by creation order), paged, searched, per user",
    arguments: StoreKind.allCases)
  func quizzes(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let store = stores.quizzes
    let ids = try await stores.users("walt", "jesse")
    let first = try await store.createQuiz(quiz("Alpha"), userID: ids[0])
    let second = try await store.createQuiz(quiz("Beta", online: "7"), userID: ids[0])
    stores.clock.set(2_000)
    let third = try await store.createQuiz(
      quiz("Gamma", facts: ["x", "y", "z"]), userID: ids[0])
    _ = try await store.createQuiz(quiz("Alpha"), userID: ids[1])
    #expect(third.facts == ["x", "y", "z"])
    let all = try await store.quizzes(userID: ids[0], search: nil, after: nil, limit: nil)
    #expect(all.quizzes.map(\.id) == [third.id, second.id, first.id])
    #expect(all.total == 3)
    let page = try await store.quizzes(userID: ids[0], search: nil, after: nil, limit: 2)
    #expect(page.quizzes.map(\.id) == [third.id, second.id])
    let rest = try await store.quizzes(
      userID: ids[0], search: nil, after: page.quizzes.last?.position, limit: 2)
    #expect(rest.quizzes.map(\.id) == [first.id])
    #expect(rest.total == 3)
    let found = try await store.quizzes(userID: ids[0], search: "amm", after: nil, limit: nil)
    #expect(found.quizzes.map(\.title) == ["Gamma"])
    #expect(found.total == 1)
    #expect(try await store.quiz(userID: ids[1], id: first.id) == nil, "not another user's")
    #expect(try await store.quiz(userID: ids[0], id: first.id) == first)
    #expect(try await store.onlineIDs(userID: ids[0]) == ["7"])
    #expect(try await !store.deleteQuiz(userID: ids[1], id: first.id))
    #expect(try await store.deleteQuiz(userID: ids[0], id: first.id))
    #expect(try await store.quiz(userID: ids[0], id: first.id) == nil)
    let empty = try await store.quizzes(userID: ids[0], search: "nothing", after: nil, limit: 5)
    #expect(empty.quizzes.isEmpty && empty.total == 0)
  }

  @Test(
    "a duplicate title key is refused, also between connections at once",
    arguments: StoreKind.allCases)
  func duplicates(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let user = try await stores.users("walt")[0]
    let made = try await stores.quizzes.createQuiz(quiz("Alpha"), userID: user)
    await #expect(throws: StorageError.duplicateQuiz(existingID: made.id)) {
      _ = try await stores.quizzes.createQuiz(quiz("Alpha"), userID: user)
    }
    let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        let store = try stores.reopen().quizzes
        group.addTask {
          do {
            _ = try await store.createQuiz(self.quiz("Race"), userID: user)
            return true
          } catch StorageError.duplicateQuiz {
            return false
          }
        }
      }
      return try await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 }.count == 1)
  }

  @Test(
    "reviews: state per quiz, applied in one transaction, logged, due order",
    arguments: StoreKind.allCases)
  func reviews(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let store = stores.quizzes
    let ids = try await stores.users("walt", "jesse")
    let a = try await store.createQuiz(quiz("A"), userID: ids[0])
    let b = try await store.createQuiz(quiz("B"), userID: ids[0])
    var due = try await store.dueQuizzes(userID: ids[0], now: 1_000, limit: 10)
    #expect(due.due.map(\.quiz.id) == [a.id, b.id], "never reviewed: due at once, oldest first")
    #expect(due.due.allSatisfy { $0.review == nil })
    let reviewed = try await store.review(userID: ids[0], quizID: a.id) { quiz, state in
      #expect(state == nil)
      let next = StoredReview(
        repetitions: 1, ease: 2.5, intervalDays: 1, dueAt: 86_401_000, lapses: 0, reviews: 1,
        lastReviewedAt: 1_000, isLeech: false)
      return (
        next,
        StoredReviewLogEntry(
          quizID: quiz.id, grade: "good", reviewedAt: 1_000, previousIntervalDays: 0,
          intervalDays: 1, previousEase: 2.5, ease: 2.5, dueAt: 86_401_000)
      )
    }
    #expect(reviewed?.review.dueAt == 86_401_000)
    let missing = try await store.review(userID: ids[1], quizID: a.id) { _, _ in
      Issue.record("another user's quiz must not be reviewed")
      return (
        StoredReview(
          repetitions: 0, ease: 0, intervalDays: 0, dueAt: 0, lapses: 0, reviews: 0,
          lastReviewedAt: nil, isLeech: false),
        StoredReviewLogEntry(
          quizID: 0, grade: "", reviewedAt: 0, previousIntervalDays: 0, intervalDays: 0,
          previousEase: 0, ease: 0, dueAt: 0)
      )
    }
    #expect(missing == nil)
    due = try await store.dueQuizzes(userID: ids[0], now: 2_000, limit: 10)
    #expect(due.due.map(\.quiz.id) == [b.id])
    due = try await store.dueQuizzes(userID: ids[0], now: 86_401_000, limit: 10)
    #expect(due.due.map(\.quiz.id) == [b.id, a.id])
    #expect(due.due.last?.review?.ease == 2.5)
    #expect(due.total == 2)
    let log = try await stores.reopen().quizzes.reviewLog(userID: ids[0])
    #expect(log.map(\.grade) == ["good"])
    #expect(log.first?.quizID == a.id)
    // Deleting the quiz keeps its log.
    #expect(try await store.deleteQuiz(userID: ids[0], id: a.id))
    #expect(try await store.reviewLog(userID: ids[0]).count == 1)
  }

  @Test(
    "profiles: display name and photo set, kept, replaced and removed",
    arguments: StoreKind.allCases)
  func profiles(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let store = stores.profiles
    let user = try await stores.users("walt")[0]
    #expect(try await store.profile(userID: user) == nil)
    let png = NewPhoto(bytes: Array(0...255), mediaType: "image/png", sha256: "aa")
    var profile = try await store.updateProfile(
      userID: user, displayName: .set("Heisenberg"), photo: .set(png))
    #expect(profile.displayName == "Heisenberg")
    #expect(profile.photo == StoredPhoto(mediaType: "image/png", bytes: 256, sha256: "aa"))
    #expect(try await stores.reopen().profiles.photo(userID: user)?.bytes == png.bytes)
    profile = try await store.updateProfile(userID: user, displayName: .keep, photo: .keep)
    #expect(profile.displayName == "Heisenberg" && profile.photo?.sha256 == "aa")
    let jpeg = NewPhoto(bytes: [0xFF, 0xD8, 0xFF], mediaType: "image/jpeg", sha256: "bb")
    profile = try await store.updateProfile(userID: user, displayName: .remove, photo: .set(jpeg))
    #expect(profile.displayName == nil)
    #expect(try await store.photo(userID: user)?.bytes == [0xFF, 0xD8, 0xFF])
    profile = try await store.updateProfile(userID: user, displayName: .keep, photo: .remove)
    #expect(profile.photo == nil)
    #expect(try await store.photo(userID: user) == nil)
  }

  @Test(
    "a favourite set to a state stays in it, and a repeat counts once",
    arguments: StoreKind.allCases)
  func setFavorite(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let store = stores.favorites
    let ids = try await stores.users("a", "b")
    #expect(try await store.setFavorite(userID: ids[0], quoteID: 5, favorite: true) == (true, 1))
    #expect(try await store.setFavorite(userID: ids[0], quoteID: 5, favorite: true) == (true, 1))
    #expect(try await store.setFavorite(userID: ids[1], quoteID: 5, favorite: true) == (true, 2))
    #expect(try await store.setFavorite(userID: ids[0], quoteID: 5, favorite: false) == (false, 1))
    #expect(try await store.setFavorite(userID: ids[0], quoteID: 5, favorite: false) == (false, 1))
    #expect(try await store.setFavorite(userID: ids[0], quoteID: 6, favorite: false) == (false, 0))
    #expect(try await store.favorites(userID: ids[0]) == [])
    #expect(try await store.toggleFavorite(userID: ids[0], quoteID: 5) == (true, 2))
  }

  @Test(
    "a write group's toggles are kept once it ends (each on its own on PostgreSQL, together on SQLite), and its handle is refused after",
    arguments: StoreKind.allCases)
  func writeGroup(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let store = stores.favorites
    let ids = try await stores.users("a")
    let kept = try await Self.runKeeping { group throws(StorageError) in
      #expect(try await store.toggleFavorite(userID: ids[0], quoteID: 1, in: group) == (true, 1))
      #expect(try await store.toggleFavorite(userID: ids[0], quoteID: 2, in: group) == (true, 1))
      // Read without the handle: what is committed. PostgreSQL does not share commits.
      #expect(try await store.favorites(userID: ids[0]) == (kind == .postgres ? [2, 1] : []))
    }
    #expect(try await store.favorites(userID: ids[0]) == [2, 1])
    await #expect(throws: WriteGroup.ended) {
      _ = try await store.toggleFavorite(userID: ids[0], quoteID: 3, in: kept)
    }
    #expect(try await store.favorites(userID: ids[0]) == [2, 1])
    #expect(try await store.topFavorites(limit: 3).map(\.count) == [1, 1])
  }

  /// Runs `body` in a new write group and returns the group's handle once it has ended (to use
  /// it after); an error `body` throws is recorded as the test's issue.
  private static func runKeeping(
    _ body: (WriteGroup) async throws(StorageError) -> Void
  ) async throws -> WriteGroup {
    var kept: WriteGroup?
    try await WriteGroup.run { group in
      kept = group
      do {
        try await body(group)
      } catch {
        Issue.record(error)
      }
    }
    return try #require(kept)
  }

  @Test(
    "the same quote id in two universes is two quotes: favourites and counts never collide",
    arguments: StoreKind.allCases)
  func universes(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let store = stores.favorites
    let ids = try await stores.users("a", "b")
    let other = UniverseID(rawValue: "third-show")
    let theirs = FavoriteQuote(universe: other, id: 8)
    #expect(try await store.toggleFavorite(userID: ids[0], quoteID: 8) == (true, 1))
    #expect(try await store.toggleFavorite(userID: ids[1], quoteID: 8) == (true, 2))
    // Quote 8 of the other universe: not a favourite of anyone yet, its own count.
    #expect(try await store.favorites(userID: ids[0], universe: other) == [])
    #expect(try await store.setFavorite(userID: ids[0], quote: theirs, favorite: nil) == (true, 1))
    #expect(try await store.setFavorite(userID: ids[0], quote: theirs, favorite: true) == (true, 1))
    #expect(try await store.favorites(userID: ids[0], universe: other) == [8])
    #expect(try await store.favorites(userID: ids[0]) == [8])
    let top = try await store.topFavorites(universe: other, limit: 3)
    #expect(top.map(\.quoteID) == [8] && top.map(\.count) == [1])
    #expect(try await store.topFavorites(limit: 3).map(\.count) == [2])
    // Removing one leaves the other universe's as it was.
    #expect(
      try await store.setFavorite(userID: ids[0], quote: theirs, favorite: false) == (false, 0))
    #expect(try await store.favorites(userID: ids[0]) == [8])
    #expect(try await store.topFavorites(limit: 3).map(\.count) == [2])
    // Deleting a user lowers the count of each quote of theirs, in its universe only: b has
    // Breaking Bad's 8, a the other universe's 8.
    _ = try await store.setFavorite(userID: ids[0], quote: theirs, favorite: true)
    try await stores.accounts.deleteUser(userID: ids[1], usernameKey: "b")
    #expect(try await store.topFavorites(limit: 3).map(\.count) == [1])
    let kept = try await store.topFavorites(universe: other, limit: 3)
    #expect(kept.map(\.quoteID) == [8] && kept.map(\.count) == [1])
  }

  @Test(
    "deleting a user takes everything of theirs, adjusts the counts and leaves others alone",
    arguments: StoreKind.allCases)
  func deleteUser(_ kind: StoreKind) async throws {
    let stores = try kind.make()
    let ids = try await stores.users("walt", "jesse")
    let (walt, jesse) = (ids[0], ids[1])
    try await stores.accounts.createSession(userID: walt, tokenHash: [1])
    try await stores.accounts.createSession(userID: jesse, tokenHash: [2])
    for quote in [1, 2, 3] {
      _ = try await stores.favorites.toggleFavorite(userID: walt, quoteID: quote)
    }
    _ = try await stores.favorites.toggleFavorite(userID: jesse, quoteID: 2)
    let mine = try await stores.quizzes.createQuiz(quiz("Mine"), userID: walt)
    let theirs = try await stores.quizzes.createQuiz(quiz("Theirs"), userID: jesse)
    for (user, quiz) in [(walt, mine.id), (jesse, theirs.id)] {
      _ = try await stores.quizzes.review(userID: user, quizID: quiz) { quiz, _ in
        (
          StoredReview(
            repetitions: 1, ease: 2.5, intervalDays: 1, dueAt: 2_000, lapses: 0, reviews: 1,
            lastReviewedAt: 1_000, isLeech: false),
          StoredReviewLogEntry(
            quizID: quiz.id, grade: "good", reviewedAt: 1_000, previousIntervalDays: 0,
            intervalDays: 1, previousEase: 2.5, ease: 2.5, dueAt: 2_000)
        )
      }
    }
    let photo = NewPhoto(bytes: [0x89, 0x50], mediaType: "image/png", sha256: "aa")
    _ = try await stores.profiles.updateProfile(
      userID: walt, displayName: .set("Heisenberg"), photo: .set(photo))
    _ = try await stores.accounts.recordLoginFailure(usernameKey: "walt")

    try await stores.accounts.deleteUser(userID: walt, usernameKey: "walt")

    let other = try stores.reopen()
    #expect(try await other.accounts.user(usernameKey: "walt") == nil)
    #expect(try await other.accounts.user(tokenHash: [1]) == nil)
    #expect(try await other.accounts.loginFailures(usernameKey: "walt") == nil)
    #expect(try await other.favorites.favorites(userID: walt) == [])
    let top = try await other.favorites.topFavorites(limit: 3)
    #expect(top.map(\.quoteID) == [2] && top.map(\.count) == [1])
    #expect(
      try await other.quizzes.quizzes(userID: walt, search: nil, after: nil, limit: nil).total == 0)
    #expect(try await other.quizzes.reviewLog(userID: walt).isEmpty)
    #expect(try await other.quizzes.dueQuizzes(userID: walt, now: 9_000, limit: 10).total == 0)
    #expect(try await other.profiles.profile(userID: walt) == nil)
    #expect(try await other.profiles.photo(userID: walt) == nil)
    // Jesse keeps everything, and the name is free again.
    #expect(try await other.accounts.user(tokenHash: [2])?.id == jesse)
    #expect(try await other.favorites.favorites(userID: jesse) == [2])
    #expect(try await other.quizzes.reviewLog(userID: jesse).count == 1)
    #expect(try await other.quizzes.dueQuizzes(userID: jesse, now: 9_000, limit: 10).total == 1)
    _ = try await other.accounts.createUser(
      username: "walt", usernameKey: "walt", passwordHash: "h")
  }

}
