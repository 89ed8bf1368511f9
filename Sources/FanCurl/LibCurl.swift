import CCurl
import SharedLibrary

/// The libcurl functions the transfers call, loaded with `dlopen` the first time they are needed.
///
/// libcurl is not linked: on Debian it brings some thirty libraries (OpenSSL, nghttp2, Kerberos,
/// LDAP and theirs), which would cost every start of `bbfan` about 3.5 ms, HTTP or not. Loaded on
/// demand, only a process that does HTTP pays for them. The `CCurl` module gives the types and
/// constants of `curl/curl.h` (libcurl 4's ABI); the variadic functions are held as raw addresses
/// and called through the typed wrappers of its `shim.h`.
package struct LibCurl: @unchecked Sendable {
  /// Why libcurl could not be loaded, in words a user can act on.
  package struct LoadError: Error, CustomStringConvertible {
    /// The explanation, with what to install.
    package let description: String
  }

  let globalInit: @convention(c) (Int) -> CURLcode
  let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
  let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
  let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
  /// `curl_easy_setopt`, for the `bbfan_curl_setopt_*` wrappers.
  let easySetopt: UnsafeMutableRawPointer
  /// `curl_easy_getinfo`, for `bbfan_curl_getinfo_long`.
  let easyGetinfo: UnsafeMutableRawPointer
  let slistAppend:
    @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) ->
      UnsafeMutablePointer<curl_slist>?
  let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
  let multiInit: @convention(c) () -> UnsafeMutableRawPointer?
  let multiCleanup: @convention(c) (UnsafeMutableRawPointer?) -> CURLMcode
  let multiAddHandle:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> CURLMcode
  let multiRemoveHandle:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> CURLMcode
  let multiPerform:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) -> CURLMcode
  let multiInfoRead:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) ->
      UnsafeMutablePointer<CURLMsg>?
  let multiPoll:
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32,
      UnsafeMutablePointer<Int32>?
    ) -> CURLMcode
  let multiWakeup: @convention(c) (UnsafeMutableRawPointer?) -> CURLMcode
  let multiStrerror: @convention(c) (CURLMcode) -> UnsafePointer<CChar>?
  let shareInit: @convention(c) () -> UnsafeMutableRawPointer?
  let shareCleanup: @convention(c) (UnsafeMutableRawPointer?) -> CURLSHcode
  /// `curl_share_setopt`, for the `bbfan_curl_share_setopt_*` wrappers.
  let shareSetopt: UnsafeMutableRawPointer

  /// The library, loaded once per process; the failure says what to install.
  package static let shared: Result<LibCurl, LoadError> = load(from: candidates)

  /// The file names tried in order: `$BBFAN_LIBCURL` alone when set, else the platform's usual
  /// ones.
  static var candidates: [String] {
    #if canImport(Darwin)
      let names = ["libcurl.4.dylib", "/usr/lib/libcurl.4.dylib"]
    #else
      let names = ["libcurl.so.4", "libcurl.so"]
    #endif
    return SharedLibrary.candidates(overriddenBy: "BBFAN_LIBCURL", else: names)
  }

  /// The text of a string libcurl returns; empty for none.
  static func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  /// Loads the first of `names` that can be loaded and has every function used.
  package static func load(from names: [String]) -> Result<LibCurl, LoadError> {
    // Lazy binding: libcurl's own calls into its twenty-odd libraries are resolved as they are
    // first made, not all at load (about half a millisecond of a one-shot call's critical
    // path); the functions used here are all looked up below.
    SharedLibrary.bind(
      names, lazyBinding: true, library: "libcurl", neededBy: "HTTP",
      install: "Debian and Ubuntu: apt-get install libcurl4; macOS: brew install curl; or set "
        + "BBFAN_LIBCURL", LibCurl.init
    ).mapError { LoadError(description: $0.description) }
  }

  private init(_ library: SharedLibrary) throws(SharedLibrary.MissingSymbol) {
    func address(_ name: String) throws(SharedLibrary.MissingSymbol) -> UnsafeMutableRawPointer {
      try library.address(of: name)
    }
    func symbol<F>(_ name: String) throws(SharedLibrary.MissingSymbol) -> F {
      try library.function(name)
    }
    globalInit = try symbol("curl_global_init")
    easyInit = try symbol("curl_easy_init")
    easyCleanup = try symbol("curl_easy_cleanup")
    easyStrerror = try symbol("curl_easy_strerror")
    easySetopt = try address("curl_easy_setopt")
    easyGetinfo = try address("curl_easy_getinfo")
    slistAppend = try symbol("curl_slist_append")
    slistFreeAll = try symbol("curl_slist_free_all")
    multiInit = try symbol("curl_multi_init")
    multiCleanup = try symbol("curl_multi_cleanup")
    multiAddHandle = try symbol("curl_multi_add_handle")
    multiRemoveHandle = try symbol("curl_multi_remove_handle")
    multiPerform = try symbol("curl_multi_perform")
    multiInfoRead = try symbol("curl_multi_info_read")
    multiPoll = try symbol("curl_multi_poll")
    multiWakeup = try symbol("curl_multi_wakeup")
    multiStrerror = try symbol("curl_multi_strerror")
    shareInit = try symbol("curl_share_init")
    shareCleanup = try symbol("curl_share_cleanup")
    shareSetopt = try address("curl_share_setopt")
  }
}
