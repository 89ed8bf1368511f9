#if os(Linux)
  import CCrypto
  import Foundation
  import Testing

  @testable import FanCore

  @Suite("libcrypto, loaded on demand")
  struct LibCryptoTests {
    @Test("each function's type is the header's declaration, and the loaded one is the linked one")
    func headerTypes() throws {
      // Each assignment compiles only if the type bbfan declares is the header's.
      let newContext: LibCrypto.NewContext = EVP_MD_CTX_new
      let freeContext: LibCrypto.FreeContext = EVP_MD_CTX_free
      let sha256: LibCrypto.Algorithm = EVP_sha256
      let digestInit: LibCrypto.DigestInit = EVP_DigestInit_ex
      let digestUpdate: LibCrypto.DigestUpdate = EVP_DigestUpdate
      let digestFinal: LibCrypto.DigestFinal = EVP_DigestFinal_ex
      let digest: LibCrypto.Digest = EVP_Digest
      let hmac: LibCrypto.HMAC = HMAC
      let pbkdf2: LibCrypto.PBKDF2 = PKCS5_PBKDF2_HMAC
      let compare: LibCrypto.Compare = CRYPTO_memcmp
      let lastError: LibCrypto.LastError = ERR_get_error
      let errorText: LibCrypto.ErrorText = ERR_error_string_n
      // This test binary links libcrypto, so the library loaded is the same one in memory.
      let loaded = try LibCrypto.shared.get()
      func same<F>(_ linked: F, _ found: F) -> Bool {
        unsafeBitCast(linked, to: UnsafeRawPointer.self)
          == unsafeBitCast(found, to: UnsafeRawPointer.self)
      }
      #expect(same(newContext, loaded.newContext))
      #expect(same(freeContext, loaded.freeContext))
      #expect(same(sha256, loaded.sha256))
      #expect(same(digestInit, loaded.digestInit))
      #expect(same(digestUpdate, loaded.digestUpdate))
      #expect(same(digestFinal, loaded.digestFinal))
      #expect(same(digest, loaded.digest))
      #expect(same(hmac, loaded.hmac))
      #expect(same(pbkdf2, loaded.pbkdf2))
      #expect(same(compare, loaded.compare))
      #expect(same(lastError, loaded.lastError))
      #expect(same(errorText, loaded.errorText))
    }

    @Test("a library that cannot be loaded says what to install")
    func notInstalled() {
      guard case .failure(let error) = LibCrypto.load(["/nonexistent/libcrypto.so.3"]) else {
        Issue.record("a file that does not exist loaded")
        return
      }
      #expect(error.reason.contains("apt-get install libssl3"))
      #expect(error.reason.contains("BBFAN_LIBCRYPTO"))
      #expect(error.reason.contains("/nonexistent/libcrypto.so.3"))
    }

    @Test("a library that is not libcrypto is refused, naming the function it lacks")
    func notLibcrypto() {
      guard case .failure(let error) = LibCrypto.load(["libz.so.1"]) else {
        Issue.record("zlib loaded as libcrypto")
        return
      }
      #expect(
        error.reason
          == "libz.so.1, loaded as libcrypto, has no EVP_MD_CTX_new: it is not a libcrypto bbfan "
          + "can use (OpenSSL's; Debian and Ubuntu: apt-get install libssl3, or libssl1.1 on older "
          + "ones; or set BBFAN_LIBCRYPTO to its path)")
    }
  }
#endif
