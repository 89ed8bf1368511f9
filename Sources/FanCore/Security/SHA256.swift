/// SHA-256 (FIPS 180-4), written here because the project takes no third-party packages.
///
/// Verified against the FIPS 180-4 examples and cross-checked with Python's `hashlib` in tests.
package struct SHA256: Sendable {
  /// The digest length in bytes.
  package static let digestLength = 32
  /// The block length in bytes.
  package static let blockLength = 64

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
    0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
    0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
    0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
    0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
    0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
    0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// The initial hash value.
  static let initialState: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]

  private var state = SHA256.initialState
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0

  /// A hasher with nothing absorbed yet.
  package init() {
    buffer.reserveCapacity(SHA256.blockLength)
  }

  /// The SHA-256 digest of `bytes`.
  package static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Absorbs more bytes.
  package mutating func update(_ bytes: some Collection<UInt8>) {
    length &+= UInt64(bytes.count)
    for byte in bytes {
      buffer.append(byte)
      if buffer.count == SHA256.blockLength {
        SHA256.compress(&state, block: buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
  }

  /// The digest of everything absorbed.
  package mutating func finalize() -> [UInt8] {
    let bitLength = length &* 8
    buffer.append(0x80)
    if buffer.count > 56 {
      buffer += [UInt8](repeating: 0, count: SHA256.blockLength - buffer.count)
      SHA256.compress(&state, block: buffer)
      buffer.removeAll(keepingCapacity: true)
    }
    buffer += [UInt8](repeating: 0, count: 56 - buffer.count)
    for shift in stride(from: 56, through: 0, by: -8) {
      buffer.append(UInt8(truncatingIfNeeded: bitLength >> shift))
    }
    SHA256.compress(&state, block: buffer)
    return SHA256.bytes(of: state)
  }

  /// The big-endian bytes of a state.
  static func bytes(of state: [UInt32]) -> [UInt8] {
    var digest: [UInt8] = []
    digest.reserveCapacity(SHA256.digestLength)
    for word in state {
      digest += [
        UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16),
        UInt8(truncatingIfNeeded: word >> 8),
        UInt8(truncatingIfNeeded: word),
      ]
    }
    return digest
  }

  /// Processes one 64-byte block into `state`.
  static func compress(_ state: inout [UInt32], block: [UInt8]) {
    var words = Words()
    for index in 0..<16 {
      let offset = index * 4
      let high = UInt32(block[offset]) << 24 | UInt32(block[offset + 1]) << 16
      let low = UInt32(block[offset + 2]) << 8 | UInt32(block[offset + 3])
      words[index] = high | low
    }
    var packed = State(state)
    compress(&packed, words)
    state = packed.array
  }

  /// The eight state words, without an array (PBKDF2 runs millions of compressions).
  struct State {
    var a, b, c, d, e, f, g, h: UInt32

    init(_ words: [UInt32]) {
      (a, b, c, d, e, f, g, h) = (
        words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7]
      )
    }

    var array: [UInt32] { [a, b, c, d, e, f, g, h] }
  }

  /// Sixteen message words, without an array.
  typealias Words = SIMD16<UInt32>

  /// The compression function on words: no allocation, the schedule kept in a rolling window.
  static func compress(_ state: inout State, _ message: Words) {
    var w = message
    var (a, b, c, d, e, f, g, h) = (
      state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h
    )
    for index in 0..<64 {
      let word: UInt32
      if index < 16 {
        word = w[index]
      } else {
        let w15 = w[(index - 15) & 15]
        let w2 = w[(index - 2) & 15]
        let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
        let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
        word = w[index & 15] &+ s0 &+ w[(index - 7) & 15] &+ s1
        w[index & 15] = word
      }
      let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
      let choice = (e & f) ^ (~e & g)
      let temp1 = h &+ s1 &+ choice &+ roundConstants[index] &+ word
      let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let temp2 = s0 &+ majority
      (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
    }
    state.a &+= a
    state.b &+= b
    state.c &+= c
    state.d &+= d
    state.e &+= e
    state.f &+= f
    state.g &+= g
    state.h &+= h
  }
}

extension UInt32 {
  /// Rotates the bits right by `count`.
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 - count))
  }
}
