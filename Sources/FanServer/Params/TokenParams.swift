/// `{token?}`: the params of the methods that only act for a user.
package struct TokenParams: Codable, Sendable, Equatable {
  /// A session token from `auth.login` or `auth.register`; the current user when left out.
  package var token: String?
}
