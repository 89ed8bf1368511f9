import JSONRPCStdio
import POSIXSupport

/// SIGTERM and SIGINT, which stop a serving `bbfan`: they pull its transport's `StopTrigger`,
/// and the replies of the requests already read are written for `gracePeriod` more.
///
/// The executable owns its signals, as swift-service-lifecycle's do; the transport only knows
/// a trigger. The handler only calls `write(2)`, which is async-signal-safe, and works whichever
/// thread the kernel picks to take the signal. (A dispatch signal source needs the signal
/// ignored, and on Linux a signal ignored on the thread that takes it is lost: SIGTERM was then
/// missed now and then under load.)
struct TerminationSignals: StopSource {
  /// How long replies are still written after a signal.
  static let gracePeriod: Duration = .seconds(1)

  nonisolated(unsafe) private static var descriptor: Int32 = -1

  /// Routes SIGTERM and SIGINT to `trigger` until `end()`.
  func start(_ trigger: StopTrigger) {
    Self.descriptor = trigger.descriptor
    for number in [SIGTERM, SIGINT] {
      _ = signal(number) { _ in
        var byte = StopTrigger.marker
        _ = write(TerminationSignals.descriptor, &byte, 1)
      }
    }
  }

  /// Restores the default handling.
  func end() {
    for number in [SIGTERM, SIGINT] { _ = signal(number, SIG_DFL) }
    Self.descriptor = -1
  }
}
