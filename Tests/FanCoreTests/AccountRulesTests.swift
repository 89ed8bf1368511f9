import FanCore
import Testing

@Suite("Account rules")
struct AccountRulesTests {
  @Test("the wait starts after 5 failures and doubles up to an hour")
  func throttleSchedule() {
    #expect((0...4).map { LoginThrottle.waitMilliseconds(afterFailures: $0) } == [0, 0, 0, 0, 0])
    #expect(
      (5...9).map { LoginThrottle.waitMilliseconds(afterFailures: $0) } == [
        1000, 2000, 4000, 8000, 16000,
      ])
    #expect(LoginThrottle.waitMilliseconds(afterFailures: 40) == 3_600_000)
    #expect(LoginThrottle.retryAfter(failures: 4, lastFailureAt: 0, now: 0) == nil)
    #expect(LoginThrottle.retryAfter(failures: 6, lastFailureAt: 10_000, now: 10_001) == 2)
    #expect(LoginThrottle.retryAfter(failures: 6, lastFailureAt: 10_000, now: 12_000) == nil)
  }

  @Test(
    "usernames are trimmed, 3 to 32 ASCII letters, digits, '.', '_', '-'",
    arguments: [
      ("walt", "walt"), ("  Walt.White_1-2 ", "Walt.White_1-2"),
      (String(repeating: "a", count: 32), nil),
    ]
      as [(String, String?)])
  func validUsernames(raw: String, expected: String?) throws {
    #expect(try UsernamePolicy.validate(raw).get() == (expected ?? raw))
  }

  @Test(
    "usernames outside the rules are refused with a reason",
    arguments: [
      "wa", "  w ", String(repeating: "a", count: 33), "walter white", "wält", "pаul", "a/b",
    ])
  func invalidUsernames(raw: String) {
    guard case .failure(.invalidUsername) = UsernamePolicy.validate(raw) else {
      Issue.record("accepted \(raw)")
      return
    }
  }

  @Test("uniqueness ignores case")
  func keys() {
    #expect(UsernamePolicy.key("Walt") == UsernamePolicy.key("WALT"))
  }
}
