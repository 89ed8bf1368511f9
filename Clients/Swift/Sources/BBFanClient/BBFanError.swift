/// An error reply of the service, or a failure to talk to it.
public struct BBFanError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One problem of invalid params: the member it is about and the sentence to show.
  public struct Problem: Codable, Sendable, Hashable {
    /// The member of the params, such as `title`.
    public var field: String
    /// The sentence to show, such as `Title is required`.
    public var problem: String

    /// Creates a problem.
    public init(field: String, problem: String) {
      self.field = field
      self.problem = problem
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
  /// The `data.problems` of -32602 errors that report every problem at once (`quizzes.create`).
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
