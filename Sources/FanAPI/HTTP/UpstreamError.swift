/// Why a request to the live API (or an image host) failed, with the URL it was for.
package struct UpstreamError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  package enum Failure: Sendable, Equatable {
    /// Nothing listens at the host and port.
    case connectionRefused
    /// The host name does not resolve, or the network is down.
    case unreachable(String)
    /// No answer within the timeout, in seconds.
    case timedOut(seconds: Double)
    /// The connection closed before the whole body arrived.
    case connectionLost
    /// Any other transport failure, as the system described it.
    case network(String)
    /// The server answered with an HTTP status other than 200 (or 304 when asked).
    case httpStatus(Int)
    /// The server redirected a request that may not follow redirects (a catalog list, which
    /// must come from under the base URL) to `location`.
    case redirected(location: String)
    /// The server answered 429 or 503 on every attempt, or asked for a longer wait than allowed;
    /// the last `Retry-After` in seconds, if it sent one.
    case rateLimited(status: Int, retryAfter: Int?, attempts: Int)
    /// The body is larger than the limit, in bytes.
    case tooLarge(limit: Int)
    /// A paged list has more pages than the limit (`--max-pages`).
    case tooManyPages(limit: Int)
    /// The bodies of a refresh together are larger than the limit (`--max-refresh-bytes`).
    case refreshTooLarge(limit: Int)
    /// The body is not JSON.
    case invalidJSON(String)
    /// The body is JSON, but not what the route returns; `detail` names the field.
    case wrongShape(String)
    /// The body is not an image (its `Content-Type`, if any).
    case notAnImage(contentType: String?)

    /// A stable, machine-readable name for the failure (`data.failure` on the wire).
    package var kind: String {
      switch self {
      case .connectionRefused: return "connection-refused"
      case .unreachable: return "unreachable"
      case .timedOut: return "timeout"
      case .connectionLost: return "connection-lost"
      case .network: return "network"
      case .httpStatus: return "http-status"
      case .redirected: return "redirected"
      case .rateLimited: return "rate-limited"
      case .tooLarge, .refreshTooLarge: return "too-large"
      case .tooManyPages: return "too-many-pages"
      case .invalidJSON: return "invalid-json"
      case .wrongShape: return "wrong-shape"
      case .notAnImage: return "not-an-image"
      }
    }

    /// Whether the server was reached and sent a body that cannot be used (rather than not
    /// answering properly at all).
    package var isContentProblem: Bool {
      switch self {
      case .tooLarge, .tooManyPages, .refreshTooLarge, .invalidJSON, .wrongShape, .notAnImage:
        return true
      default: return false
      }
    }
  }

  /// The URL requested.
  package var url: String
  /// What went wrong.
  package var failure: Failure

  /// Creates an error.
  package init(url: String, failure: Failure) {
    self.url = url
    self.failure = failure
  }

  /// What happened, without the URL: `HTTP 500 (Internal Server Error)`.
  package var summary: String {
    switch failure {
    case .connectionRefused: return "the connection was refused (is the server running?)"
    case .unreachable(let detail): return "the host cannot be reached (\(detail))"
    case .timedOut(let seconds):
      return "no answer within \(UpstreamError.format(seconds)) seconds"
    case .connectionLost: return "the connection closed before the whole answer arrived"
    case .network(let detail): return "the request failed (\(detail))"
    case .httpStatus(let status):
      return "the server answered HTTP \(status)\(UpstreamError.reasonPhrase(status))"
    case .redirected(let location):
      return
        "the server redirects to \(location); catalog lists are not fetched across redirects, "
        + "so give --source the URL the server wants"
    case .rateLimited(let status, let retryAfter?, let attempts):
      return
        "the server answered HTTP \(status) after \(attempts) attempt\(attempts == 1 ? "" : "s") "
        + "and asks to wait \(retryAfter) second\(retryAfter == 1 ? "" : "s")"
    case .rateLimited(let status, nil, let attempts):
      return "the server answered HTTP \(status) to all \(attempts) attempts"
    case .tooLarge(let limit): return "the answer is larger than the \(limit)-byte limit"
    case .tooManyPages(let limit):
      return "the list goes on past the \(limit)-page limit (see --max-pages)"
    case .refreshTooLarge(let limit):
      return
        "the lists together are larger than the \(limit)-byte limit of a refresh "
        + "(see --max-refresh-bytes)"
    case .invalidJSON(let detail): return "the answer is not valid JSON (\(detail))"
    case .wrongShape(let detail): return "the answer has the wrong shape: \(detail)"
    case .notAnImage(let type?): return "the answer is \(type), not an image"
    case .notAnImage(nil):
      return "the answer has no Content-Type, so it is not known to be an image"
    }
  }

  /// The request and what happened to it, as one sentence.
  package var description: String { "GET \(url) failed: \(summary)" }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }

  private static func reasonPhrase(_ status: Int) -> String {
    let phrases = [
      400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
      410: "Gone", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
      503: "Service Unavailable", 504: "Gateway Timeout",
    ]
    return phrases[status].map { " (\($0))" } ?? ""
  }
}
