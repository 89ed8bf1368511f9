import FanAPI
import FanCore
import FanStorage
import JSONRPC

/// `quizzes.create`: adds a quiz (a title and at least two facts) to the user's collection.
package enum QuizzesCreate: RPCMethod {
  /// The wire name.
  package static let name = "quizzes.create"
  /// Writes the user's collection.
  package static let scheduling = Scheduling.userState

  /// `{title, facts, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The title; required.
    package var title: String?
    /// The facts; at least two.
    package var facts: [String]?
    /// A session token; the current user when left out.
    package var token: String?
  }

  /// The quiz as stored.
  package typealias Result = QuizRecord
}

/// `quizzes.list`: the user's collection, newest first, optionally searched.
package enum QuizzesList: RPCMethod {
  /// The wire name.
  package static let name = "quizzes.list"
  /// Reads the user's collection, in order with their writes.
  package static let scheduling = Scheduling.userState

  /// `{search?, limit?, cursor?, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// Words to find in a title or fact (case, accents and spacing ignored).
    package var search: String?
    /// The most quizzes a page holds; the whole collection when absent.
    package var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page.
    package var cursor: String?
    /// A session token; the current user when left out.
    package var token: String?

    /// Decodes; `limit` must be from 1 to `PageRequest.maxLimit`.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      search = try container.decodeIfPresent(String.self, forKey: .search)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }
  }

  /// `{quizzes, total, nextCursor}`.
  package struct Result: Codable, Sendable, Equatable {
    /// The page's quizzes, newest first.
    package var quizzes: [QuizRecord]
    /// How many quizzes match, on every page.
    package var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull package var nextCursor: String?
  }
}

/// `quizzes.get`: one quiz of the user's collection, as a flash card shows it.
package enum QuizzesGet: RPCMethod {
  /// The wire name.
  package static let name = "quizzes.get"
  /// Reads the user's collection.
  package static let scheduling = Scheduling.userState

  /// `{id, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The quiz's id.
    package var id: Int64
    /// A session token; the current user when left out.
    package var token: String?
  }

  /// The quiz.
  package typealias Result = QuizRecord
}

/// `quizzes.delete`: removes a quiz from the user's collection.
package enum QuizzesDelete: RPCMethod {
  /// The wire name.
  package static let name = "quizzes.delete"
  /// Writes the user's collection.
  package static let scheduling = Scheduling.userState

  /// `{id, token?}`.
  package typealias Params = QuizzesGet.Params

  /// The quiz that was deleted.
  package typealias Result = QuizRecord
}

/// `quizzes.online`: the online quiz catalogue, sorted by title, optionally searched.
package enum QuizzesOnline: RPCMethod {
  /// The wire name.
  package static let name = "quizzes.online"
  /// Reads the user's collection for `inCollection`.
  package static let scheduling = Scheduling.userState

  /// `{search?, limit?, cursor?, token?}`.
  package typealias Params = QuizzesList.Params

  /// `{quizzes, total, nextCursor}`.
  package struct Result: Codable, Sendable, Equatable {
    /// The page's quizzes, by title.
    package var quizzes: [OnlineQuizRecord]
    /// How many quizzes match, on every page.
    package var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull package var nextCursor: String?
  }
}

/// An online quiz on the wire.
package struct OnlineQuizRecord: Codable, Sendable, Equatable {
  /// The catalogue's id: a string, as the API has it.
  package var id: String
  /// The title, as the API has it.
  package var title: String
  /// The facts, as the API has them.
  package var facts: [String]
  /// Whether the signed-in user added it; absent when nobody is signed in.
  package var inCollection: Bool?
}

/// `quizzes.add`: copies an online quiz into the user's collection.
package enum QuizzesAdd: RPCMethod {
  /// The wire name.
  package static let name = "quizzes.add"
  /// Writes the user's collection.
  package static let scheduling = Scheduling.userState

  /// `{onlineId, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The online quiz's id (a string).
    package var onlineId: String
    /// A session token; the current user when left out.
    package var token: String?
  }

  /// The quiz as stored in the collection.
  package typealias Result = QuizRecord
}

/// `quizzes.due`: the user's quizzes due for review now (SM-2), never-reviewed ones first.
package enum QuizzesDue: RPCMethod {
  /// The wire name.
  package static let name = "quizzes.due"
  /// Reads the user's review state.
  package static let scheduling = Scheduling.userState

  /// `{limit?, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The most quizzes, 1 to 1000; 20 by default.
    package var limit: Int?
    /// A session token; the current user when left out.
    package var token: String?
  }

  /// `{quizzes, total}`.
  package struct Result: Codable, Sendable, Equatable {
    /// The due quizzes, each with its review state (null before its first review).
    package var quizzes: [DueQuiz]
    /// How many are due in all.
    package var total: Int
  }

  /// A due quiz.
  package struct DueQuiz: Codable, Sendable, Equatable {
    /// The quiz.
    package var quiz: QuizRecord
    /// Its review state, or null when it was never reviewed.
    @EncodedAsNull package var review: ReviewRecord?
  }
}

/// `quizzes.review`: records how well a quiz was recalled and schedules its next review.
package enum QuizzesReview: RPCMethod {
  /// The wire name.
  package static let name = "quizzes.review"
  /// Writes the user's review state.
  package static let scheduling = Scheduling.userState

  /// `{id, grade, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The quiz's id.
    package var id: Int64
    /// `again`, `hard`, `good` or `easy`.
    package var grade: ReviewGrade
    /// A session token; the current user when left out.
    package var token: String?

    /// Decodes; an unknown grade is an error naming the four.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int64.self, forKey: .id)
      let text = try container.decode(String.self, forKey: .grade)
      guard let grade = ReviewGrade(rawValue: text) else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.grade],
            debugDescription: "must be again, hard, good or easy, not \"\(text)\""))
      }
      self.grade = grade
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }
  }

  /// The quiz's new state.
  package struct Result: Codable, Sendable, Equatable {
    /// The quiz's id.
    package var id: Int64
    /// The grade recorded.
    package var grade: ReviewGrade
    /// The new state: when it is due next, and why.
    package var review: ReviewRecord
    /// Whether SM-2 asks to review it again today (a grade below good).
    package var repeatToday: Bool
  }
}

extension FanService {
  /// Registers the `quizzes.*` methods.
  func registerQuizMethods(into router: inout MethodRouter) {
    let accounts = self.accounts
    let quizzes = QuizService(
      storage: storage, clock: configuration.clock?.now ?? StorageDefaults.wallClock)
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
