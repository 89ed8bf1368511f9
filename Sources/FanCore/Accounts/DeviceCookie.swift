/// Proof that a browser (or any caller) signed in as a user before: OWASP's device cookie.
///
/// A stranger's wrong passwords lock a username out (`LoginThrottle`); a caller that presents a
/// device cookie of that user is not held by them, and is throttled by its own failures instead.
/// The cookie is `v1.NONCE.MAC`: a random 16-byte nonce and the HMAC-SHA256 of the user's
/// username key and the nonce under the user's stored password hash, all in lower-case hex. Only
/// the service can make one (the stored hash never leaves it), every process on the same
/// database checks it alike, and a new password voids every cookie made under the old one.
package struct DeviceCookie: Sendable, Equatable {
  /// The random part, in hex; names the device's own failures.
  package let nonce: String
  /// The whole cookie, as the caller keeps it.
  package let text: String

  /// The version tag every cookie starts with.
  private static let version = "v1"
  /// Bytes of randomness in a nonce.
  private static let nonceLength = 16

  /// A new cookie for the user of `usernameKey` whose stored password hash is `storedHash`.
  package static func issue(usernameKey: String, storedHash: String) -> DeviceCookie {
    let nonce = Hex.encode(SecureRandom.bytes(nonceLength))
    let mac = Hex.encode(code(usernameKey: usernameKey, nonce: nonce, storedHash: storedHash))
    return DeviceCookie(nonce: nonce, text: "\(version).\(nonce).\(mac)")
  }

  /// The cookie `text`, when the service made it for the user of `usernameKey` whose stored
  /// password hash is `storedHash`; nil for anything else (another user's, a forged or mangled
  /// one, one made under an earlier password).
  package static func verified(_ text: String, usernameKey: String, storedHash: String)
    -> DeviceCookie?
  {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == version,
      let nonceBytes = Hex.decode(parts[1]), nonceBytes.count == nonceLength,
      let mac = Hex.decode(parts[2]), mac.count == SHA256.digestLength
    else { return nil }
    let nonce = Hex.encode(nonceBytes)
    let expected = code(usernameKey: usernameKey, nonce: nonce, storedHash: storedHash)
    guard ConstantTime.equals(mac, expected) else { return nil }
    return DeviceCookie(nonce: nonce, text: text)
  }

  /// What the device's own failures are counted under, beside the username's: `~` (which no
  /// username holds) and 31 hex digits of the SHA-256 of the username key and the nonce, so the
  /// key is no longer than a username's (the store keeps no longer one) and names no one.
  package func failureKey(usernameKey: String) -> String {
    let digest = Hex.encode(SHA256.hash(Array("\(usernameKey) \(nonce)".utf8)))
    return "~" + digest.prefix(UsernamePolicy.maximumLength - 1)
  }

  /// The MAC of a cookie.
  private static func code(usernameKey: String, nonce: String, storedHash: String) -> [UInt8] {
    HMACSHA256.authenticate(
      key: Array(storedHash.utf8),
      message: Array("bbfan device cookie|\(usernameKey)|\(nonce)".utf8))
  }
}
