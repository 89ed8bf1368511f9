import Foundation

/// Runs blocking work (waiting on child processes) on a thread of its own.
///
/// Swift concurrency has one cooperative thread per core, two on the project's machines: a test
/// that blocks one of them for a minute (building, running a README's examples) starves every
/// in-process test that needs them. Such work runs here, and the test awaits its result; the
/// work must not record issues itself (it has no test to record them against), but return what
/// it found for the test to check.
package enum DedicatedThread {
  /// Runs `body` on a new thread and returns (or throws) what it does.
  package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try body() }) }.start()
    }
  }
}
