#if canImport(CommonCrypto)
  import Darwin
#endif

/// Comparisons whose duration does not depend on where the inputs differ.
package enum ConstantTime {
  /// Whether `a` and `b` are equal, looking at every byte whatever the first difference.
  ///
  /// OpenSSL's `CRYPTO_memcmp` on Linux, `timingsafe_bcmp` on Apple platforms. Only the lengths,
  /// which are not secret, are compared first.
  package static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return CryptoLibrary.withBytes(a) { left, count in
      CryptoLibrary.withBytes(b) { right, _ in
        #if canImport(CommonCrypto)
          timingsafe_bcmp(left, right, count) == 0
        #else
          LibCrypto.loaded.compare(left, right, count) == 0
        #endif
      }
    }
  }
}
