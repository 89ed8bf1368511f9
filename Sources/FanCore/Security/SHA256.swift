#if canImport(CommonCrypto)
  import CommonCrypto
#endif

/// SHA-256 (FIPS 180-4) from the platform's library: OpenSSL's libcrypto on Linux, CommonCrypto
/// on Apple platforms.
///
/// A hasher owns its context, so it cannot be copied; `finalize()` consumes it.
package struct SHA256: ~Copyable {
  /// The digest length in bytes.
  package static let digestLength = 32

  #if canImport(CommonCrypto)
    private var context = CC_SHA256_CTX()
  #else
    private let context: OpaquePointer
  #endif

  /// A hasher with nothing absorbed yet.
  package init() {
    #if canImport(CommonCrypto)
      CC_SHA256_Init(&context)
    #else
      let library = LibCrypto.loaded
      guard let made = library.newContext() else {
        CryptoLibrary.fail("allocating a SHA-256 context")
      }
      context = made
      CryptoLibrary.require(
        library.digestInit(made, library.sha256(), nil) == 1, "starting SHA-256")
    #endif
  }

  #if !canImport(CommonCrypto)
    deinit {
      LibCrypto.loaded.freeContext(context)
    }
  #endif

  /// The SHA-256 digest of `bytes`.
  package static func hash(_ bytes: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: digestLength)
    CryptoLibrary.withBytes(bytes) { data, count in
      #if canImport(CommonCrypto)
        if let length = CC_LONG(exactly: count) {
          _ = CC_SHA256(data, length, &digest)
        } else {
          var hasher = SHA256()
          hasher.update(bytes)
          digest = hasher.finalize()
        }
      #else
        let library = LibCrypto.loaded
        let succeeded = library.digest(data, count, &digest, nil, library.sha256(), nil) == 1
        CryptoLibrary.require(succeeded, "computing SHA-256")
      #endif
    }
    return digest
  }

  /// Absorbs more bytes.
  package mutating func update(_ bytes: [UInt8]) {
    #if canImport(CommonCrypto)
      var state = context
      CryptoLibrary.withBytes(bytes) { data, count in
        var offset = 0
        repeat {
          let piece = min(count - offset, Int(CC_LONG.max))
          _ = CC_SHA256_Update(&state, data + offset, CC_LONG(piece))
          offset += piece
        } while offset < count
      }
      context = state
    #else
      CryptoLibrary.withBytes(bytes) { data, count in
        CryptoLibrary.require(
          LibCrypto.loaded.digestUpdate(context, data, count) == 1, "updating SHA-256")
      }
    #endif
  }

  /// The digest of everything absorbed.
  package consuming func finalize() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Self.digestLength)
    #if canImport(CommonCrypto)
      var state = context
      _ = CC_SHA256_Final(&digest, &state)
    #else
      CryptoLibrary.require(
        LibCrypto.loaded.digestFinal(context, &digest, nil) == 1, "finishing SHA-256")
    #endif
    return digest
  }
}
