#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system C library loaded with `dlopen` when it is first needed, rather than linked.
///
/// A linked library is loaded, relocated and initialised at every start of every process, used
/// or not: libcurl and libpq bring some twenty libraries each, and libcrypto alone takes most of
/// a millisecond. Loaded on first use, only a process that needs one pays for it.
/// The library stays loaded for the life of the process.
package struct SharedLibrary: @unchecked Sendable {
  /// The file name that loaded: the first of the candidates that could be.
  package let name: String
  private let handle: UnsafeMutableRawPointer

  /// Why none of the candidates could be loaded: each one's reason, in the order tried.
  package struct LoadFailure: Error, Sendable {
    /// `dlerror()`'s text for each file name tried.
    package var reasons: [String]
  }

  /// A function the library lacks: it is not the library it was loaded as.
  package struct MissingSymbol: Error, Sendable {
    /// The file name that loaded.
    package var library: String
    /// The function looked up.
    package var symbol: String
  }

  /// The file names to try: `$variable` alone when it is set and not empty (the user names the
  /// file), else `names`.
  package static func candidates(overriddenBy variable: String, else names: [String]) -> [String] {
    if let path = getenv(variable), path.pointee != 0 { return [String(cString: path)] }
    return names
  }

  /// Loads the first of `candidates` that can be loaded.
  ///
  /// With `lazyBinding`, the library's own calls into its dependencies are resolved as they are
  /// first made rather than all at load (`RTLD_LAZY`); its symbols are not made visible to
  /// other libraries (`RTLD_LOCAL`).
  package static func load(
    _ candidates: [String], lazyBinding: Bool = false
  ) -> Result<SharedLibrary, LoadFailure> {
    var reasons: [String] = []
    for name in candidates {
      guard let handle = dlopen(name, (lazyBinding ? RTLD_LAZY : RTLD_NOW) | RTLD_LOCAL) else {
        reasons.append(dlerror().map { String(cString: $0) } ?? "\(name): cannot be loaded")
        continue
      }
      return .success(SharedLibrary(name: name, handle: handle))
    }
    return .failure(LoadFailure(reasons: reasons))
  }

  /// Why a library cannot be used, in words a user can act on: what needs it and how to
  /// install it, or which function the file loaded in its place lacks.
  package struct Unusable: Error, Sendable, CustomStringConvertible {
    /// The explanation.
    package var description: String
  }

  /// Loads the first of `candidates` and makes `bind` of it (the library's functions looked up).
  ///
  /// `library` is the library's usual name (`libcurl`), `neededBy` what needs it (`HTTP`), and
  /// `install` how to install it, ending with the variable that names another file; the
  /// failure says all three, or the function the file loaded lacks and how to install one that
  /// has it.
  package static func bind<Library>(
    _ candidates: [String], lazyBinding: Bool = false, library: String, neededBy: String,
    install: String, _ bind: (SharedLibrary) throws(MissingSymbol) -> Library
  ) -> Result<Library, Unusable> {
    switch load(candidates, lazyBinding: lazyBinding) {
    case .failure(let failure):
      return .failure(
        Unusable(
          description: "\(neededBy) needs \(library), which is not installed (\(install) to its "
            + "path): " + failure.reasons.joined(separator: "; ")))
    case .success(let loaded):
      do {
        return .success(try bind(loaded))
      } catch {
        return .failure(
          Unusable(
            description: "\(error.library), loaded as \(library), has no \(error.symbol): it is "
              + "not a \(library) bbfan can use (\(install) to its path)"))
      }
    }
  }

  /// The address of `symbol`, for a variadic C function that is called through a typed C
  /// wrapper.
  package func address(of symbol: String) throws(MissingSymbol) -> UnsafeMutableRawPointer {
    guard let address = dlsym(handle, symbol) else {
      throw MissingSymbol(library: name, symbol: symbol)
    }
    return address
  }

  /// The function `symbol` as `F`, a `@convention(c)` function type that must be its C
  /// declaration's.
  package func function<F>(_ symbol: String, as type: F.Type = F.self) throws(MissingSymbol) -> F {
    unsafeBitCast(try address(of: symbol), to: F.self)
  }
}
