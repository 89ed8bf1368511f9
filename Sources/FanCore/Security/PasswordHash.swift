/// A stored password: PBKDF2-HMAC-SHA256 with its cost and a random 16-byte salt, written as
/// `pbkdf2-sha256$ITERATIONS$SALT$HASH` (hex), so the cost can change without breaking old hashes.
package struct PasswordHash: Sendable, Hashable, CustomStringConvertible {
  /// The cost OWASP recommends for PBKDF2-HMAC-SHA256 (2023).
  package static let defaultIterations = 600_000
  /// The algorithm tag.
  package static let algorithm = "pbkdf2-sha256"

  /// The number of iterations this hash was made with.
  package let iterations: Int
  /// The salt.
  package let salt: [UInt8]
  /// The derived key (32 bytes).
  package let hash: [UInt8]

  /// The salt length in bytes.
  package static let saltLength = 16

  /// Hashes `password` with a fresh salt from the system's CSPRNG.
  package init(password: String, iterations: Int = defaultIterations) {
    self.init(password: password, salt: SecureRandom.bytes(Self.saltLength), iterations: iterations)
  }

  /// Hashes `password` with a given salt (for tests and verification).
  package init(password: String, salt: [UInt8], iterations: Int) {
    self.iterations = iterations
    self.salt = salt
    self.hash = PBKDF2.sha256(
      password: Array(password.utf8), salt: salt, iterations: iterations,
      keyLength: SHA256.digestLength)
  }

  private init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
    self.iterations = iterations
    self.salt = salt
    self.hash = hash
  }

  /// A hash that no password is known to match: a random salt and a random key, at `iterations`.
  ///
  /// Checking a password against it is one derivation at that cost, like checking one against a
  /// real hash, and making it derives nothing; so the check for an unknown username costs what a
  /// wrong password does, from the first request.
  package static func unmatchable(iterations: Int) -> PasswordHash {
    PasswordHash(
      iterations: iterations, salt: SecureRandom.bytes(saltLength),
      hash: SecureRandom.bytes(SHA256.digestLength))
  }

  /// Reads the stored form; nil when it is not one.
  package init?(stored: String) {
    let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == Self.algorithm, let iterations = Int(parts[1]),
      iterations > 0, iterations <= Int32.max,
      let salt = Hex.decode(parts[2]), let hash = Hex.decode(parts[3]),
      hash.count == SHA256.digestLength
    else { return nil }
    self.iterations = iterations
    self.salt = salt
    self.hash = hash
  }

  /// The stored form.
  package var description: String {
    "\(Self.algorithm)$\(iterations)$\(Hex.encode(salt))$\(Hex.encode(hash))"
  }

  /// Whether `password` is the one this hash was made from (compared in constant time).
  package func verifies(_ password: String) -> Bool {
    let candidate = PBKDF2.sha256(
      password: Array(password.utf8), salt: salt, iterations: iterations,
      keyLength: SHA256.digestLength)
    return ConstantTime.equals(candidate, hash)
  }
}

/// Lower-case hexadecimal.
package enum Hex {
  /// `[0xab, 0x01]` → `"ab01"`.
  package static func encode(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// `"ab01"` → `[0xab, 0x01]`; nil for anything that is not an even number of hex digits.
  package static func decode(_ text: some StringProtocol) -> [UInt8]? {
    let utf8 = Array(text.utf8)
    guard utf8.count % 2 == 0 else { return nil }
    func value(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
      default: return nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count / 2)
    var index = 0
    while index < utf8.count {
      guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }
}
