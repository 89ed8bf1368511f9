/// PBKDF2 with HMAC-SHA256 (RFC 8018), verified against RFC 7914's vectors and Python's
/// `hashlib.pbkdf2_hmac`.
///
/// The pads' hash states are computed once per call, so each iteration costs two compressions.
package enum PBKDF2 {
  /// `keyLength` bytes derived from `password` and `salt` with `iterations` rounds.
  package static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int)
    -> [UInt8]
  {
    precondition(
      iterations > 0 && keyLength > 0, "PBKDF2 needs at least one iteration and one byte")
    let pads = HMACSHA256.Pads(key: password)
    var inner = SHA256.initialState
    SHA256.compress(&inner, block: pads.inner)
    var outer = SHA256.initialState
    SHA256.compress(&outer, block: pads.outer)
    let innerState = SHA256.State(inner)
    let outerState = SHA256.State(outer)

    var derived: [UInt8] = []
    var blockIndex: UInt32 = 1
    while derived.count < keyLength {
      let indexBytes: [UInt8] = [
        UInt8(blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16),
        UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex),
      ]
      let first = HMACSHA256.authenticate(key: password, message: salt + indexBytes)
      var words: [UInt32] = []
      for offset in stride(from: 0, to: 32, by: 4) {
        let high = UInt32(first[offset]) << 24 | UInt32(first[offset + 1]) << 16
        let low = UInt32(first[offset + 2]) << 8 | UInt32(first[offset + 3])
        words.append(high | low)
      }
      var u = SHA256.State(words)
      var accumulated = u
      for _ in 1..<iterations {
        u = mac(u, innerState: innerState, outerState: outerState)
        accumulated.a ^= u.a
        accumulated.b ^= u.b
        accumulated.c ^= u.c
        accumulated.d ^= u.d
        accumulated.e ^= u.e
        accumulated.f ^= u.f
        accumulated.g ^= u.g
        accumulated.h ^= u.h
      }
      derived += SHA256.bytes(of: accumulated.array)
      blockIndex += 1
    }
    return Array(derived.prefix(keyLength))
  }

  /// HMAC of a 32-byte message from the precomputed pad states: one padded block each, on words.
  private static func mac(
    _ digest: SHA256.State, innerState: SHA256.State, outerState: SHA256.State
  )
    -> SHA256.State
  {
    var inner = innerState
    SHA256.compress(&inner, paddedDigestBlock(digest))
    var outer = outerState
    SHA256.compress(&outer, paddedDigestBlock(inner))
    return outer
  }

  /// A 32-byte message after one block already absorbed: the digest, padding, and the length
  /// (64 + 32 bytes = 768 bits) in the last word.
  private static func paddedDigestBlock(_ digest: SHA256.State) -> SHA256.Words {
    SHA256.Words(
      digest.a, digest.b, digest.c, digest.d, digest.e, digest.f, digest.g, digest.h,
      0x8000_0000, 0, 0, 0, 0, 0, 0, 768)
  }
}
