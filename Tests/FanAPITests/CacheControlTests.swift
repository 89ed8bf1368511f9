import FanAPI
import Testing

@Suite("Cache-Control: how long a server says a body stays fresh")
struct CacheControlTests {
  @Test(
    "max-age in seconds; no-cache and no-store are 0; nothing said is nil",
    arguments: [
      ("max-age=600", 600), ("public, max-age=86400", 86_400), ("max-age=\"30\", public", 30),
      ("MAX-AGE = 5", 5), ("max-age=-4", 0), ("no-cache", 0), ("max-age=600, no-store", 0),
      ("private, no-cache=\"Set-Cookie\"", 0),
    ] as [(String, Int)])
  func parses(header: String, seconds: Int) {
    #expect(HTTPClient.maxAge(header) == seconds)
  }

  @Test(
    "a header without a lifetime, or with a malformed one, gives none",
    arguments: [
      "public", "max-age", "max-age=soon", "",
    ])
  func none(header: String) {
    #expect(HTTPClient.maxAge(header) == nil)
  }
}
