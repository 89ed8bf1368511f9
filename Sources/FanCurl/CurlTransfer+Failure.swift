import CCurl
import FanAPI
import POSIXSupport

/// How libcurl's result codes read as `UpstreamError.Failure`.
extension CurlTransfer {
  /// The failure that `code` stands for; `errorText` is libcurl's message for it, if any, and
  /// `elapsed` how long the transfer ran.
  func failureKind(
    _ code: CURLcode, curl: LibCurl, easy: UnsafeMutableRawPointer, errorText: String,
    elapsed: Duration
  ) -> UpstreamError.Failure {
    let detail = errorText.isEmpty ? LibCurl.string(curl.easyStrerror(code)) : errorText
    switch code {
    case CURLE_COULDNT_CONNECT:
      var osError = 0
      _ = bbfan_curl_getinfo_long(curl.easyGetinfo, easy, CURLINFO_OS_ERRNO, &osError)
      return osError == Int(ECONNREFUSED) ? .connectionRefused : .unreachable(detail)
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .unreachable(detail)
    case CURLE_OPERATION_TIMEDOUT:
      // Ended well before the whole timeout: the connect timeout, so no connection was made
      // (a host that is down, or a network that drops the packets). Else waiting for the
      // answer, or a body that stalls: the timeout.
      let connect = connectSeconds
      let seconds =
        Double(elapsed.components.seconds)
        + Double(elapsed.components.attoseconds) / 1e18
      if connect < exchange.timeoutSeconds, seconds < (connect + exchange.timeoutSeconds) / 2 {
        let shown = connect == connect.rounded() ? String(Int(connect)) : String(connect)
        return .unreachable("no connection within \(shown) second\(connect == 1 ? "" : "s")")
      }
      return .timedOut(seconds: exchange.timeoutSeconds)
    case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
      return .connectionLost
    case CURLE_FILESIZE_EXCEEDED:
      return .tooLarge(limit: exchange.maxBytes)
    default:
      return .network(detail)
    }
  }
}
