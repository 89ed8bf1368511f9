/// An error reply of the service, or a failure to talk to it.
public struct BBFanError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One problem of a form's params: the member it is about and the sentence to show.
  public struct Problem: Codable, Sendable, Hashable {
    /// The member of the params, such as `title`.
    public var field: String
    /// The sentence to show, such as `Title is required`.
    public var problem: String
    /// The check that failed, where the method says (`auth.register`: `invalid-username`,
    /// `username-taken`, `password-mismatch`, `weak-password`).
    public var reason: String?

    /// Creates a problem.
    public init(field: String, problem: String, reason: String? = nil) {
      self.field = field
      self.problem = problem
      self.reason = reason
    }
  }

  /// The JSON-RPC error code (-32603 for a service that went away).
  public var code: Int
  /// The sentence the service wrote.
  public var message: String
  /// The stable `data.reason` of application errors, such as `not-found`.
  public var reason: String?
  /// The `data.field` of -32602 errors.
  public var field: String?
  /// The `data.problem` of -32602 errors: what is wrong with `field`.
  public var problem: String?
  /// The `data.problems` of errors that report every problem of a form at once
  /// (`quizzes.create`; `auth.register`, whose code and other members are its first problem's).
  public var problems: [Problem]?
  /// The `data.existingId` of -32016 `duplicate`: the quiz that already has the title.
  public var existingId: Int?
  /// The `data.limit` of a -32600 `too-large`: the largest message the service reads, in bytes.
  public var limit: Int?

  /// Creates an error.
  public init(
    code: Int, message: String, reason: String? = nil, field: String? = nil,
    problem: String? = nil, problems: [Problem]? = nil, existingId: Int? = nil, limit: Int? = nil
  ) {
    self.code = code
    self.message = message
    self.reason = reason
    self.field = field
    self.problem = problem
    self.problems = problems
    self.existingId = existingId
    self.limit = limit
  }

  /// `message`.
  public var description: String { message }
}
