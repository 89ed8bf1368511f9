import JSON

/// `quizzes.create`: adds a quiz (a title and at least two facts) to the user's collection.
public enum QuizzesCreate: WireMethod {
  /// The wire name.
  public static let name = "quizzes.create"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .application(.unauthorized), .invalidParams, .application(.duplicate),
  ]

  /// `{title, facts, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The title; required.
    public var title: String?
    /// The facts; at least two.
    public var facts: [String]?
    /// A session token; the current user when left out.
    public var token: String?

    /// A value with these members.
    public init(title: String? = nil, facts: [String]? = nil, token: String? = nil) {
      self.title = title
      self.facts = facts
      self.token = token
    }
  }

  /// The quiz as stored.
  public typealias Result = QuizRecord
}

/// `quizzes.list`: the user's collection, newest first, optionally searched.
public enum QuizzesList: WireMethod {
  /// The wire name.
  public static let name = "quizzes.list"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized)]

  /// `{search?, limit?, cursor?, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// Words to find in a title or fact (case, accents and spacing ignored).
    public var search: String?
    /// The most quizzes a page holds; the whole collection when absent.
    public var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page.
    public var cursor: String?
    /// A session token; the current user when left out.
    public var token: String?

    /// A value with these members.
    public init(
      search: String? = nil, limit: Int? = nil, cursor: String? = nil, token: String? = nil
    ) {
      self.search = search
      self.limit = limit
      self.cursor = cursor
      self.token = token
    }

    /// Decodes; `limit` must be from 1 to `PageRequest.maxLimit`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      search = try container.decodeIfPresent(String.self, forKey: .search)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }
  }

  /// `{quizzes, total, nextCursor}`.
  public struct Result: Codable, Sendable, Equatable {
    /// The page's quizzes, newest first.
    public var quizzes: [QuizRecord]
    /// How many quizzes match, on every page.
    public var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull public var nextCursor: String?

    /// A value with these members.
    public init(quizzes: [QuizRecord], total: Int, nextCursor: String? = nil) {
      self.quizzes = quizzes
      self.total = total
      self.nextCursor = nextCursor
    }
  }
}

/// `quizzes.get`: one quiz of the user's collection, as a flash card shows it.
public enum QuizzesGet: WireMethod {
  /// The wire name.
  public static let name = "quizzes.get"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized), .application(.notFound)]

  /// `{id, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The quiz's id.
    public var id: Int64
    /// A session token; the current user when left out.
    public var token: String?

    /// A value with these members.
    public init(id: Int64, token: String? = nil) {
      self.id = id
      self.token = token
    }
  }

  /// The quiz.
  public typealias Result = QuizRecord
}

/// `quizzes.delete`: removes a quiz from the user's collection.
public enum QuizzesDelete: WireMethod {
  /// The wire name.
  public static let name = "quizzes.delete"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized), .application(.notFound)]

  /// `{id, token?}`.
  public typealias Params = QuizzesGet.Params

  /// The quiz that was deleted.
  public typealias Result = QuizRecord
}

/// `quizzes.online`: the online quiz catalogue, sorted by title, optionally searched.
public enum QuizzesOnline: WireMethod {
  /// The wire name.
  public static let name = "quizzes.online"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized)]

  /// `{search?, limit?, cursor?, token?}`.
  public typealias Params = QuizzesList.Params

  /// `{quizzes, total, nextCursor}`.
  public struct Result: Codable, Sendable, Equatable {
    /// The page's quizzes, by title.
    public var quizzes: [OnlineQuizRecord]
    /// How many quizzes match, on every page.
    public var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull public var nextCursor: String?

    /// A value with these members.
    public init(quizzes: [OnlineQuizRecord], total: Int, nextCursor: String? = nil) {
      self.quizzes = quizzes
      self.total = total
      self.nextCursor = nextCursor
    }
  }
}

/// `quizzes.add`: copies an online quiz into the user's collection.
public enum QuizzesAdd: WireMethod {
  /// The wire name.
  public static let name = "quizzes.add"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .application(.unauthorized), .application(.notFound), .application(.duplicate),
  ]

  /// `{onlineId, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The online quiz's id (a string).
    public var onlineId: String
    /// A session token; the current user when left out.
    public var token: String?

    /// A value with these members.
    public init(onlineId: String, token: String? = nil) {
      self.onlineId = onlineId
      self.token = token
    }
  }

  /// The quiz as stored in the collection.
  public typealias Result = QuizRecord
}

/// `quizzes.due`: the user's quizzes due for review now (SM-2), never-reviewed ones first.
public enum QuizzesDue: WireMethod {
  /// The wire name.
  public static let name = "quizzes.due"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized)]

  /// `{limit?, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The most quizzes, 1 to 1000; 20 by default.
    public var limit: Int?
    /// A session token; the current user when left out.
    public var token: String?

    /// A value with these members.
    public init(limit: Int? = nil, token: String? = nil) {
      self.limit = limit
      self.token = token
    }
  }

  /// `{quizzes, total}`.
  public struct Result: Codable, Sendable, Equatable {
    /// The due quizzes, each with its review state (null before its first review).
    public var quizzes: [DueQuiz]
    /// How many are due in all.
    public var total: Int

    /// A value with these members.
    public init(quizzes: [DueQuiz], total: Int) {
      self.quizzes = quizzes
      self.total = total
    }
  }

  /// A due quiz.
  public struct DueQuiz: Codable, Sendable, Equatable {
    /// The quiz.
    public var quiz: QuizRecord
    /// Its review state, or null when it was never reviewed.
    @EncodedAsNull public var review: ReviewRecord?

    /// A value with these members.
    public init(quiz: QuizRecord, review: ReviewRecord? = nil) {
      self.quiz = quiz
      self.review = review
    }
  }
}

/// `quizzes.review`: records how well a quiz was recalled and schedules its next review.
public enum QuizzesReview: WireMethod {
  /// The wire name.
  public static let name = "quizzes.review"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .application(.unauthorized), .application(.notFound), .invalidParams,
  ]

  /// `{id, grade, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The quiz's id.
    public var id: Int64
    /// `again`, `hard`, `good` or `easy`.
    public var grade: ReviewGrade
    /// A session token; the current user when left out.
    public var token: String?

    /// A value with these members.
    public init(id: Int64, grade: ReviewGrade, token: String? = nil) {
      self.id = id
      self.grade = grade
      self.token = token
    }

    /// Decodes; an unknown grade is an error naming the four.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int64.self, forKey: .id)
      let text = try container.decode(String.self, forKey: .grade)
      guard let grade = ReviewGrade(rawValue: text) else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.grade],
            debugDescription: "must be again, hard, good or easy, not \(BriefQuote.quoted(text))"))
      }
      self.grade = grade
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }
  }

  /// The quiz's new state.
  public struct Result: Codable, Sendable, Equatable {
    /// The quiz's id.
    public var id: Int64
    /// The grade recorded.
    public var grade: ReviewGrade
    /// The new state: when it is due next, and why.
    public var review: ReviewRecord
    /// Whether SM-2 asks to review it again today (a grade below good).
    public var repeatToday: Bool

    /// A value with these members.
    public init(id: Int64, grade: ReviewGrade, review: ReviewRecord, repeatToday: Bool) {
      self.id = id
      self.grade = grade
      self.review = review
      self.repeatToday = repeatToday
    }
  }
}
