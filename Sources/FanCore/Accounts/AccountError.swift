/// Why an account operation was refused; each case has a stable reason on the wire.
package enum AccountError: Error, Sendable, Equatable {
  /// The username breaks the rules; the phrase says how.
  case invalidUsername(String)
  /// Another account has this username (case ignored).
  case usernameTaken(String)
  /// The password and its confirmation differ.
  case passwordMismatch
  /// The password breaks these rules.
  case weakPassword([PasswordPolicy.Rule])
  /// No account has this username.
  case unknownUser(String)
  /// The password is not this account's.
  case wrongPassword
  /// Too many failed logins for this username; try again after this many seconds.
  case tooManyAttempts(retryAfter: Int)
  /// No one is signed in, or the token is not a live session.
  case unauthorized
  /// This username is not signed in on the data directory (`auth.switch`).
  case notSignedIn(String)
  /// A registration failed these checks (`invalidUsername`, `usernameTaken`, `passwordMismatch`,
  /// `weakPassword`), in the order they are made: the first decides the error's code, and
  /// every one is reported.
  case registrationRefused([AccountError])
}
