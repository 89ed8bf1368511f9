/// `{token?}`: the params of the methods that only act for a user.
public struct TokenParams: Codable, Sendable, Equatable {
  /// A session token from `auth.login` or `auth.register`; the current user when left out.
  public var token: String?

  /// A value with these members.
  public init(token: String? = nil) {
    self.token = token
  }
}
