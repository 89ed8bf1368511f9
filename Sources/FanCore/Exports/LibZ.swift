import CZlib
import SharedLibrary

/// The zlib functions the card export calls, loaded with `dlopen` the first time a PNG image is
/// inflated or deflated.
///
/// zlib is not linked: loading it at every start of `bbfan` cost a share of a quarter of a
/// millisecond (with libsqlite3), though almost no call compresses anything. Loaded on demand,
/// only a process that puts a PNG image on a card pays for it. The `CZlib` module gives the
/// types and constants of `zlib.h`, and each function's pointer type taken from its declaration
/// there (`bbfan_z_*_f`), so none can be declared wrong.
struct LibZ: @unchecked Sendable {
  let uncompress: bbfan_z_uncompress_f
  let compress2: bbfan_z_compress2_f
  let compressBound: bbfan_z_compressBound_f

  /// The library, loaded once per process; the failure says what to install.
  static let shared: Result<LibZ, SharedLibrary.Unusable> = load(from: candidates)

  /// The file names tried in order: `$BBFAN_LIBZ` alone when set, else the platform's usual
  /// ones.
  static var candidates: [String] {
    #if canImport(Darwin)
      let names = ["libz.1.dylib", "/usr/lib/libz.1.dylib"]
    #else
      let names = ["libz.so.1", "libz.so"]
    #endif
    return SharedLibrary.candidates(overriddenBy: "BBFAN_LIBZ", else: names)
  }

  /// Loads the first of `names` that can be loaded and has every function used.
  static func load(from names: [String]) -> Result<LibZ, SharedLibrary.Unusable> {
    SharedLibrary.bind(
      names, library: "zlib", neededBy: "a PNG image on a card",
      install: "Debian and Ubuntu: apt-get install zlib1g; macOS: part of the system; or set "
        + "BBFAN_LIBZ", LibZ.init
    )
  }

  private init(_ library: SharedLibrary) throws(SharedLibrary.MissingSymbol) {
    uncompress = try library.function("uncompress")
    compress2 = try library.function("compress2")
    compressBound = try library.function("compressBound")
  }
}
