import CCurl
import FanAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How libcurl's result codes read as `UpstreamError.Failure`.
extension CurlTransfer {
  /// The failure that `code` stands for; `errorText` is libcurl's message for it, if any.
  func failureKind(
    _ code: CURLcode, curl: LibCurl, easy: UnsafeMutableRawPointer, errorText: String
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
      // Connecting, waiting for the answer, or a body that stalls: all are the timeout.
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
