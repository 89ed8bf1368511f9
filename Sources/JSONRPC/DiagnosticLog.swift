#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Diagnostics for people, written to stderr (never stdout, which carries protocol messages only).
///
/// The one descriptor this target writes to: diagnostics are not the wire, so they do not go
/// through a transport.
package struct DiagnosticLog: Sendable {
  /// How much to write, from nothing to everything.
  package enum Level: Int, Sendable, Comparable, CaseIterable {
    /// Nothing at all.
    case off
    /// Faults of the service.
    case error
    /// Problems with the input that were answered with an error, and other surprises.
    case warning
    /// Start, stop and configuration.
    case info
    /// Every message in and out.
    case debug

    /// The level's name on the command line.
    package var name: String {
      switch self {
      case .off: return "off"
      case .error: return "error"
      case .warning: return "warning"
      case .info: return "info"
      case .debug: return "debug"
      }
    }

    /// Parses a command-line name.
    package init?(name: String) {
      guard let level = Level.allCases.first(where: { $0.name == name }) else { return nil }
      self = level
    }

    /// Orders levels by verbosity.
    package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The most verbose level written.
  package var level: Level
  private let fd: Int32

  /// Creates a log writing to `fd` (stderr by default).
  package init(level: Level = .warning, fd: Int32 = 2) {
    self.level = level
    self.fd = fd
  }

  /// Whether messages of `level` are written.
  package func enabled(_ level: Level) -> Bool { level != .off && level <= self.level }

  /// Writes one line at `level`, as `bbfan: level: message`.
  package func write(_ level: Level, _ message: @autoclosure () -> String) {
    guard enabled(level) else { return }
    Self.writeAll(fd, Array("bbfan: \(level.name): \(message())\n".utf8))
  }

  /// The C library's `write(2)` (a bare `write` here would be this type's own method).
  private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }

  /// Writes all of `bytes` to `fd`, retrying on EINTR; a failure is dropped (there is nowhere
  /// left to report it).
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Writes at `error`.
  package func error(_ message: @autoclosure () -> String) { write(.error, message()) }
  /// Writes at `warning`.
  package func warning(_ message: @autoclosure () -> String) { write(.warning, message()) }
  /// Writes at `info`.
  package func info(_ message: @autoclosure () -> String) { write(.info, message()) }
  /// Writes at `debug`.
  package func debug(_ message: @autoclosure () -> String) { write(.debug, message()) }
}
