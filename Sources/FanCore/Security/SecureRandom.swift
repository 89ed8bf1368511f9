/// Bytes from the operating system's CSPRNG, through the standard library's
/// `SystemRandomNumberGenerator` (`getrandom(2)` on Linux, `arc4random_buf` on Apple platforms).
package enum SecureRandom {
  /// `count` random bytes.
  package static func bytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count {
      let word: UInt64 = generator.next()
      withUnsafeBytes(of: word) { bytes += $0.prefix(count - bytes.count) }
    }
    return bytes
  }
}
