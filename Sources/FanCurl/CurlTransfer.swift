import CCurl
import FanAPI
import FoundationEssentials
import POSIXSupport
import Synchronization

/// One GET over libcurl's multi interface, run on a thread of its own.
///
/// The callbacks (`CurlTransfer+Callbacks.swift`) gather the headers and the body, and stop the
/// transfer once the body would pass the cap. The caller is answered once: by the transfer's
/// thread when it ends, or at once by a cancellation, which also wakes the thread from its poll
/// so it stops and frees the connection.
final class CurlTransfer: Sendable {
  /// What the callbacks gather from the response.
  struct Received: ~Copyable {
    /// The headers of the last response (a redirect's are dropped), repeated names joined
    /// with ", ".
    var headers: [String: String] = [:]
    /// The body so far.
    var body: BodyBuffer
    /// Whether the body went past the cap (its bytes are then dropped).
    var overflowed = false
  }

  /// A multi handle, to be woken from another thread (`curl_multi_wakeup` is thread-safe; the
  /// handle is cleared under the lock before it is cleaned up).
  private struct Waker: @unchecked Sendable {
    let multi: UnsafeMutableRawPointer
    let wakeup: @convention(c) (UnsafeMutableRawPointer?) -> CURLMcode
  }

  private struct Control {
    var continuation: CheckedContinuation<HTTPAnswer, any Error>?
    var answered = false
    var cancelled = false
    /// The multi handle while the transfer runs, for `curl_multi_wakeup`.
    var waker: Waker?
  }

  /// libcurl, loaded and given its process-wide set-up (OpenSSL's included) once, before the
  /// first transfer; the failure says why there can be none.
  static let library: Result<LibCurl, LibCurl.LoadError> = LibCurl.shared.flatMap { curl in
    curl.globalInit(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
      ? .success(curl) : .failure(LibCurl.LoadError(description: "libcurl cannot be initialised"))
  }

  /// The exchange performed.
  let exchange: HTTPExchange
  /// What the callbacks gathered.
  let received: Mutex<Received>
  private let control = Mutex(Control())

  /// Loads libcurl, does its process-wide set-up (OpenSSL's included) and makes the shared
  /// connection cache now, rather than on the first transfer; false if libcurl cannot be loaded
  /// or initialised (the first transfer then fails saying so).
  static func prepare() -> Bool {
    guard case .success = library else { return false }
    _ = CurlShare.shared
    return true
  }

  private init(_ exchange: HTTPExchange) {
    self.exchange = exchange
    received = Mutex(Received(body: BodyBuffer(capacity: exchange.maxBytes)))
  }

  /// Performs `exchange` and returns the answer, whatever its HTTP status.
  ///
  /// Throws `UpstreamError` for a transport failure or an oversized body, and
  /// `CancellationError` when the calling task is cancelled.
  static func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
    let transfer = CurlTransfer(exchange)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = transfer.control.withLock { control -> Bool in
          if control.cancelled { return true }
          control.continuation = continuation
          return false
        }
        if cancelled {
          continuation.resume(throwing: CancellationError())
          return
        }
        let started = OSThread.detach { transfer.finish(Result { try transfer.run() }) }
        if started != 0 {
          transfer.finish(
            .failure(
              UpstreamError(
                url: exchange.url, failure: .network("cannot start a thread (error \(started))"))))
        }
      }
    } onCancel: {
      transfer.cancel()
    }
  }

  /// Answers the caller with a cancellation now, and wakes the transfer so that it stops.
  private func cancel() {
    let continuation = control.withLock { control -> CheckedContinuation<HTTPAnswer, any Error>? in
      control.cancelled = true
      if let waker = control.waker { _ = waker.wakeup(waker.multi) }
      guard !control.answered else { return nil }
      control.answered = true
      defer { control.continuation = nil }
      return control.continuation
    }
    continuation?.resume(throwing: CancellationError())
  }

  /// Answers the caller with `outcome`, unless a cancellation has answered it already.
  private func finish(_ outcome: Result<HTTPAnswer, any Error>) {
    let continuation = control.withLock { control -> CheckedContinuation<HTTPAnswer, any Error>? in
      guard !control.answered else { return nil }
      control.answered = true
      defer { control.continuation = nil }
      return control.continuation
    }
    continuation?.resume(with: outcome)
  }

  /// The seconds allowed to connect: the exchange's connect timeout, at most its whole timeout.
  var connectSeconds: Double {
    let whole = exchange.timeoutSeconds.isFinite ? exchange.timeoutSeconds : 86_400
    guard let connect = exchange.connectTimeoutSeconds, connect.isFinite else { return whole }
    return min(connect, whole)
  }

  /// A failure of this exchange.
  func failure(_ failure: UpstreamError.Failure) -> UpstreamError {
    UpstreamError(url: exchange.url, failure: failure)
  }

  // MARK: - On the transfer's thread

  /// Runs the transfer to its end, a failure, or a cancellation.
  private func run() throws -> HTTPAnswer {
    let curl: LibCurl
    switch Self.library {
    case .success(let loaded): curl = loaded
    case .failure(let problem): throw failure(.network(problem.description))
    }
    guard let easy = curl.easyInit() else {
      throw failure(.network("libcurl cannot be initialised"))
    }
    defer { curl.easyCleanup(easy) }
    let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    defer { errorText.deallocate() }
    var headerList: UnsafeMutablePointer<curl_slist>?
    defer { curl.slistFreeAll(headerList) }
    for (name, value) in exchange.headers.sorted(by: { $0.key < $1.key }) {
      guard let longer = curl.slistAppend(headerList, "\(name): \(value)") else {
        throw failure(.network("out of memory"))
      }
      headerList = longer
    }
    try configure(easy, curl: curl, headers: headerList, errorText: errorText)

    guard let multi = curl.multiInit() else { throw failure(.network("out of memory")) }
    defer { _ = curl.multiCleanup(multi) }
    guard curl.multiAddHandle(multi, easy) == CURLM_OK else {
      throw failure(.network("libcurl cannot start the transfer"))
    }
    defer { _ = curl.multiRemoveHandle(multi, easy) }
    let waker = Waker(multi: multi, wakeup: curl.multiWakeup)
    control.withLock { $0.waker = waker }
    defer { control.withLock { $0.waker = nil } }

    let clock = ContinuousClock()
    let started = clock.now
    let code = try drive(multi, curl: curl)
    let elapsed = clock.now - started
    if control.withLock({ $0.cancelled }) { throw CancellationError() }
    let (overflowed, headers, body) = received.withLock { received in
      (received.overflowed, received.headers, received.body.take())
    }
    if overflowed || code == CURLE_FILESIZE_EXCEEDED {
      throw failure(.tooLarge(limit: exchange.maxBytes))
    }
    guard code == CURLE_OK else {
      throw failure(
        failureKind(
          code, curl: curl, easy: easy, errorText: String(cString: errorText), elapsed: elapsed))
    }
    var status = 0
    _ = bbfan_curl_getinfo_long(curl.easyGetinfo, easy, CURLINFO_RESPONSE_CODE, &status)
    return HTTPAnswer(status: status, headers: headers, body: body)
  }

  /// Sets the request's options on `easy`.
  private func configure(
    _ easy: UnsafeMutableRawPointer, curl: LibCurl, headers: UnsafeMutablePointer<curl_slist>?,
    errorText: UnsafeMutablePointer<CChar>
  ) throws {
    // bbfan allows up to an hour; anything else that reaches here is bounded, never a trap.
    let seconds = exchange.timeoutSeconds.isFinite ? exchange.timeoutSeconds : 86_400
    let milliseconds = Int(min(max(seconds, 0.001), 86_400) * 1000)
    // Connecting (name lookup included) has a bound of its own, never past the whole exchange's.
    let connecting = Int(min(max(connectSeconds, 0.001), 86_400) * 1000)
    let context = Unmanaged.passUnretained(self).toOpaque()
    let follows = exchange.followsRedirects ?? true
    let setopt = curl.easySetopt
    var results = [
      bbfan_curl_setopt_string(setopt, easy, CURLOPT_URL, exchange.url),
      bbfan_curl_setopt_long(setopt, easy, CURLOPT_HTTPGET, 1),
      bbfan_curl_setopt_string(setopt, easy, CURLOPT_PROTOCOLS_STR, "http,https"),
      bbfan_curl_setopt_string(setopt, easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
      // Not followed, a redirect is the answer: its 3xx status and headers (with Location),
      // which the caller turns into `redirected`; followed, at most five in a row.
      bbfan_curl_setopt_long(setopt, easy, CURLOPT_FOLLOWLOCATION, follows ? 1 : 0),
      bbfan_curl_setopt_long(setopt, easy, CURLOPT_MAXREDIRS, 5),
      // Threads of their own and no signals: name resolution times out without SIGALRM.
      bbfan_curl_setopt_long(setopt, easy, CURLOPT_NOSIGNAL, 1),
      bbfan_curl_setopt_long(setopt, easy, CURLOPT_TIMEOUT_MS, milliseconds),
      bbfan_curl_setopt_long(
        setopt, easy, CURLOPT_CONNECTTIMEOUT_MS, min(connecting, milliseconds)),
      // A declared Content-Length over the cap fails before any of the body is read.
      bbfan_curl_setopt_off(setopt, easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(exchange.maxBytes)),
      bbfan_curl_setopt_list(setopt, easy, CURLOPT_HTTPHEADER, headers),
      bbfan_curl_setopt_pointer(setopt, easy, CURLOPT_ERRORBUFFER, errorText),
      bbfan_curl_setopt_callback(setopt, easy, CURLOPT_HEADERFUNCTION, CurlTransfer.headerCallback),
      bbfan_curl_setopt_pointer(setopt, easy, CURLOPT_HEADERDATA, context),
      bbfan_curl_setopt_callback(setopt, easy, CURLOPT_WRITEFUNCTION, CurlTransfer.writeCallback),
      bbfan_curl_setopt_pointer(setopt, easy, CURLOPT_WRITEDATA, context),
    ]
    // Connections left open by earlier transfers to the same host are reused.
    if let share = CurlShare.shared {
      results.append(bbfan_curl_setopt_pointer(setopt, easy, CURLOPT_SHARE, share.handle))
    }
    if let refused = results.first(where: { $0 != CURLE_OK }) {
      throw failure(
        .network("libcurl refused an option: \(LibCurl.string(curl.easyStrerror(refused)))"))
    }
  }

  /// Runs `multi` until its one transfer ends or is cancelled; returns the transfer's result.
  private func drive(_ multi: UnsafeMutableRawPointer, curl: LibCurl) throws -> CURLcode {
    while true {
      if control.withLock({ $0.cancelled }) { return CURLE_ABORTED_BY_CALLBACK }
      var running: Int32 = 0
      let performed = curl.multiPerform(multi, &running)
      guard performed == CURLM_OK else {
        throw failure(.network(LibCurl.string(curl.multiStrerror(performed))))
      }
      if running == 0 {
        var left: Int32 = 0
        while let message = curl.multiInfoRead(multi, &left) {
          if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
        }
        throw failure(.network("libcurl ended the transfer without a result"))
      }
      // Waits for the socket, libcurl's next timer, or a wake-up from `cancel()`.
      let polled = curl.multiPoll(multi, nil, 0, 1000, nil)
      guard polled == CURLM_OK else {
        throw failure(.network(LibCurl.string(curl.multiStrerror(polled))))
      }
    }
  }
}
