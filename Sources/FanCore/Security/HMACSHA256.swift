#if canImport(CommonCrypto)
  import CommonCrypto
#endif

/// HMAC-SHA256 (RFC 2104) from the platform's library: OpenSSL's libcrypto on Linux,
/// CommonCrypto on Apple platforms; checked against the RFC 4231 test cases.
package enum HMACSHA256 {
  /// The authentication code of `message` under `key`.
  package static func authenticate(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var code = [UInt8](repeating: 0, count: SHA256.digestLength)
    CryptoLibrary.withBytes(key) { keyBytes, keyCount in
      CryptoLibrary.withBytes(message) { messageBytes, messageCount in
        #if canImport(CommonCrypto)
          CCHmac(
            CCHmacAlgorithm(kCCHmacAlgSHA256), keyBytes, keyCount, messageBytes, messageCount,
            &code)
        #else
          let library = LibCrypto.loaded
          let produced = library.hmac(
            library.sha256(), keyBytes, CryptoLibrary.int32(keyCount, "HMAC-SHA256's key"),
            messageBytes, messageCount, &code, nil)
          CryptoLibrary.require(produced != nil, "computing HMAC-SHA256")
        #endif
      }
    }
    return code
  }
}
