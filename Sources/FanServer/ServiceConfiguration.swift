import JSONRPC

/// Everything the service is configured with, from the command line.
package struct ServiceConfiguration: Sendable, Equatable {
  /// Where the service keeps its state.
  package var dataDirectory: String
  /// The protocol limits.
  package var limits: MessageLimits
  /// How much the service writes to stderr.
  package var logLevel: DiagnosticLog.Level

  /// Creates a configuration.
  package init(
    dataDirectory: String, limits: MessageLimits = MessageLimits(),
    logLevel: DiagnosticLog.Level = .warning
  ) {
    self.dataDirectory = dataDirectory
    self.limits = limits
    self.logLevel = logLevel
  }
}
