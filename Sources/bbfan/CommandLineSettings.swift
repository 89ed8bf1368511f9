import FanAPI
import FanCore
import FanProtocol
import FanServer
import JSONRPC

/// What the options of a command line set, as the parser takes them one by one.
struct CommandLineSettings {
  /// `--help` or `--version`, which stop the parse.
  enum Request: Equatable {
    /// Print the help text.
    case help
    /// Print the version.
    case version
  }

  /// `--help` or `--version`, when given.
  var request: Request?
  /// `--data-dir`.
  var dataDirectory: String?
  /// `--max-message-bytes`, `--max-depth`, `--max-batch`.
  var limits = MessageLimits()
  /// `--log-level`.
  var logLevel = DiagnosticLog.Level.warning
  /// `--seed`.
  var seed: UInt64?
  /// `--password-cost`.
  var passwordIterations: Int?
  /// `--record`.
  var record: String?
  /// `--source`, by universe.
  var sources: [UniverseID: APIEndpoint] = [:]
  /// The universes `--source` told to serve their embedded catalog for this run.
  var embedded: Set<UniverseID> = []
  /// `--http-timeout`, `--connect-timeout`, `--http-concurrency`, `--max-pages`,
  /// `--max-refresh-bytes`.
  var http = HTTPLimits()
  /// `--image-cache-bytes`.
  var imageCacheBytes: Int?
  /// `--image-retry-after`.
  var imageRetryAfterSeconds: Int?
  /// `--busy-timeout`, in milliseconds.
  var busyTimeoutMilliseconds: Int?
  /// `--database`, or `BBFAN_DATABASE_URL`.
  var database: String?
}
