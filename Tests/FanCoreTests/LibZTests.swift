import Testing

@testable import FanCore

@Suite("zlib, loaded on demand")
struct LibZTests {
  @Test("the system's zlib loads with every function, and a stream goes there and back")
  func loadsSystemLibrary() throws {
    _ = try LibZ.load(from: LibZ.candidates).get()
    let data = Array("Say my name. Say my name. Say my name.".utf8)
    let compressed = try #require(try Zlib.deflate(data))
    #expect(compressed.count < data.count)
    // zlib's header: deflate, 32 KiB window, default level.
    #expect(compressed.prefix(2) == [0x78, 0x9C])
    #expect(try Zlib.inflate(compressed, count: data.count) == data)
    #expect(try Zlib.inflate(compressed, count: data.count + 1) == nil)
    #expect(try Zlib.inflate(Array(compressed.dropLast(3)), count: data.count) == nil)
  }

  #if os(Linux)
    @Test("a library that is not zlib is refused, naming it and the missing function")
    func refusesOtherLibrary() {
      guard case .failure(let problem) = LibZ.load(from: ["libsqlite3.so.0"]) else {
        Issue.record("libsqlite3 was taken for zlib")
        return
      }
      #expect(
        problem.description
          == "libsqlite3.so.0, loaded as zlib, has no uncompress: it is not a zlib bbfan can use "
          + "(Debian and Ubuntu: apt-get install zlib1g; macOS: part of the system; or set "
          + "BBFAN_LIBZ to its path)")
    }
  #endif

  @Test("none found: the failure says what needs it, what to install and what was tried")
  func missingLibrary() {
    guard case .failure(let problem) = LibZ.load(from: ["/nonexistent/libz.so.1"]) else {
      Issue.record("a library that does not exist loaded")
      return
    }
    #expect(
      problem.description.hasPrefix("a PNG image on a card needs zlib, which is not installed"))
    #expect(problem.description.contains("apt-get install zlib1g"))
    #expect(problem.description.contains("BBFAN_LIBZ"))
    #expect(problem.description.contains("/nonexistent/libz.so.1"))
  }
}
