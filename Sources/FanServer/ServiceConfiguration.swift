import JSONRPC

/// Everything the service is configured with, from the command line.
package struct ServiceConfiguration: Sendable, Equatable {
  /// Where the service keeps its state.
  package var dataDirectory: String
  /// The protocol limits.
  package var limits: MessageLimits
  /// How much the service writes to stderr.
  package var logLevel: DiagnosticLog.Level
  /// The seed of all randomness (`--seed N`); nil for a fresh one each run.
  package var seed: UInt64?
  /// PBKDF2 iterations for new password hashes (`--password-cost N`; lower only for tests).
  package var passwordIterations: Int

  /// Creates a configuration.
  package init(
    dataDirectory: String, limits: MessageLimits = MessageLimits(),
    logLevel: DiagnosticLog.Level = .warning, seed: UInt64? = nil,
    passwordIterations: Int = 600_000
  ) {
    self.dataDirectory = dataDirectory
    self.limits = limits
    self.logLevel = logLevel
    self.seed = seed
    self.passwordIterations = passwordIterations
  }
}
