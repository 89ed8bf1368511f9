import Testing

@testable import SharedLibrary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SharedLibrary` against the C library's own maths library, which every Linux system has.
@Suite("SharedLibrary")
struct SharedLibraryTests {
  #if os(Linux)
    private static let mathLibrary = "libm.so.6"
  #else
    private static let mathLibrary = "/usr/lib/libSystem.B.dylib"
  #endif

  private typealias Cosine = @convention(c) (Double) -> Double

  @Test("loads the first candidate that loads and calls a function through its C type")
  func loadsAndCalls() throws {
    let library = try SharedLibrary.load(["libbbfan-no-such-library.so.9", Self.mathLibrary]).get()
    #expect(library.name == Self.mathLibrary)
    let cosine = try library.function("cos", as: Cosine.self)
    #expect(cosine(0) == 1)
    #expect(cosine(Double.pi) == -1)
  }

  @Test("lazy binding loads the library too")
  func lazyBinding() throws {
    let library = try SharedLibrary.load([Self.mathLibrary], lazyBinding: true).get()
    #expect(try library.function("cos", as: Cosine.self)(0) == 1)
  }

  @Test("a failure to load gives every candidate's reason, in the order tried")
  func loadFailure() {
    let names = ["libbbfan-no-such-library.so.1", "libbbfan-no-such-library.so.2"]
    switch SharedLibrary.load(names) {
    case .success(let library):
      Issue.record("loaded \(library.name)")
    case .failure(let failure):
      #expect(failure.reasons.count == 2)
      #expect(failure.reasons.first?.contains(names[0]) == true, "\(failure.reasons)")
      #expect(failure.reasons.last?.contains(names[1]) == true, "\(failure.reasons)")
    }
  }

  @Test("a missing function names the library and the function")
  func missingSymbol() throws {
    let library = try SharedLibrary.load([Self.mathLibrary]).get()
    let error = try #require(throws: SharedLibrary.MissingSymbol.self) {
      try library.address(of: "bbfan_no_such_function")
    }
    #expect(error.library == Self.mathLibrary)
    #expect(error.symbol == "bbfan_no_such_function")
  }

  @Test("bind says what needs the library and how to install it when none loads")
  func bindNotInstalled() {
    let result = SharedLibrary.bind(
      ["libbbfan-no-such-library.so.1"], library: "libexample", neededBy: "Testing",
      install: "apt-get install libexample, or set BBFAN_EXAMPLE"
    ) { library throws(SharedLibrary.MissingSymbol) in library.name }
    guard case .failure(let unusable) = result else {
      Issue.record("bound a library that does not exist")
      return
    }
    #expect(unusable.description.hasPrefix("Testing needs libexample, which is not installed"))
    #expect(unusable.description.contains("(apt-get install libexample, or set BBFAN_EXAMPLE"))
    #expect(unusable.description.contains("libbbfan-no-such-library.so.1"))
  }

  @Test("bind names the function a loaded file lacks, and returns what bind made otherwise")
  func bindFunctions() throws {
    let missing = SharedLibrary.bind(
      [Self.mathLibrary], library: "libexample", neededBy: "Testing", install: "n/a"
    ) { library throws(SharedLibrary.MissingSymbol) in
      try library.address(of: "bbfan_no_such_function")
    }
    guard case .failure(let unusable) = missing else {
      Issue.record("found a function that does not exist")
      return
    }
    #expect(
      unusable.description
        == "\(Self.mathLibrary), loaded as libexample, has no bbfan_no_such_function: it is not "
        + "a libexample bbfan can use (n/a to its path)")
    let bound = SharedLibrary.bind(
      [Self.mathLibrary], library: "libm", neededBy: "Testing", install: "n/a"
    ) { library throws(SharedLibrary.MissingSymbol) in try library.function("cos", as: Cosine.self)
    }
    #expect(try bound.get()(0) == 1)
  }

  @Test("a variable that is set and not empty names the only candidate")
  func candidates() {
    let variable = "BBFAN_SHARED_LIBRARY_TEST_\(getpid())"
    let names = ["liba.so.1", "liba.so"]
    #expect(SharedLibrary.candidates(overriddenBy: variable, else: names) == names)
    setenv(variable, "", 1)
    #expect(SharedLibrary.candidates(overriddenBy: variable, else: names) == names)
    setenv(variable, "/opt/liba.so", 1)
    #expect(SharedLibrary.candidates(overriddenBy: variable, else: names) == ["/opt/liba.so"])
    unsetenv(variable)
  }
}
