import Synchronization

#if canImport(CommonCrypto)
  import CommonCrypto
#endif

/// PBKDF2 with HMAC-SHA256 (RFC 8018) from the platform's library: OpenSSL's libcrypto on Linux,
/// CommonCrypto on Apple platforms; checked against RFC 7914's vectors and Python's
/// `hashlib.pbkdf2_hmac`.
package enum PBKDF2 {
  /// Counts the derivations made in a task, for tests that check how much work a path does.
  package final class Counter: Sendable {
    private let made = Atomic<Int>(0)

    /// A counter at zero.
    package init() {}

    /// The derivations counted so far.
    package var count: Int { made.load(ordering: .relaxed) }

    func increment() {
      made.add(1, ordering: .relaxed)
    }
  }

  /// The counter of the current task, if a test set one.
  @TaskLocal package static var counter: Counter?

  /// `keyLength` bytes derived from `password` and `salt` with `iterations` rounds.
  package static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int)
    -> [UInt8]
  {
    precondition(
      iterations > 0 && keyLength > 0, "PBKDF2 needs at least one iteration and one byte")
    counter?.increment()
    var derived = [UInt8](repeating: 0, count: keyLength)
    CryptoLibrary.withBytes(password) { passwordBytes, passwordCount in
      CryptoLibrary.withBytes(salt) { saltBytes, saltCount in
        #if canImport(CommonCrypto)
          guard let rounds = UInt32(exactly: iterations) else {
            CryptoLibrary.fail("deriving PBKDF2-HMAC-SHA256: \(iterations) iterations")
          }
          let status = passwordBytes.withMemoryRebound(to: CChar.self, capacity: passwordCount) {
            CCKeyDerivationPBKDF(
              CCPBKDFAlgorithm(kCCPBKDF2), $0, passwordCount, saltBytes, saltCount,
              CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), rounds, &derived, keyLength)
          }
          if status != kCCSuccess {
            CryptoLibrary.fail("deriving PBKDF2-HMAC-SHA256", status: status)
          }
        #else
          let operation = "deriving PBKDF2-HMAC-SHA256"
          let library = LibCrypto.loaded
          let succeeded = passwordBytes.withMemoryRebound(to: CChar.self, capacity: passwordCount) {
            library.pbkdf2(
              $0, CryptoLibrary.int32(passwordCount, operation), saltBytes,
              CryptoLibrary.int32(saltCount, operation), CryptoLibrary.int32(iterations, operation),
              library.sha256(), CryptoLibrary.int32(keyLength, operation), &derived)
          }
          CryptoLibrary.require(succeeded == 1, operation)
        #endif
      }
    }
    return derived
  }
}
