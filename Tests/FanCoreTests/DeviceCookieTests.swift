import FanCore
import Testing

@Suite("Device cookies")
struct DeviceCookieTests {
  static let hash = "pbkdf2-sha256$1000$c2FsdA$aGFzaA"

  @Test("a cookie the service made verifies for its user and names its own failures")
  func roundTrip() throws {
    let cookie = DeviceCookie.issue(usernameKey: "walt", storedHash: Self.hash)
    #expect(cookie.text.hasPrefix("v1."))
    #expect(cookie.text.count == 3 + 32 + 1 + 64)
    let verified = try #require(
      DeviceCookie.verified(cookie.text, usernameKey: "walt", storedHash: Self.hash))
    #expect(verified == cookie)
    let key = cookie.failureKey(usernameKey: "walt")
    #expect(key.hasPrefix("~") && key.count == UsernamePolicy.maximumLength)
    #expect(key != cookie.failureKey(usernameKey: "jesse"))
    // Two sign-ins, two devices.
    #expect(DeviceCookie.issue(usernameKey: "walt", storedHash: Self.hash).nonce != cookie.nonce)
  }

  @Test("another user's cookie, one made under an earlier password, or a mangled one is nothing")
  func refused() {
    let cookie = DeviceCookie.issue(usernameKey: "walt", storedHash: Self.hash).text
    #expect(DeviceCookie.verified(cookie, usernameKey: "jesse", storedHash: Self.hash) == nil)
    #expect(DeviceCookie.verified(cookie, usernameKey: "walt", storedHash: Self.hash + "x") == nil)
    let parts = cookie.split(separator: ".").map(String.init)
    let flipped = parts[2].first == "0" ? "1" : "0"
    let forged = [
      "", "v1", "v1..", "v2.\(parts[1]).\(parts[2])", "v1.\(parts[1]).\(parts[2]).x",
      "v1.\(parts[1]).\(flipped)\(parts[2].dropFirst())", "v1.\(parts[1].dropLast(2)).\(parts[2])",
      "v1.\(parts[1].uppercased()).zz", cookie + "0",
    ]
    for text in forged {
      #expect(
        DeviceCookie.verified(text, usernameKey: "walt", storedHash: Self.hash) == nil,
        "\(text)")
    }
  }
}
