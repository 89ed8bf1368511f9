import FanAPI
// NSObject and URLError live in Foundation proper; FoundationNetworking needs it anyway.
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange over URLSession, with its body capped while it streams in.
///
/// It is the session's delegate, so the cap is enforced as bytes arrive (a declared
/// `Content-Length` over the cap is refused before any body is read) and cancelling the
/// calling task cancels the transfer.
final class HTTPTransfer: NSObject, URLSessionDataDelegate, Sendable {
  private struct State {
    var body = Data()
    var response: HTTPURLResponse?
    var overflowed = false
    var continuation: CheckedContinuation<HTTPAnswer, any Error>?
    var outcome: Result<HTTPAnswer, any Error>?
  }

  private let state = Mutex(State())
  private let maxBytes: Int
  private let url: String
  private let timeoutSeconds: Double
  private let followsRedirects: Bool

  private init(url: String, maxBytes: Int, timeoutSeconds: Double, followsRedirects: Bool) {
    self.url = url
    self.maxBytes = maxBytes
    self.timeoutSeconds = timeoutSeconds
    self.followsRedirects = followsRedirects
  }

  /// Performs `exchange` and returns the answer, whatever its HTTP status.
  ///
  /// Throws `UpstreamError` for a transport failure or an oversized body, and
  /// `CancellationError` when the calling task is cancelled.
  static func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
    let url = exchange.url
    guard let target = URL(string: url) else {
      throw UpstreamError(url: url, failure: .network("not a URL"))
    }
    var request = URLRequest(url: target)
    request.httpMethod = "GET"
    request.timeoutInterval = exchange.timeoutSeconds
    for (name, value) in exchange.headers { request.setValue(value, forHTTPHeaderField: name) }
    let timeoutSeconds = exchange.timeoutSeconds
    let transfer = HTTPTransfer(
      url: url, maxBytes: exchange.maxBytes, timeoutSeconds: timeoutSeconds,
      followsRedirects: exchange.followsRedirects ?? true)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeoutSeconds
    configuration.timeoutIntervalForResource = timeoutSeconds
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    let answer = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let early = transfer.state.withLock { state -> Result<HTTPAnswer, any Error>? in
          if let outcome = state.outcome { return outcome }
          state.continuation = continuation
          return nil
        }
        if let early {
          continuation.resume(with: early)
        } else {
          task.resume()
        }
      }
    } onCancel: {
      // Answer at once rather than wait for URLSession to report the cancellation.
      transfer.finish(.failure(CancellationError()))
      task.cancel()
    }
    try Task.checkCancellation()
    return answer
  }

  /// Resumes the caller with `outcome`, unless it has already been answered.
  ///
  /// An oversized body and a cancellation answer here at once: the caller never depends on
  /// URLSession reporting the completion of a task it was told to cancel.
  private func finish(_ outcome: Result<HTTPAnswer, any Error>) {
    let continuation = state.withLock { state -> CheckedContinuation<HTTPAnswer, any Error>? in
      guard state.outcome == nil else { return nil }
      state.outcome = outcome
      let continuation = state.continuation
      state.continuation = nil
      return continuation
    }
    continuation?.resume(with: outcome)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    // Refused, the redirect's own answer (3xx, with its Location) is what the caller gets.
    completionHandler(followsRedirects ? request : nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let tooLarge = response.expectedContentLength > Int64(maxBytes)
    state.withLock {
      $0.response = http
      $0.overflowed = tooLarge
    }
    if tooLarge { finish(.failure(UpstreamError(url: url, failure: .tooLarge(limit: maxBytes)))) }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflowed = state.withLock { state -> Bool in
      guard !state.overflowed else { return true }
      if state.body.count + data.count > maxBytes {
        state.overflowed = true
        state.body = Data()
        return true
      }
      state.body.append(data)
      return false
    }
    if overflowed {
      finish(.failure(UpstreamError(url: url, failure: .tooLarge(limit: maxBytes))))
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let outcome = state.withLock { self.outcome($0, error) }
    finish(outcome)
  }

  private func outcome(_ state: State, _ error: (any Error)?) -> Result<HTTPAnswer, any Error> {
    if state.overflowed {
      return .failure(UpstreamError(url: url, failure: .tooLarge(limit: maxBytes)))
    }
    if let error {
      // A body shorter than its declared length: the server closed the connection early.
      if let response = state.response, response.expectedContentLength > state.body.count,
        (error as? URLError)?.code != .cancelled
      {
        return .failure(UpstreamError(url: url, failure: .connectionLost))
      }
      return .failure(upstreamError(for: error))
    }
    guard let response = state.response else {
      return .failure(UpstreamError(url: url, failure: .network("no HTTP response")))
    }
    var headers: [String: String] = [:]
    for (key, value) in response.allHeaderFields {
      if let key = key as? String, let value = value as? String { headers[key] = value }
    }
    return .success(HTTPAnswer(status: response.statusCode, headers: headers, body: state.body))
  }

  private func upstreamError(for error: any Error) -> any Error {
    guard let error = error as? URLError else {
      return UpstreamError(url: url, failure: .network(String(describing: error)))
    }
    switch error.code {
    case .cancelled:
      return CancellationError()
    case .cannotConnectToHost:
      return UpstreamError(url: url, failure: .connectionRefused)
    case .timedOut:
      return UpstreamError(url: url, failure: .timedOut(seconds: timeoutSeconds))
    case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
      return UpstreamError(url: url, failure: .unreachable(error.localizedDescription))
    case .networkConnectionLost:
      return UpstreamError(url: url, failure: .connectionLost)
    default:
      return UpstreamError(url: url, failure: .network(error.localizedDescription))
    }
  }
}
