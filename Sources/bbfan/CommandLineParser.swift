import FanAPI
import FanCore
import FanServer
import FanStorage
import FanStorageEngines
import JSON
import JSONRPC

/// Turns the arguments into an `Invocation`.
///
/// Options may come before or after the subcommand, as `--name value` or `--name=value`.
struct CommandLineParser {
  /// The environment, for the default data directory.
  var environment: (String) -> String?

  /// Parses `arguments` (without the program name).
  func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var positionals: [String] = []
    var settings = CommandLineSettings()
    settings.database = environment("BBFAN_DATABASE_URL").flatMap { $0.isEmpty ? nil : $0 }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let option = CommandLineOption.named(name) else {
        throw UsageError(message: "unknown option '\(name)'; see 'bbfan --help'")
      }
      var value = inline
      if option.value != nil && value == nil {
        guard index < arguments.count else {
          throw UsageError(message: "\(name) needs a value; see 'bbfan --help'")
        }
        value = arguments[index]
        index += 1
      } else if option.value == nil, inline != nil {
        throw UsageError(message: "\(name) takes no value; see 'bbfan --help'")
      }
      try option.apply(&settings, value)
      switch settings.request {
      case .help?: return .help
      case .version?: return .version
      case nil: break
      }
    }
    let sources = settings.sources
    let limits = settings.limits
    let database = settings.database
    let record = settings.record
    let seed = settings.seed
    let passwordIterations = settings.passwordIterations

    let universes = sources.keys.sorted { $0.rawValue < $1.rawValue }
    for (index, first) in universes.enumerated() {
      for second in universes[(index + 1)...] where sources[first] == sources[second] {
        throw UsageError(
          message: "--source gives \(first) and \(second) the same URL, "
            + "\(sources[first]?.name ?? ""); each universe needs its own API")
      }
    }
    if let given = database {
      guard given.hasPrefix("postgres://") || given.hasPrefix("postgresql://") else {
        throw UsageError(
          message: "--database (or BBFAN_DATABASE_URL) takes a PostgreSQL URL, "
            + "postgres://USER@HOST/DB, not '\(StorageEngines.standard.redacted(given))'")
      }
    }
    var configuration = ServiceConfiguration(
      storageEngines: .standard, dataDirectory: settings.dataDirectory ?? defaultDataDirectory(),
      limits: limits,
      logLevel: settings.logLevel, seed: seed, passwordIterations: passwordIterations ?? 600_000,
      http: settings.http)
    configuration.database = database
    configuration.sources = sources
    configuration.embedded = settings.embedded
    configuration.publicAPIs = try publicSources(of: configuration.universes)
    if let imageCacheBytes = settings.imageCacheBytes {
      configuration.imageCacheBytes = imageCacheBytes
    }
    if let imageRetryAfterSeconds = settings.imageRetryAfterSeconds {
      configuration.imageRetryAfterSeconds = imageRetryAfterSeconds
    }
    if let busyTimeoutMilliseconds = settings.busyTimeoutMilliseconds {
      configuration.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }
    guard let command = positionals.first else { return .serve(configuration, record: record) }
    if record != nil && command != "serve" {
      throw UsageError(message: "--record goes with serve: bbfan serve --record FILE")
    }
    switch command {
    case "serve":
      guard positionals.count == 1 else {
        throw UsageError(message: "serve takes no arguments, but got '\(positionals[1])'")
      }
      return .serve(configuration, record: record)
    case "mcp":
      guard positionals.count == 1 else {
        throw UsageError(message: "mcp takes no arguments, but got '\(positionals[1])'")
      }
      // An assistant's server runs for long; its user signs in from a terminal meanwhile.
      var mcp = configuration
      mcp.followsDataDirectorySignIn = true
      return .mcp(mcp)
    case "verify":
      guard positionals.count >= 2 else {
        throw UsageError(message: "verify needs at least one tape: bbfan verify FILE...")
      }
      // Replays are fixed by a seed, and a low password cost changes no reply, only the time.
      var replay = configuration
      replay.seed = seed ?? 1
      replay.passwordIterations = passwordIterations ?? 1000
      // A tape replays what was recorded; it never reaches out to a public API.
      replay.publicAPIs = PublicAPIs(given: [:])
      return .verify(files: Array(positionals.dropFirst()), replay)
    case "call":
      guard positionals.count >= 2 else {
        throw UsageError(message: "call needs a method name: bbfan call METHOD [PARAMS_JSON]")
      }
      guard positionals.count <= 3 else {
        throw UsageError(
          message:
            "call takes a method and one JSON argument; quote the JSON: bbfan call \(positionals[1]) '{...}'"
        )
      }
      var params: JSONValue?
      if positionals.count == 3 {
        do throws(JSONParseError) {
          params = try JSONParser.parse(positionals[2], maxDepth: limits.maxDepth)
        } catch {
          throw UsageError(message: "PARAMS_JSON is not valid JSON: \(error)")
        }
        switch params {
        case .object?, .array?: break
        default:
          throw UsageError(
            message: "PARAMS_JSON must be a JSON object or array, such as '{\"season\": 2}'")
        }
      }
      return .call(method: positionals[1], params: params, configuration)
    case "completion":
      guard positionals.count == 2, ShellCompletion.shells.contains(positionals[1]) else {
        throw UsageError(
          message: "completion takes one shell: bbfan completion "
            + ShellCompletion.shells.joined(separator: "|"))
      }
      return .completion(shell: positionals[1])
    case "manual":
      guard positionals.count == 1 else {
        throw UsageError(message: "manual takes no arguments, but got '\(positionals[1])'")
      }
      return .manual
    default:
      let names = CommandLineCommand.all.map(\.name)
      throw UsageError(
        message: "unknown command '\(command)'; the commands are "
          + names.dropLast().joined(separator: ", ") + " and " + (names.last ?? ""))
    }
  }

  /// `$XDG_DATA_HOME/bbfan`, else the platform's per-user data folder.
  func defaultDataDirectory() -> String {
    if let xdg = environment("XDG_DATA_HOME"), xdg.hasPrefix("/") { return xdg + "/bbfan" }
    let home = environment("HOME") ?? "."
    #if os(macOS)
      return home + "/Library/Application Support/bbfan"
    #else
      return home + "/.local/share/bbfan"
    #endif
  }
}
