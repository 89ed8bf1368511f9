import FanCore
import Testing

@Suite("Password rules and hashes")
struct PasswordTests {
  @Test(
    "reports every unmet rule at once",
    arguments: [
      ("", [PasswordPolicy.Rule.minimumLength, .uppercase, .lowercase, .letter, .digit, .special]),
      ("password", [.uppercase, .digit, .special]),
      ("Password1", [.special]),
      ("Pass1!", [.minimumLength]),
      ("12345678!", [.uppercase, .lowercase, .letter]),
      ("Password1!", []),
      ("Heisenberg 1958", []),
      ("Жжжжжжж7?", []),
      ("ЖЖЖЖЖЖЖ٣!", [.lowercase]),
      ("しんぷるなパス1!", [.uppercase, .lowercase]),
      ("Cafe\u{301}Ab1!", []),
      ("Ab1!😀😀😀😀", []),
    ])
  func rules(password: String, unmet: [PasswordPolicy.Rule]) {
    #expect(PasswordPolicy.unmetRules(password) == unmet)
  }

  @Test("accepts 1,024 characters and refuses more, never truncating")
  func length() {
    let long = "Aa1!" + String(repeating: "x", count: 1020)
    #expect(PasswordPolicy.unmetRules(long) == [])
    #expect(PasswordPolicy.unmetRules(long + "y") == [.maximumLength])
    let hash = PasswordHash(password: long, iterations: 2)
    #expect(hash.verifies(long))
    #expect(!hash.verifies(String(long.dropLast())))
  }

  @Test("a hash verifies its password only, survives its stored form, and keeps its cost")
  func hashes() throws {
    let hash = PasswordHash(password: "Password1!", iterations: 10)
    #expect(hash.salt.count == 16)
    #expect(hash.verifies("Password1!"))
    #expect(!hash.verifies("password1!"))
    let stored = hash.description
    #expect(stored.hasPrefix("pbkdf2-sha256$10$"))
    let read = try #require(PasswordHash(stored: stored))
    #expect(read == hash)
    #expect(read.verifies("Password1!"))
    #expect(PasswordHash(password: "Password1!", iterations: 10).salt != hash.salt)
  }

  @Test(
    "refuses stored forms that are not hashes",
    arguments: [
      "", "pbkdf2-sha256$0$00$" + String(repeating: "0", count: 64), "md5$1$00$00",
      "pbkdf2-sha256$10$zz$" + String(repeating: "0", count: 64), "pbkdf2-sha256$10$00$00",
    ])
  func badStoredForms(text: String) {
    #expect(PasswordHash(stored: text) == nil)
  }
}
