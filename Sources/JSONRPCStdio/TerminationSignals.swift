import POSIXSupport

/// SIGTERM and SIGINT, turned into a byte on a connection loop's wake-up pipe.
///
/// The handler only calls `write(2)`, which is async-signal-safe, and works whichever thread the
/// kernel picks to take the signal. (A dispatch signal source needs the signal ignored, and on
/// Linux a signal ignored on the thread that takes it is lost: SIGTERM was then missed now and
/// then under load.)
enum TerminationSignals {
  /// The byte the handler writes; the loop stops reading input when it sees it.
  static let marker: UInt8 = 0x54

  nonisolated(unsafe) private static var wakeFD: Int32 = -1

  /// Routes SIGTERM and SIGINT to `wakeFD` until `uninstall()`.
  static func install(wakeFD: Int32) {
    Self.wakeFD = wakeFD
    for number in [SIGTERM, SIGINT] {
      _ = signal(number) { _ in
        var byte = TerminationSignals.marker
        _ = write(TerminationSignals.wakeFD, &byte, 1)
      }
    }
  }

  /// Restores the default handling.
  static func uninstall() {
    for number in [SIGTERM, SIGINT] { _ = signal(number, SIG_DFL) }
    wakeFD = -1
  }
}
