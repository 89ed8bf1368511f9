import FanAPI
import FanServer
import JSONRPC

extension CommandLineOption {
  /// Every option, in the order `--help`, the man page and README show them.
  static let all: [CommandLineOption] = [
    CommandLineOption(
      name: "--data-dir", value: "DIR", kind: .directory,
      defaultValue: "$XDG_DATA_HOME/bbfan, else ~/.local/share/bbfan",
      summary: "Where state is kept: the database, the saved catalogs, images, photos and exports "
        + "(~/Library/Application Support/bbfan by default on macOS)."
    ) { settings, value throws(UsageError) in
      let directory = value ?? ""
      guard !directory.isEmpty else { throw UsageError(message: "--data-dir needs a folder") }
      settings.dataDirectory = directory
    },
    CommandLineOption(
      name: "--source", value: "[UNIVERSE=]embedded|URL", kind: .choice(["embedded"]),
      defaultValue: "the source of the universe's last saved refresh, else embedded",
      summary: "A universe's catalog: the snapshot built in, or the live API of the original "
        + "shape that catalog.refresh fetches from (http or https, no query). Without UNIVERSE= "
        + "it is Breaking Bad's, such as https://www.breakingbadapi.com/api; repeat it for "
        + "another universe, such as rick-and-morty=https://rickandmortyapi.com/api. Each "
        + "universe's last good refresh is served at start, with or without --source (a "
        + "universe given none is refreshed from the URL its saved refresh came from, else from "
        + "its public API if it has one: Rick and Morty's, unless BBFAN_PUBLIC_SOURCES=off); "
        + "UNIVERSE=embedded serves the embedded snapshot for that run and keeps the saved one; "
        + "two universes cannot share a URL."
    ) { settings, value throws(UsageError) in
      do throws(ServiceConfiguration.SourceProblem) {
        let (universe, endpoint) = try ServiceConfiguration.source(
          from: value ?? "", universes: Universes.shipped)
        settings.sources[universe] = endpoint
        if endpoint == nil {
          settings.embedded.insert(universe)
        } else {
          settings.embedded.remove(universe)
        }
      } catch {
        throw UsageError(message: error.description)
      }
    },
    CommandLineOption(
      name: "--http-timeout", value: "SECONDS", defaultValue: "30",
      summary: "How long a request to the live API or an image host may take."
    ) { settings, value throws(UsageError) in
      settings.http.timeoutSeconds = try seconds(value, of: "--http-timeout")
    },
    CommandLineOption(
      name: "--connect-timeout", value: "SECONDS", defaultValue: "3",
      summary: "How long connecting to the live API or an image host may take (name lookup "
        + "included), within --http-timeout: a host that is down or out of reach fails in this "
        + "time (-32011 unreachable), and images.fetch then answers its cached copy as stale."
    ) { settings, value throws(UsageError) in
      settings.http.connectTimeoutSeconds = try seconds(value, of: "--connect-timeout")
    },
    CommandLineOption(
      name: "--http-concurrency", value: "N", defaultValue: "6",
      summary: "The most requests of one refresh in flight at once: the pages of a paged list go "
        + "out side by side once its first page says how many there are."
    ) { settings, value throws(UsageError) in
      settings.http.concurrency = try positiveInteger(value, of: "--http-concurrency")
    },
    CommandLineOption(
      name: "--max-pages", value: "N", defaultValue: "500",
      summary: "The most pages a refresh follows in one paged list (info.next); more is -32012 "
        + "too-many-pages."
    ) { settings, value throws(UsageError) in
      settings.http.maxPages = try positiveInteger(value, of: "--max-pages")
    },
    CommandLineOption(
      name: "--max-refresh-bytes", value: "N", defaultValue: "268435456",
      summary: "The most bytes the bodies of one refresh may add up to; more is -32012 too-large."
    ) { settings, value throws(UsageError) in
      settings.http.maxRefreshBytes = try positiveInteger(value, of: "--max-refresh-bytes")
    },
    CommandLineOption(
      name: "--image-cache-bytes", value: "N", defaultValue: "67108864",
      summary: "The most the image cache keeps before it evicts the least recently used images."
    ) { settings, value throws(UsageError) in
      settings.imageCacheBytes = try positiveInteger(value, of: "--image-cache-bytes")
    },
    CommandLineOption(
      name: "--image-retry-after", value: "SECONDS", defaultValue: "30",
      summary: "How long an image whose download failed (and that has no cached copy) fails again "
        + "at once, with data.retryAfter, instead of waiting on its host again; 0 turns it off."
    ) { settings, value throws(UsageError) in
      settings.imageRetryAfterSeconds = try wholeSeconds(value, of: "--image-retry-after")
    },
    CommandLineOption(
      name: "--database", value: "URL", defaultValue: "none: the data directory's SQLite file",
      summary: "A PostgreSQL database shared by many machines, postgres://USER@HOST/DB (also "
        + "BBFAN_DATABASE_URL): accounts, favourites, quizzes and profiles live there. A password "
        + "comes from the URL, PGPASSWORD or ~/.pgpass."
    ) { settings, value throws(UsageError) in
      settings.database = value
    },
    CommandLineOption(
      name: "--busy-timeout", value: "SECONDS", defaultValue: "10",
      summary: "How long a write (or opening the database) waits for another bbfan process "
        + "holding it before it fails with -32010 failure \"busy\"."
    ) { settings, value throws(UsageError) in
      let seconds = try seconds(value, of: "--busy-timeout")
      settings.busyTimeoutMilliseconds = max(1, Int((seconds * 1000).rounded()))
    },
    CommandLineOption(
      name: "--record", value: "FILE", kind: .file,
      summary: "(serve) Append every exchange to FILE, a tape for bbfan verify; created 0600, as "
        + "it holds passwords. A symbolic link, a file that is not regular, or one of another "
        + "user is refused.",
      commands: ["serve"]
    ) { settings, value throws(UsageError) in
      let path = value ?? ""
      guard !path.isEmpty else { throw UsageError(message: "--record needs a file") }
      settings.record = path
    },
    CommandLineOption(
      name: "--log-level", value: "LEVEL",
      kind: .choice(DiagnosticLog.Level.allCases.map(\.name)), defaultValue: "warning",
      summary: "off, error, warning, info or debug (every message in and out); logs go to stderr."
    ) { settings, value throws(UsageError) in
      let text = value ?? ""
      guard let level = DiagnosticLog.Level(name: text) else {
        let names = DiagnosticLog.Level.allCases.map(\.name).joined(separator: ", ")
        throw UsageError(message: "--log-level takes one of \(names), not '\(text)'")
      }
      settings.logLevel = level
    },
    CommandLineOption(
      name: "--seed", value: "N", defaultValue: "a fresh seed each run",
      summary: "Fixes every random draw (quotes.random), for tests and recordings."
    ) { settings, value throws(UsageError) in
      let text = value ?? ""
      guard let number = UInt64(text) else {
        throw UsageError(
          message: "--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
      }
      settings.seed = number
    },
    CommandLineOption(
      name: "--password-cost", value: "N", defaultValue: "600000",
      summary: "PBKDF2 iterations for new password hashes; lower it only for tests."
    ) { settings, value throws(UsageError) in
      let text = value ?? ""
      // The C libraries take the iteration count as a 32-bit int.
      guard let cost = Int32(text), cost > 0 else {
        throw UsageError(
          message: "--password-cost takes a whole number from 1 to \(Int32.max), not '\(text)'")
      }
      settings.passwordIterations = Int(cost)
    },
    CommandLineOption(
      name: "--max-message-bytes", value: "N", defaultValue: "16777216",
      summary: "The largest message accepted: room for an 8 MiB photo as base64 in its request."
    ) { settings, value throws(UsageError) in
      settings.limits.maxMessageBytes = try positiveInteger(value, of: "--max-message-bytes")
    },
    CommandLineOption(
      name: "--max-depth", value: "N", defaultValue: "64",
      summary: "The deepest nesting of arrays and objects accepted."
    ) { settings, value throws(UsageError) in
      settings.limits.maxDepth = try positiveInteger(value, of: "--max-depth")
    },
    CommandLineOption(
      name: "--max-batch", value: "N", defaultValue: "1000",
      summary: "The most elements a batch may have."
    ) { settings, value throws(UsageError) in
      settings.limits.maxBatchLength = try positiveInteger(value, of: "--max-batch")
    },
    CommandLineOption(
      name: "--help", short: "-h", summary: "Print this help and exit."
    ) { settings, _ throws(UsageError) in
      settings.request = .help
    },
    CommandLineOption(
      name: "--version", short: "-V",
      summary: "Print the version and the commit the binary was built from, and exit."
    ) { settings, _ throws(UsageError) in
      settings.request = .version
    },
  ]

  /// The option called `name` (long or short), if there is one.
  static func named(_ name: String) -> CommandLineOption? {
    all.first { $0.name == name || $0.short == name }
  }

  private static func positiveInteger(_ text: String?, of option: String) throws(UsageError)
    -> Int
  {
    guard let text, let number = Int(text), number > 0 else {
      throw UsageError(message: "\(option) takes a positive whole number, not '\(text ?? "")'")
    }
    return number
  }

  private static func wholeSeconds(_ text: String?, of option: String) throws(UsageError) -> Int {
    guard let text, let seconds = Int(text), (0...3600).contains(seconds) else {
      throw UsageError(
        message: "\(option) takes whole seconds from 0 to 3600, such as 30, not '\(text ?? "")'")
    }
    return seconds
  }

  private static func seconds(_ text: String?, of option: String) throws(UsageError) -> Double {
    guard let text, let seconds = Double(text), seconds > 0, seconds <= 3600 else {
      throw UsageError(
        message: "\(option) takes seconds between 0 and 3600, such as 2.5, not '\(text ?? "")'")
    }
    return seconds
  }
}
