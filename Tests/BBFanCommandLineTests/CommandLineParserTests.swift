import FanServer
import JSON
import Testing

@testable import bbfan

/// The command line's parser, in process: which command each line asks for, the configuration
/// it carries, and the sentence a line that cannot be run gets.
@Suite("The command line's parser")
struct CommandLineParserTests {
  private static func parser(_ variables: [String: String] = ["HOME": "/home/walt"])
    -> CommandLineParser
  {
    CommandLineParser { variables[$0] }
  }

  private static func configuration(_ invocation: Invocation) -> ServiceConfiguration? {
    switch invocation {
    case .serve(let configuration, _), .mcp(let configuration),
      .call(_, _, let configuration), .verify(_, let configuration):
      return configuration
    default:
      return nil
    }
  }

  private static func usage(_ message: String) -> UsageError {
    UsageError(message: message)
  }

  @Test("no command serves, on the user's data folder; XDG_DATA_HOME wins when absolute")
  func defaults() throws {
    let plain = try Self.parser().parse([])
    guard case .serve(let configuration, let record) = plain else {
      Issue.record("not serve: \(plain)")
      return
    }
    #expect(record == nil)
    #if os(Linux)
      #expect(configuration.dataDirectory == "/home/walt/.local/share/bbfan")
    #endif
    #expect(configuration.seed == nil)
    #expect(configuration.passwordIterations == 600_000)
    #expect(configuration.database == nil)
    let xdg = try Self.parser(["HOME": "/home/walt", "XDG_DATA_HOME": "/data"]).parse([])
    #expect(Self.configuration(xdg)?.dataDirectory == "/data/bbfan")
    // A relative XDG_DATA_HOME is invalid by the XDG specification, and ignored.
    let relative = try Self.parser(["HOME": "/home/walt", "XDG_DATA_HOME": "data"]).parse([])
    #expect(Self.configuration(relative)?.dataDirectory.hasPrefix("/home/walt/") == true)
  }

  @Test("options go before or after the command, and --data-dir names the folder")
  func optionsAnywhere() throws {
    let before = try Self.parser().parse(["--data-dir", "/tmp/x", "--seed", "3", "serve"])
    let after = try Self.parser().parse(["serve", "--data-dir=/tmp/x", "--seed=3"])
    #expect(before == after)
    #expect(Self.configuration(before)?.dataDirectory == "/tmp/x")
    #expect(Self.configuration(before)?.seed == 3)
    guard case .serve(_, let record) = try Self.parser().parse(["serve", "--record", "t.jsonl"])
    else {
      Issue.record("--record did not serve")
      return
    }
    #expect(record == "t.jsonl")
  }

  @Test("call takes a method and an optional object or array of params")
  func call() throws {
    #expect(
      try Self.parser().parse(["call", "service.info"])
        == .call(
          method: "service.info", params: nil,
          try #require(Self.configuration(try Self.parser().parse([])))))
    let withParams = try Self.parser().parse(["call", "characters.get", #"{"id":1}"#])
    guard case .call(let method, let params, _) = withParams else {
      Issue.record("not call: \(withParams)")
      return
    }
    #expect(method == "characters.get")
    #expect(params == .object(JSONObject(["id": .integer(1)])))
    guard case .call(_, let positional, _) = try Self.parser().parse(["call", "x", "[1]"]) else {
      Issue.record("an array of params was refused")
      return
    }
    #expect(positional == .array([.integer(1)]))
    // After --, an argument that starts with a dash is a method name, not an option.
    guard case .call(let dashed, _, _) = try Self.parser().parse(["call", "--", "-x"]) else {
      Issue.record("-- did not end the options")
      return
    }
    #expect(dashed == "-x")
  }

  @Test(
    "a command line that cannot be run says why and what to do",
    arguments: [
      (["call"], "call needs a method name: bbfan call METHOD [PARAMS_JSON]"),
      (
        ["call", "m", "{}", "x"],
        "call takes a method and one JSON argument; quote the JSON: bbfan call m '{...}'"
      ),
      (
        ["call", "m", "5"], "PARAMS_JSON must be a JSON object or array, such as '{\"season\": 2}'"
      ),
      (["serve", "x"], "serve takes no arguments, but got 'x'"),
      (["mcp", "x"], "mcp takes no arguments, but got 'x'"),
      (["manual", "x"], "manual takes no arguments, but got 'x'"),
      (["verify"], "verify needs at least one tape: bbfan verify FILE..."),
      (["completion", "tcsh"], "completion takes one shell: bbfan completion bash|zsh|fish"),
      (["call", "m", "--record", "t"], "--record goes with serve: bbfan serve --record FILE"),
      (
        ["launch"],
        "unknown command 'launch'; the commands are serve, mcp, call, verify, completion and manual"
      ),
      (
        ["--database", "mysql://walt@db/bbfan"],
        "--database (or BBFAN_DATABASE_URL) takes a PostgreSQL URL, postgres://USER@HOST/DB, not 'mysql://walt@db/bbfan'"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: Self.usage(message)) { try Self.parser().parse(arguments) }
  }

  @Test("PARAMS_JSON that is not JSON is refused with the parser's reason")
  func invalidParams() throws {
    let error = try #require(throws: UsageError.self) {
      try Self.parser().parse(["call", "m", "{nope}"])
    }
    #expect(error.message.hasPrefix("PARAMS_JSON is not valid JSON: "))
    #expect(error.message.contains("at byte 1"))
  }

  @Test("mcp follows the data directory's sign-in; verify replays with seed 1 and a low cost")
  func commandConfigurations() throws {
    #expect(
      Self.configuration(try Self.parser().parse(["mcp"]))?.followsDataDirectorySignIn == true)
    #expect(
      Self.configuration(try Self.parser().parse(["serve"]))?.followsDataDirectorySignIn == false)
    let verify = try Self.parser().parse(["verify", "a.jsonl", "b.jsonl"])
    guard case .verify(let files, let replay) = verify else {
      Issue.record("not verify: \(verify)")
      return
    }
    #expect(files == ["a.jsonl", "b.jsonl"])
    #expect(replay.seed == 1)
    #expect(replay.passwordIterations == 1000)
    let seeded = try Self.parser().parse(["verify", "a.jsonl", "--seed", "9"])
    #expect(Self.configuration(seeded)?.seed == 9)
  }

  @Test("BBFAN_DATABASE_URL names the shared database unless --database does; empty is unset")
  func databaseFromEnvironment() throws {
    let url = "postgres://walt@db/bbfan"
    let fromVariable = try Self.parser(["HOME": "/h", "BBFAN_DATABASE_URL": url]).parse([])
    #expect(Self.configuration(fromVariable)?.database == url)
    let empty = try Self.parser(["HOME": "/h", "BBFAN_DATABASE_URL": ""]).parse([])
    #expect(Self.configuration(empty)?.database == nil)
    let given = try Self.parser(["HOME": "/h", "BBFAN_DATABASE_URL": url]).parse([
      "--database", "postgresql://jesse@db/other",
    ])
    #expect(Self.configuration(given)?.database == "postgresql://jesse@db/other")
  }

  @Test("completion and manual need no configuration")
  func printingCommands() throws {
    #expect(try Self.parser().parse(["completion", "zsh"]) == .completion(shell: "zsh"))
    #expect(try Self.parser().parse(["manual"]) == .manual)
    #expect(try Self.parser().parse(["--version"]) == .version)
  }

  @Test("the public APIs: each universe's own, off, or elsewhere; never in a replay")
  func publicSources() throws {
    let shipped = try #require(
      Self.configuration(try Self.parser().parse(["call", "service.info"])))
    #expect(
      shipped.publicAPIs.endpoints.mapValues(\.name) == [
        .rickAndMorty: "https://rickandmortyapi.com/api"
      ])
    let off = try Self.parser(["HOME": "/h", "BBFAN_PUBLIC_SOURCES": "off"]).parse(["serve"])
    #expect(try #require(Self.configuration(off)).publicAPIs.endpoints.isEmpty)
    let standIn = try Self.parser([
      "HOME": "/h", "BBFAN_PUBLIC_SOURCES": "rick-and-morty=http://127.0.0.1:9/rmapi",
    ]).parse(["serve"])
    #expect(
      try #require(Self.configuration(standIn)).publicAPIs.endpoints.mapValues(\.name)
        == [.rickAndMorty: "http://127.0.0.1:9/rmapi"])
    let replay = try Self.parser().parse(["verify", "tape.jsonl"])
    #expect(try #require(Self.configuration(replay)).publicAPIs.endpoints.isEmpty)
  }
}
