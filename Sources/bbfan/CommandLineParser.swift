import FanAPI
import FanCore
import FanServer
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
    var dataDirectory: String?
    var limits = MessageLimits()
    var logLevel = DiagnosticLog.Level.warning
    var seed: UInt64?
    var passwordIterations: Int?
    var record: String?
    var sources: [UniverseID: APIEndpoint] = [:]
    var embedded: Set<UniverseID> = []
    var http = HTTPLimits()
    var imageCacheBytes: Int?
    var busyTimeoutMilliseconds: Int?
    var database = environment("BBFAN_DATABASE_URL").flatMap { $0.isEmpty ? nil : $0 }
    var index = 0
    var optionsEnded = false

    func value(for option: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else {
        throw UsageError(message: "\(option) needs a value; see 'bbfan --help'")
      }
      return arguments[index]
    }

    func positiveInteger(_ text: String, _ option: String) throws(UsageError) -> Int {
      guard let number = Int(text), number > 0 else {
        throw UsageError(message: "\(option) takes a positive whole number, not '\(text)'")
      }
      return number
    }

    while index < arguments.count {
      let argument = arguments[index]
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        index += 1
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      switch name {
      case "--":
        optionsEnded = true
      case "-h", "--help":
        return .help
      case "-V", "--version":
        return .version
      case "--database":
        database = try value(for: name, inline: inline)
      case "--data-dir":
        let directory = try value(for: name, inline: inline)
        guard !directory.isEmpty else { throw UsageError(message: "--data-dir needs a folder") }
        dataDirectory = directory
      case "--log-level":
        let text = try value(for: name, inline: inline)
        guard let level = DiagnosticLog.Level(name: text) else {
          let names = DiagnosticLog.Level.allCases.map(\.name).joined(separator: ", ")
          throw UsageError(message: "--log-level takes one of \(names), not '\(text)'")
        }
        logLevel = level
      case "--seed":
        let text = try value(for: name, inline: inline)
        guard let number = UInt64(text) else {
          throw UsageError(
            message: "--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        seed = number
      case "--record":
        let path = try value(for: name, inline: inline)
        guard !path.isEmpty else { throw UsageError(message: "--record needs a file") }
        record = path
      case "--source":
        let text = try value(for: name, inline: inline)
        do throws(ServiceConfiguration.SourceProblem) {
          let (universe, endpoint) = try ServiceConfiguration.source(from: text)
          sources[universe] = endpoint
          if endpoint == nil { embedded.insert(universe) } else { embedded.remove(universe) }
        } catch {
          throw UsageError(message: error.description)
        }
      case "--max-pages":
        http.maxPages = try positiveInteger(try value(for: name, inline: inline), name)
      case "--http-concurrency":
        http.concurrency = try positiveInteger(try value(for: name, inline: inline), name)
      case "--max-refresh-bytes":
        http.maxRefreshBytes = try positiveInteger(try value(for: name, inline: inline), name)
      case "--http-timeout":
        let text = try value(for: name, inline: inline)
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
          throw UsageError(
            message: "--http-timeout takes seconds between 0 and 3600, such as 2.5, not '\(text)'")
        }
        http.timeoutSeconds = seconds
      case "--busy-timeout":
        let text = try value(for: name, inline: inline)
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
          throw UsageError(
            message: "--busy-timeout takes seconds between 0 and 3600, such as 2.5, not '\(text)'")
        }
        busyTimeoutMilliseconds = max(1, Int((seconds * 1000).rounded()))
      case "--image-cache-bytes":
        imageCacheBytes = try positiveInteger(try value(for: name, inline: inline), name)
      case "--password-cost":
        let text = try value(for: name, inline: inline)
        // The C libraries take the iteration count as a 32-bit int.
        guard let cost = Int32(text), cost > 0 else {
          throw UsageError(
            message: "--password-cost takes a whole number from 1 to \(Int32.max), not '\(text)'")
        }
        passwordIterations = Int(cost)
      case "--max-message-bytes":
        limits.maxMessageBytes = try positiveInteger(try value(for: name, inline: inline), name)
      case "--max-depth":
        limits.maxDepth = try positiveInteger(try value(for: name, inline: inline), name)
      case "--max-batch":
        limits.maxBatchLength = try positiveInteger(try value(for: name, inline: inline), name)
      default:
        throw UsageError(message: "unknown option '\(name)'; see 'bbfan --help'")
      }
      index += 1
    }

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
            + "postgres://USER@HOST/DB, not '\(ServiceConfiguration.redacted(database: given))'")
      }
    }
    var configuration = ServiceConfiguration(
      dataDirectory: dataDirectory ?? defaultDataDirectory(), limits: limits, logLevel: logLevel,
      seed: seed, passwordIterations: passwordIterations ?? 600_000, http: http)
    configuration.database = database
    configuration.sources = sources
    configuration.embedded = embedded
    if let imageCacheBytes { configuration.imageCacheBytes = imageCacheBytes }
    if let busyTimeoutMilliseconds {
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
    default:
      throw UsageError(
        message: "unknown command '\(command)'; the commands are serve, mcp, call and verify")
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
