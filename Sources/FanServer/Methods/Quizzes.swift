import FanAPI
import FanCore
import FanProtocol
import FanStorage
import JSONRPC

extension QuizzesCreate: RPCMethod {
  /// Writes the user's collection.
  package static let scheduling = Scheduling.userState
}

extension QuizzesList: RPCMethod {
  /// Reads the user's collection, in order with their writes.
  package static let scheduling = Scheduling.userState
}

extension QuizzesGet: RPCMethod {
  /// Reads the user's collection.
  package static let scheduling = Scheduling.userState
}

extension QuizzesDelete: RPCMethod {
  /// Writes the user's collection.
  package static let scheduling = Scheduling.userState
}

extension QuizzesOnline: RPCMethod {
  /// Reads the user's collection for `inCollection`.
  package static let scheduling = Scheduling.userState
}

extension QuizzesAdd: RPCMethod {
  /// Writes the user's collection.
  package static let scheduling = Scheduling.userState
}

extension QuizzesDue: RPCMethod {
  /// Reads the user's review state.
  package static let scheduling = Scheduling.userState
}

extension QuizzesReview: RPCMethod {
  /// Writes the user's review state.
  package static let scheduling = Scheduling.userState
}

extension FanService {
  /// Registers the `quizzes.*` methods.
  func registerQuizMethods(into router: inout MethodRouter) {
    let accounts = self.accounts
    let quizzes = QuizService(
      storage: storage, clock: configuration.clock.now)
    let storage = self.storage
    router.register(QuizzesCreate.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      return QuizRecord(
        try await quizzes.create(userID: session.user.id, title: params.title, facts: params.facts))
    }
    router.register(QuizzesList.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      let query =
        try PageRequest.queryHash(method: QuizzesList.name, params: params)
        ^ UInt64(bitPattern: session.user.id)
      let after = try params.cursor.map { try QuizCursor(text: $0, query: query).position }
      let search = params.search.map(TextFolding.fold)
      // One more than asked, to know whether a next page exists.
      let found = try await storage.quizzes().quizzes(
        userID: session.user.id, search: search, after: after, limit: params.limit.map { $0 + 1 })
      var page = found.quizzes
      var next: String?
      if let limit = params.limit, page.count > limit {
        page.removeLast(page.count - limit)
        next = page.last.map { QuizCursor(position: $0.position, query: query).text }
      }
      return QuizzesList.Result(
        quizzes: page.map(QuizRecord.init), total: found.total, nextCursor: next)
    }
    router.register(QuizzesGet.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      return QuizRecord(try await quizzes.quiz(userID: session.user.id, id: params.id))
    }
    router.register(QuizzesDelete.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      let quiz = try await quizzes.quiz(userID: session.user.id, id: params.id)
      guard try await storage.quizzes().deleteQuiz(userID: session.user.id, id: params.id) else {
        throw QuizError.notFound(id: params.id)
      }
      return QuizRecord(quiz)
    }
    router.register(QuizzesOnline.self) { params, _ in
      let session = try await accounts.optionalSession(token: params.token)
      let catalog = try OnlineQuizSnapshot.embedded()
      var mine: Set<String>?
      if let session { mine = try await storage.quizzes().onlineIDs(userID: session.user.id) }
      let matches = catalog.search(params.search)
      let page = try PageRequest(limit: params.limit, cursor: params.cursor).page(
        of: matches, method: QuizzesOnline.name, params: params, catalog: catalog.source)
      return QuizzesOnline.Result(
        quizzes: page.records.map {
          OnlineQuizRecord(
            id: $0.id, title: $0.title, facts: $0.facts, inCollection: mine?.contains($0.id))
        }, total: page.total, nextCursor: page.nextCursor)
    }
    router.register(QuizzesAdd.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      guard let online = try OnlineQuizSnapshot.embedded().quiz(id: params.onlineId) else {
        throw QuizError.onlineNotFound(id: params.onlineId)
      }
      return QuizRecord(
        try await quizzes.create(
          userID: session.user.id, title: online.title, facts: online.facts, onlineID: online.id))
    }
    router.register(QuizzesDue.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      let limit = params.limit ?? 20
      guard (1...PageRequest.maxLimit).contains(limit) else {
        throw CatalogError.invalidValue(
          field: "limit", problem: "must be from 1 to \(PageRequest.maxLimit), not \(limit)")
      }
      let due = try await storage.quizzes().dueQuizzes(
        userID: session.user.id, now: quizzes.clock(), limit: limit)
      return QuizzesDue.Result(
        quizzes: due.due.map {
          QuizzesDue.DueQuiz(quiz: QuizRecord($0.quiz), review: $0.review.map(ReviewRecord.init))
        }, total: due.total)
    }
    router.register(QuizzesReview.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      let reviewed = try await quizzes.review(
        userID: session.user.id, id: params.id, grade: params.grade)
      return QuizzesReview.Result(
        id: params.id, grade: params.grade, review: ReviewRecord(reviewed.review),
        repeatToday: reviewed.repeatToday)
    }
  }
}
