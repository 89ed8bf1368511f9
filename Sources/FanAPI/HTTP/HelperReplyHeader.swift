/// The line `bbfan-fetch` writes for each `HelperRequest`: the answer's status and headers (its
/// body follows, exactly `bodyBytes` bytes), or the transport failure.
package struct HelperReplyHeader: Sendable, Equatable, Codable {
  /// A transport failure, as `UpstreamError.Failure` without the URL.
  package struct Failure: Sendable, Equatable, Codable {
    /// `UpstreamError.Failure.kind`.
    package var kind: String
    /// The system's description, for `unreachable` and `network`.
    package var detail: String?
    /// The timeout, for `timeout`.
    package var seconds: Double?
    /// The cap, for `too-large`.
    package var limit: Int?

    /// The failure of `failure` (only transport failures cross the pipe).
    package init(_ failure: UpstreamError.Failure) {
      kind = failure.kind
      switch failure {
      case .unreachable(let text), .network(let text): detail = text
      case .timedOut(let value): seconds = value
      case .tooLarge(let value): limit = value
      default: break
      }
    }

    /// The `UpstreamError.Failure` it stands for.
    package var failure: UpstreamError.Failure {
      switch kind {
      case "connection-refused": return .connectionRefused
      case "unreachable": return .unreachable(detail ?? "")
      case "timeout": return .timedOut(seconds: seconds ?? 0)
      case "connection-lost": return .connectionLost
      case "too-large": return .tooLarge(limit: limit ?? 0)
      default: return .network(detail ?? kind)
      }
    }
  }

  /// What became of a request: an answer, or a transport failure.
  package enum Outcome: Sendable, Equatable {
    /// The server answered.
    case answer(HTTPAnswer)
    /// The request failed.
    case failure(UpstreamError.Failure)
  }

  /// The `id` of the request answered.
  package var id: Int
  /// The HTTP status, when there is an answer.
  package var status: Int?
  /// The response headers, when there is an answer.
  package var headers: [String: String]?
  /// The length of the body that follows the line.
  package var bodyBytes: Int?
  /// The failure, when there is no answer.
  package var failure: Failure?

  /// The header of `answer` to request `id`.
  package init(id: Int, answer: HTTPAnswer) {
    self.id = id
    status = answer.status
    headers = answer.headers
    bodyBytes = answer.body.count
  }

  /// The header of a failure of request `id`.
  package init(id: Int, failure: UpstreamError.Failure) {
    self.id = id
    self.failure = Failure(failure)
  }
}
