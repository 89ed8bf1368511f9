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
    var innerState = SHA256.initialState
    SHA256.compress(&innerState, block: pads.inner)
    var outerState = SHA256.initialState
    SHA256.compress(&outerState, block: pads.outer)

    var derived: [UInt8] = []
    var blockIndex: UInt32 = 1
    while derived.count < keyLength {
      let indexBytes: [UInt8] = [
        UInt8(blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16),
        UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex),
      ]
      var u = HMACSHA256.authenticate(key: password, message: salt + indexBytes)
      var accumulated = u
      for _ in 1..<iterations {
        u = mac(digest: u, innerState: innerState, outerState: outerState)
        for index in 0..<SHA256.digestLength { accumulated[index] ^= u[index] }
      }
      derived += accumulated
      blockIndex += 1
    }
    return Array(derived.prefix(keyLength))
  }

  /// HMAC of a 32-byte message from the precomputed pad states: one padded block each.
  private static func mac(digest: [UInt8], innerState: [UInt32], outerState: [UInt32]) -> [UInt8] {
    var inner = innerState
    SHA256.compress(&inner, block: paddedDigestBlock(digest))
    var outer = outerState
    SHA256.compress(&outer, block: paddedDigestBlock(SHA256.bytes(of: inner)))
    return SHA256.bytes(of: outer)
  }

  /// A 32-byte message after one block already absorbed: padding and the length (96 bytes).
  private static func paddedDigestBlock(_ digest: [UInt8]) -> [UInt8] {
    var block = digest
    block.append(0x80)
    block += [UInt8](repeating: 0, count: 29)
    block += [0x03, 0x00]  // (64 + 32) * 8 = 768 bits, big-endian, in the last two bytes
    return block
  }
}
