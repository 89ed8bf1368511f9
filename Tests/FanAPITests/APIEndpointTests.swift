import FanAPI
import Foundation
import Testing

@Suite("API endpoint: every route built with URLComponents")
struct APIEndpointTests {
  @Test(
    "routes under a base with and without a trailing slash",
    arguments: ["https://www.breakingbadapi.com/api", "https://www.breakingbadapi.com/api/"])
  func routes(base: String) throws {
    let endpoint = try APIEndpoint(base: base)
    #expect(endpoint.name == "https://www.breakingbadapi.com/api")
    let expected: [(BreakingBadRoute, String)] = [
      (.characters, "https://www.breakingbadapi.com/api/characters"),
      (.character(id: 5), "https://www.breakingbadapi.com/api/characters/5"),
      (.randomCharacters(limit: 3), "https://www.breakingbadapi.com/api/character/random?limit=3"),
      (.episodes, "https://www.breakingbadapi.com/api/episodes"),
      (.episode(id: 60), "https://www.breakingbadapi.com/api/episodes/60"),
      (.quotes, "https://www.breakingbadapi.com/api/quotes"),
      (.quote(id: 1), "https://www.breakingbadapi.com/api/quotes/1"),
      (.randomQuote(author: nil), "https://www.breakingbadapi.com/api/quote/random"),
      (.deaths, "https://www.breakingbadapi.com/api/deaths"),
    ]
    for (route, url) in expected {
      #expect(endpoint.url(for: route).absoluteString == url)
    }
  }

  @Test("query values are percent-encoded, never pasted")
  func encodesQueries() throws {
    let endpoint = try APIEndpoint(base: "http://127.0.0.1:8080/api")
    #expect(
      endpoint.url(for: .randomQuote(author: "Jesse Pinkman")).absoluteString
        == "http://127.0.0.1:8080/api/quote/random?author=Jesse%20Pinkman")
    #expect(
      endpoint.url(for: .quotesByAuthor("Saul&Kim=#1")).absoluteString
        == "http://127.0.0.1:8080/api/quote?author=Saul%26Kim%3D%231")
  }

  @Test(
    "refuses a base that is not an http(s) URL with a host, or that has a query",
    arguments: [
      (
        "ftp://example.com/api",
        APIEndpoint.BaseURLProblem.unsupportedScheme("ftp://example.com/api")
      ),
      ("example.com/api", .malformed("example.com/api")),
      ("https:///api", .missingHost("https:///api")),
      ("https://example.com/api?key=1", .hasQueryOrFragment("https://example.com/api?key=1")),
    ])
  func refusesBadBases(text: String, problem: APIEndpoint.BaseURLProblem) {
    #expect(throws: problem) { try APIEndpoint(base: text) }
  }
}

@Suite("Retry-After: delay seconds or an HTTP date")
struct RetryAfterTests {
  @Test(
    "reads both forms",
    arguments: [
      ("120", 120), (" 3 ", 3), ("0", 0),
      // 1994-11-06T08:49:37Z is 784111777; "now" is 10 seconds before it.
      ("Sun, 06 Nov 1994 08:49:37 GMT", 10),
    ])
  func reads(text: String, seconds: Int) {
    #expect(RetryAfter.seconds(text, now: 784_111_767) == seconds)
  }

  @Test("a date in the past means no wait; nonsense is nil")
  func edges() {
    #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: 800_000_000) == 0)
    #expect(RetryAfter.seconds("soon", now: 0) == nil)
    #expect(RetryAfter.seconds("-5", now: 0) == nil)
    #expect(RetryAfter.httpDate("Wed, 21 Oct 2026 07:28:00 GMT") == 1_792_567_680)
  }
}
