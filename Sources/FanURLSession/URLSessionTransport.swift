import FanAPI

/// HTTP over Foundation's URLSession, in this process (`FoundationNetworking`, libcurl, on Linux).
///
/// `bbfan-fetch` and the tests use it directly; the service reaches it through that helper.
package struct URLSessionTransport: HTTPTransport {
  /// Creates the transport.
  package init() {}

  /// Performs `exchange` with a URLSession of its own, the body capped as it streams in.
  ///
  /// A watchdog ends the exchange one second after its timeout whatever URLSession does: on
  /// Linux the timeout does not always cover connecting (a dropped SYN is retried for half a
  /// minute), and a request must never outlive its limit.
  package func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
    try await withThrowingTaskGroup(of: HTTPAnswer?.self) { group in
      group.addTask { try await HTTPTransfer.perform(exchange) }
      group.addTask {
        try await Task.sleep(for: .milliseconds(Int((exchange.timeoutSeconds + 1) * 1000)))
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let answer = first else {
        throw UpstreamError(
          url: exchange.url, failure: .timedOut(seconds: exchange.timeoutSeconds))
      }
      return answer
    }
  }
}
