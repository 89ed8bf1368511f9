/// The service's own errors: each code (-32001 and on) with its stable `data.reason`.
///
/// A client reads an error by its code and reason as numbers and text, so one this build does
/// not know (from a newer server) is still an error it can show.
public enum ApplicationError: Int, CaseIterable, Sendable {
  /// `unauthorized`: nobody is signed in, or the token is not a live session.
  case unauthorized = -32001
  /// `unknown-user`: no account has that username.
  case unknownUser = -32002
  /// `wrong-password`: the password is not the account's.
  case wrongPassword = -32003
  /// `not-found`: no record has that id, or nothing matches.
  case notFound = -32004
  /// `too-many-attempts`: too many failed logins; `data.retryAfter` says how long to wait.
  case tooManyAttempts = -32005
  /// `username-taken`: another account has that username.
  case usernameTaken = -32006
  /// `password-mismatch`: the password and its confirmation differ.
  case passwordMismatch = -32007
  /// `weak-password`: the password breaks rules, listed in `data.rules`.
  case weakPassword = -32008
  /// `storage-unavailable`: the data directory cannot be used; `data.failure` says why
  /// (`corrupt`, `read-only`, `disk-full`, `busy`, `io-error`, `newer-schema`, `cannot-open`,
  /// `missing-library`, `unavailable`), `data.path` which file or folder (or the database's
  /// address, without its password).
  case storageUnavailable = -32010
  /// `upstream-unavailable`: the live API or image host did not answer usably (refused,
  /// timed out, HTTP error, rate limited); `data.failure` says which, `data.url` where.
  case upstreamUnavailable = -32011
  /// `upstream-invalid`: the server answered, but with something that cannot be used
  /// (not JSON, the wrong shape, too large); `data.failure` says which.
  case upstreamInvalid = -32012
  /// `not-an-image`: the URL answered with something other than an image.
  case notAnImage = -32013
  /// `no-live-source`: the service was started without `--source URL`.
  case noLiveSource = -32014
  /// `refresh-in-progress`: another `catalog.refresh` is running on this service.
  case refreshInProgress = -32015
  /// `duplicate`: the user's collection already holds a quiz with that title (case, accents
  /// and spacing ignored); `data.existingId` is its id.
  case duplicate = -32016

  /// The `data.reason` string.
  public var reason: String {
    switch self {
    case .unauthorized: return "unauthorized"
    case .unknownUser: return "unknown-user"
    case .wrongPassword: return "wrong-password"
    case .notFound: return "not-found"
    case .tooManyAttempts: return "too-many-attempts"
    case .usernameTaken: return "username-taken"
    case .passwordMismatch: return "password-mismatch"
    case .weakPassword: return "weak-password"
    case .storageUnavailable: return "storage-unavailable"
    case .upstreamUnavailable: return "upstream-unavailable"
    case .upstreamInvalid: return "upstream-invalid"
    case .notAnImage: return "not-an-image"
    case .noLiveSource: return "no-live-source"
    case .refreshInProgress: return "refresh-in-progress"
    case .duplicate: return "duplicate"
    }
  }
}
