#if canImport(CommonCrypto)
  import CommonCrypto
#endif

/// What the hashing types share over the platform's C library: OpenSSL's libcrypto on Linux,
/// CommonCrypto on Apple platforms.
///
/// These calls fail only when memory runs out or the library is broken (an OpenSSL
/// configuration that loads no provider of SHA-256, say); that stops the process with the
/// library's reason rather than letting a password check or a file name go wrong quietly.
package enum CryptoLibrary {
  /// The platform library's name, for messages.
  #if canImport(CommonCrypto)
    static let name = "CommonCrypto"
  #else
    static let name = "libcrypto"
  #endif

  /// Why the platform's library cannot be used (libcrypto not installed), if it cannot.
  ///
  /// It loads the library. A service calls it at start, so that a missing libcrypto stops it there, with what to
  /// install, rather than at its first hash with requests in progress.
  package static func unavailability() -> String? {
    #if canImport(CommonCrypto)
      return nil
    #else
      switch LibCrypto.shared {
      case .success: return nil
      case .failure(let error): return error.reason
      }
    #endif
  }

  /// Stops the process when `succeeded` is false, saying which operation failed and why.
  static func require(_ succeeded: Bool, _ operation: String) {
    if !succeeded { fail(operation) }
  }

  /// Stops the process: `operation` failed in the platform's library.
  static func fail(_ operation: String, status: Int32? = nil) -> Never {
    var reason = status.map { " (status \($0))" } ?? ""
    #if !canImport(CommonCrypto)
      let library = LibCrypto.loaded
      let code = library.lastError()
      if code != 0 {
        var text = [CChar](repeating: 0, count: 256)
        library.errorText(code, &text, text.count)
        let message = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        reason += ": " + String(decoding: message, as: UTF8.self)
      }
    #endif
    fatalError("\(name) failed \(operation)\(reason)")
  }

  /// A byte count as C's `int`; stops the process for one too large to pass.
  static func int32(_ count: Int, _ operation: String) -> Int32 {
    guard let value = Int32(exactly: count) else { fail("\(operation): \(count) is too large") }
    return value
  }

  /// Calls `body` with the address of `bytes` and their count; the address is never null, even
  /// for no bytes, since some C functions read a null pointer as "absent" rather than "empty".
  static func withBytes<Result>(
    _ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> Result
  ) -> Result {
    let placeholder: UInt8 = 0
    return bytes.withUnsafeBufferPointer { buffer in
      if let address = buffer.baseAddress { return body(address, buffer.count) }
      return withUnsafePointer(to: placeholder) { body($0, 0) }
    }
  }
}
