import FanCurl
import Testing

@Suite("libcurl, loaded on demand")
struct LibCurlTests {
  #if os(Linux)
    @Test("the system's libcurl loads, and a transfer's set-up succeeds")
    func loadsSystemLibrary() throws {
      let loaded = LibCurl.load(from: ["libcurl.so.4", "libcurl.so"])
      #expect(throws: Never.self) { try loaded.get() }
      #expect(CurlTransport.prepare())
    }

    @Test("a library that is not libcurl is refused, naming it and the missing function")
    func refusesOtherLibrary() {
      guard case .failure(let problem) = LibCurl.load(from: ["libz.so.1"]) else {
        Issue.record("libz was taken for libcurl")
        return
      }
      #expect(problem.description.contains("libz.so.1, loaded as libcurl, has no curl_"))
    }
  #endif

  @Test("none found: the failure says what to install and what was tried")
  func missingLibrary() {
    guard case .failure(let problem) = LibCurl.load(from: ["/nonexistent/libcurl.so.4"]) else {
      Issue.record("a library that does not exist loaded")
      return
    }
    #expect(problem.description.hasPrefix("HTTP needs libcurl, which is not installed"))
    #expect(problem.description.contains("BBFAN_LIBCURL"))
    #expect(problem.description.contains("/nonexistent/libcurl.so.4"))
  }
}
