import FanServer
import Foundation
import JSON
import TestSupport
import Testing

@Suite("bbfan command line", .timeLimit(.minutes(5)))
struct CommandLineTests {
  @Test("call prints the result on stdout and exits 0")
  func callResult() throws {
    let outcome = try ServiceProcess.run(["call", "service.info", "{}", "--data-dir", "/tmp/x"])
    #expect(outcome.status == 0)
    let result = try JSONParser.parse(try #require(outcome.lines.first))
    #expect(result["name"] == .string("bbfan"))
    #expect(result["dataDirectory"] == .string("/tmp/x"))
    #expect(outcome.stderr == "")
  }

  #if os(Linux)
    @Test(
      "a running service maps no libpq, libcurl, libsqlite3 or zlib until needed; libcrypto at once"
    )
    func noLazyLibrariesAtStart() throws {
      let directory = NSTemporaryDirectory() + "bbfan-maps-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let service = try InteractiveService(["--data-dir", directory])
      try service.send(#"{"jsonrpc":"2.0","id":1,"method":"service.info"}"# + "\n")
      #expect(service.readLine()?.contains(#""result""#) == true)
      // Read to the end: /proc files report no size, so a single read may stop at a page.
      let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(service.pid)/maps"))
      let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
      try handle.close()
      try service.closeInput()
      #expect(service.waitForExit() == 0)
      #expect(!maps.contains("libpq"))
      #expect(!maps.contains("libcurl"))
      // service.info opens no database, and nothing is compressed.
      #expect(!maps.contains("libsqlite3"))
      #expect(!maps.contains("libz.so"))
      // Loaded at start, so that a missing one stops the service before any request.
      #expect(maps.contains("libcrypto"))
    }

    @Test("an idle service sleeps: no CPU burnt looking for input once the client pauses")
    func idleServiceSleeps() throws {
      let directory = NSTemporaryDirectory() + "bbfan-idle-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let service = try InteractiveService(["--data-dir", directory])
      for id in 1...50 {
        try service.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"service.info"}"# + "\n")
        #expect(service.readLine()?.contains(#""result""#) == true)
      }
      Thread.sleep(forTimeInterval: 0.2)
      let before = try Self.cpuTicks(of: service.pid)
      Thread.sleep(forTimeInterval: 1.0)
      let after = try Self.cpuTicks(of: service.pid)
      try service.closeInput()
      #expect(service.waitForExit() == 0)
      // A loop that kept looking would use the whole second (about 100 ticks); asleep, it uses
      // none. The bound leaves room for a tick or two of the runtime's own threads.
      #expect(after - before < 20, "\(after - before) ticks of CPU in one idle second")
    }

    @Test("the service widens its input and output pipes to 1 MiB")
    func widePipes() throws {
      let process = Process()
      let input = Pipe()
      let output = Pipe()
      process.executableURL = ServiceProcess.executable
      process.arguments = ["--data-dir", ServiceProcess.temporaryDataDirectory()]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      // The first reply comes after the pipes were set up.
      input.fileHandleForWriting.write(
        Data(#"{"jsonrpc":"2.0","id":1,"method":"service.info"}"#.utf8 + [0x0A]))
      let first = output.fileHandleForReading.availableData
      #expect(String(decoding: first, as: UTF8.self).contains(#""result""#))
      // F_GETPIPE_SZ on this side's ends: a pipe has one buffer, whichever end asks.
      let getPipeSize: Int32 = 1032
      #expect(fcntl(input.fileHandleForWriting.fileDescriptor, getPipeSize) == 1 << 20)
      #expect(fcntl(output.fileHandleForReading.fileDescriptor, getPipeSize) == 1 << 20)
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }

    /// User plus system CPU of process `pid` so far, in clock ticks (`/proc/PID/stat`).
    private static func cpuTicks(of pid: Int32) throws -> Int {
      let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/stat"))
      defer { try? handle.close() }
      let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
      // Fields after the command name (which is in parentheses and may hold spaces).
      let rest = try #require(text.split(separator: ")").last).split(separator: " ")
      // utime and stime are fields 14 and 15; `rest` starts at field 3.
      let user = try #require(Int(rest[11]))
      let system = try #require(Int(rest[12]))
      return user + system
    }
  #endif

  @Test(
    "without libsqlite3, a call needing the database says what to install; others answer"
  )
  func missingLibsqlite3() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let database = directory + "/bbfan.sqlite3"
    let missing = ["BBFAN_LIBSQLITE3": "/nonexistent/libsqlite3.so.0"]
    // No database: SQLite is never needed, so the call never loads it.
    let episode = try ServiceProcess.run(
      ["call", "episodes.get", #"{"id":1}"#, "--data-dir", directory], environment: missing)
    #expect(episode.status == 0, "\(episode.stderr)")
    let result = try JSONParser.parse(try #require(episode.lines.first))
    #expect(result["title"] == .string("Pilot"))
    #expect(!FileManager.default.fileExists(atPath: database))
    let register =
      #"{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#
    let registered = try ServiceProcess.run(
      ["call", "auth.register", register, "--data-dir", directory, "--password-cost", "1000"])
    #expect(registered.status == 0, "\(registered.stderr)")
    try #require(FileManager.default.fileExists(atPath: database))
    // With one, a call that reads it (the accounts signed in here) gets the error, not a crash.
    let refused = try ServiceProcess.run(
      ["call", "favorites.list", "{}", "--data-dir", directory], environment: missing)
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(refused.lines.isEmpty)
    let line = try #require(
      refused.stderr.split(separator: "\n").last { $0.hasPrefix("{") }, "\(refused.stderr)")
    let error = try JSONParser.parse(String(line))
    #expect(error["code"] == .integer(-32010))
    #expect(error["data"]?["reason"] == .string("storage-unavailable"))
    #expect(error["data"]?["failure"] == .string("missing-library"))
    #expect(error["data"]?["path"] == .string(database))
    let message = error["message"]?.stringValue ?? ""
    #expect(
      message.hasPrefix(
        "Storage unavailable: the data directory's database (SQLite) needs libsqlite3, which is "
          + "not installed"), "\(message)")
    #expect(message.contains("apt-get install libsqlite3-0"), "\(message)")
    #expect(message.contains("BBFAN_LIBSQLITE3"), "\(message)")
    #expect(message.contains("/nonexistent/libsqlite3.so.0"), "\(message)")
    // The same call with the library answers: walt is signed in on this data directory.
    let listed = try ServiceProcess.run(["call", "favorites.list", "{}", "--data-dir", directory])
    #expect(listed.status == 0, "\(listed.stderr)")
    let favorites = try JSONParser.parse(try #require(listed.lines.first))
    #expect(favorites["total"] == .integer(0))
  }

  @Test("call prints an error object on stderr and exits 1")
  func callError() throws {
    let outcome = try ServiceProcess.run(["call", "service.info", #"{"x":1}"#])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    let error = try JSONParser.parse(outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(error["code"] == .number("-32602"))
    #expect(error["data"]?["field"] == .string("x"))
  }

  @Test(
    "usage errors are one line on stderr with exit status 2",
    arguments: [
      ["--bogus"], ["call"], ["call", "service.info", "{x"], ["call", "service.info", "3"],
      ["call", "a", "{}", "extra"], ["frobnicate"], ["--log-level", "loud"], ["--max-depth", "0"],
      ["--data-dir"], ["serve", "extra"], ["--password-cost", "0"],
      ["--password-cost", "2147483648"], ["--connect-timeout", "0"],
      ["--connect-timeout", "soon"], ["--connect-timeout", "3601"],
    ])
  func usage(arguments: [String]) throws {
    let outcome = try ServiceProcess.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("bbfan: "))
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("--help and --version print to stdout and exit 0")
  func helpAndVersion() throws {
    let help = try ServiceProcess.run(["--help"])
    #expect(help.status == 0)
    #expect(
      String(decoding: help.stdout, as: UTF8.self).contains("bbfan call METHOD [PARAMS_JSON]"))
    #expect(String(decoding: help.stdout, as: UTF8.self).contains("--record FILE"))
    let version = try ServiceProcess.run(["--version"])
    let line = String(decoding: version.stdout, as: UTF8.self)
    // The version, and the commit the binary was built from (unknown outside a clone).
    #expect(line.hasPrefix("bbfan \(ServiceVersion.version) (commit "), "\(line)")
    #expect(
      line.wholeMatch(of: #/bbfan [0-9.]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)\n/#) != nil)
  }

  @Test("the version is written once: the schemas' examples and the READMEs follow it")
  func oneVersion() throws {
    let root = BuiltProducts.repository
    func read(_ path: String) throws -> String {
      String(decoding: try Data(contentsOf: root.appending(path: path)), as: UTF8.self)
    }
    let version = ServiceVersion.version
    let info = try JSONParser.parse(try read("Schemas/service.info.json"))
    for example in info["examples"]?.arrayValue ?? [] {
      #expect(example["result"]?["version"] == .string(version))
    }
    let discover = try JSONParser.parse(try read("Schemas/rpc.discover.json"))
    for example in discover["examples"]?.arrayValue ?? [] {
      #expect(example["result"]?["info"]?["version"] == .string(version))
    }
    #expect(try read("Clients/Swift/README.md").contains("bbfan \(version): 102 episodes"))
    #expect(try read("README.md").contains(#""name":"bbfan","version":"\#(version)""#))
  }

  @Test("serve is the default command and takes options after it")
  func serveExplicit() throws {
    let outcome = try ServiceProcess.run(
      ["serve", "--log-level=off"], lines: [#"{"jsonrpc":"2.0","method":"service.info","id":1}"#])
    #expect(outcome.lines.count == 1)
    #expect(outcome.status == 0)
  }
}
