import FanCore
import Foundation
import TestSupport
import Testing

private func hex(_ bytes: [UInt8]) -> String {
  bytes.map {
    String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
  }.joined()
}

@Suite("SHA-256, HMAC-SHA256, PBKDF2")
struct CryptoTests {
  @Test(
    "SHA-256 matches the FIPS 180-4 examples",
    arguments: [
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
    ])
  func sha256(message: String, digest: String) {
    #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test("SHA-256 of a million 'a', fed in uneven pieces")
  func sha256Long() {
    var hasher = SHA256()
    var remaining = 1_000_000
    var piece = 1
    while remaining > 0 {
      let count = min(piece, remaining)
      hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
      remaining -= count
      piece = piece % 97 + 13
    }
    #expect(
      hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(
    "HMAC-SHA256 matches RFC 4231 test cases 1 to 7",
    arguments: [
      (
        [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
      ),
      (
        Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
      ),
      (
        [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
      ),
      (
        Array(1...25), [UInt8](repeating: 0xcd, count: 50),
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
      ),
      (
        [UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8),
        "a3b6167473100ee06e0c796c2955552b"
      ),
      (
        [UInt8](repeating: 0xaa, count: 131),
        Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
      ),
      (
        [UInt8](repeating: 0xaa, count: 131),
        Array(
          ("This is a test using a larger than block-size key and a larger than block-size data. The key needs to "
            + "be hashed before being used by the HMAC algorithm.").utf8),
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
      ),
    ] as [([UInt8], [UInt8], String)])
  func hmac(key: [UInt8], message: [UInt8], expected: String) {
    #expect(hex(HMACSHA256.authenticate(key: key, message: message)).hasPrefix(expected))
  }

  @Test(
    "HMAC-SHA256 agrees with Python's hmac, empty key and message included",
    arguments: [
      ("", ""), ("", "message"), ("key", ""), (String(repeating: "k", count: 64), "block-size key"),
      (String(repeating: "k", count: 65), "one byte longer"),
    ])
  func hmacAgainstPython(key: String, message: String) throws {
    let (status, output) = try Subprocess.run([
      "python3", "-c",
      "import hashlib,hmac,sys; print(hmac.new(sys.argv[1].encode(), sys.argv[2].encode(), "
        + "hashlib.sha256).hexdigest())",
      key, message,
    ])
    try #require(status == 0, "python3 is needed for this cross-check: \(output)")
    let expected = output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      hex(HMACSHA256.authenticate(key: Array(key.utf8), message: Array(message.utf8))) == expected)
  }

  @Test("PBKDF2-HMAC-SHA256 matches RFC 7914 section 11")
  func pbkdf2Vectors() {
    #expect(
      hex(
        PBKDF2.sha256(
          password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, keyLength: 64))
        == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
        + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    #expect(
      hex(
        PBKDF2.sha256(
          password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80000,
          keyLength: 64))
        == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
        + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
  }

  @Test(
    "PBKDF2-HMAC-SHA256 agrees with Python's hashlib.pbkdf2_hmac",
    arguments: [
      ("Walter White 1958!", "16-byte-salt-xyz", 1000, 32), ("", "s", 3, 40),
      ("Pässwörd😀", "", 2, 31),
    ])
  func pbkdf2AgainstPython(password: String, salt: String, iterations: Int, length: Int) throws {
    let (status, output) = try Subprocess.run([
      "python3", "-c",
      "import hashlib,sys; print(hashlib.pbkdf2_hmac('sha256', sys.argv[1].encode(), sys.argv[2].encode(), "
        + "int(sys.argv[3]), int(sys.argv[4])).hex())",
      password, salt, String(iterations), String(length),
    ])
    try #require(status == 0, "python3 is needed for this cross-check: \(output)")
    let expected = output.trimmingCharacters(in: .whitespacesAndNewlines)
    let derived = PBKDF2.sha256(
      password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations,
      keyLength: length)
    #expect(hex(derived) == expected)
  }

  @Test("a hash stored by the hand-written implementation still verifies")
  func storedByEarlierVersion() throws {
    // Written by `auth.register` of bbfan 1a9a1ae (hand-written SHA-256) with --password-cost 1000.
    let stored = try #require(
      PasswordHash(
        stored: "pbkdf2-sha256$1000$a0de9183bd79a6f8d9d5fd3aebf65ee1$"
          + "4dd50628df19c3a5d275c2172144b0dba7fa5323fe381338eb86b3a226d5ea64"))
    #expect(stored.verifies("Heisenberg1!"))
    #expect(!stored.verifies("Heisenberg1?"))
  }

  @Test("an unmatchable hash has the asked cost, a fresh salt and key, and matches nothing")
  func unmatchable() {
    let counter = PBKDF2.Counter()
    let (first, second) = PBKDF2.$counter.withValue(counter) {
      (PasswordHash.unmatchable(iterations: 50), PasswordHash.unmatchable(iterations: 50))
    }
    #expect(counter.count == 0, "making one derives nothing")
    #expect(first.iterations == 50 && first.salt.count == 16 && first.hash.count == 32)
    #expect(first.salt != second.salt && first.hash != second.hash)
    PBKDF2.$counter.withValue(counter) {
      #expect(!first.verifies(""))
      #expect(!first.verifies("no such user"))
    }
    #expect(counter.count == 2, "checking one derives once")
  }

  @Test("constant-time comparison")
  func constantTime() {
    #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
    #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
    #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
    #expect(ConstantTime.equals([], []))
    #expect(!ConstantTime.equals([], [0]))
    #expect(
      !ConstantTime.equals([UInt8](repeating: 7, count: 32) + [1], [UInt8](repeating: 7, count: 33))
    )
  }
}
