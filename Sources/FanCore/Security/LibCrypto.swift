#if !canImport(CommonCrypto)
  import SharedLibrary

  /// The libcrypto functions the hashing types call (OpenSSL's, on Linux), loaded with `dlopen`
  /// the first time one of them hashes.
  ///
  /// libcrypto is not linked: loading and initialising it cost every start of `bbfan` most of
  /// a millisecond (a fifth of a cold `bbfan call service.info`), hashing or not. The types are the C declarations of `openssl/evp.h`, `hmac.h`, `crypto.h` and `err.h`
  /// (stable since OpenSSL 1.1); a test assigns each header function to its type here, so a
  /// mismatch does not compile.
  struct LibCrypto: @unchecked Sendable {
    /// `EVP_MD_CTX_new`.
    typealias NewContext = @convention(c) () -> OpaquePointer?
    /// `EVP_MD_CTX_free`.
    typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
    /// `EVP_sha256`.
    typealias Algorithm = @convention(c) () -> OpaquePointer?
    /// `EVP_DigestInit_ex`.
    typealias DigestInit = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    /// `EVP_DigestUpdate`.
    typealias DigestUpdate = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    /// `EVP_DigestFinal_ex`.
    typealias DigestFinal =
      @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?)
      -> Int32
    /// `EVP_Digest`.
    typealias Digest =
      @convention(c) (
        UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?,
        OpaquePointer?, OpaquePointer?
      ) -> Int32
    /// `HMAC`.
    typealias HMAC =
      @convention(c) (
        OpaquePointer?, UnsafeRawPointer?, Int32, UnsafePointer<UInt8>?, Int,
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?
      ) -> UnsafeMutablePointer<UInt8>?
    /// `PKCS5_PBKDF2_HMAC`.
    typealias PBKDF2 =
      @convention(c) (
        UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, OpaquePointer?, Int32,
        UnsafeMutablePointer<UInt8>?
      ) -> Int32
    /// `CRYPTO_memcmp`.
    typealias Compare = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, Int) -> Int32
    /// `ERR_get_error`.
    typealias LastError = @convention(c) () -> UInt
    /// `ERR_error_string_n`.
    typealias ErrorText = @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void

    let newContext: NewContext
    let freeContext: FreeContext
    let sha256: Algorithm
    let digestInit: DigestInit
    let digestUpdate: DigestUpdate
    let digestFinal: DigestFinal
    let digest: Digest
    let hmac: HMAC
    let pbkdf2: PBKDF2
    let compare: Compare
    let lastError: LastError
    let errorText: ErrorText

    /// Why the library could not be loaded, with what to install.
    struct LoadError: Error {
      /// The explanation.
      let reason: String
    }

    /// The library, loaded on first use; the process stops, saying what to install, when it
    /// cannot be (a password cannot be checked without it).
    static var loaded: LibCrypto {
      switch shared {
      case .success(let library): return library
      case .failure(let error): fatalError(error.reason)
      }
    }

    /// The library, loaded once per process, or why it could not be.
    static let shared: Result<LibCrypto, LoadError> = load(
      SharedLibrary.candidates(
        overriddenBy: "BBFAN_LIBCRYPTO",
        else: ["libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"]))

    /// Loads the first of `names` that can be loaded and has every function used.
    static func load(_ names: [String]) -> Result<LibCrypto, LoadError> {
      SharedLibrary.bind(
        names, library: "libcrypto", neededBy: "bbfan",
        install: "OpenSSL's; Debian and Ubuntu: apt-get install libssl3, or libssl1.1 on older "
          + "ones; or set BBFAN_LIBCRYPTO", LibCrypto.init
      ).mapError { LoadError(reason: $0.description) }
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.MissingSymbol) {
      newContext = try library.function("EVP_MD_CTX_new")
      freeContext = try library.function("EVP_MD_CTX_free")
      sha256 = try library.function("EVP_sha256")
      digestInit = try library.function("EVP_DigestInit_ex")
      digestUpdate = try library.function("EVP_DigestUpdate")
      digestFinal = try library.function("EVP_DigestFinal_ex")
      digest = try library.function("EVP_Digest")
      hmac = try library.function("HMAC")
      pbkdf2 = try library.function("PKCS5_PBKDF2_HMAC")
      compare = try library.function("CRYPTO_memcmp")
      lastError = try library.function("ERR_get_error")
      errorText = try library.function("ERR_error_string_n")
    }
  }
#endif
