import Foundation
import TestSupport
import Testing

/// `bbfan-fetch` started by a parent that uses Foundation's `Process`, as these tests do.
@Suite("bbfan-fetch under a parent using Foundation's Process", .timeLimit(.minutes(1)))
struct FetchHelperParentTests {
  /// Another child's end is seen while the helper runs.
  ///
  /// On Linux, `Process` learns that a child has ended when the child's copy of a socket closes,
  /// and then waits for it with a blocking `waitpid` on the one thread that watches every child.
  /// A helper that closed its inherited descriptors at start held that thread until it exited:
  /// meanwhile no other child was seen to end, and a test process waiting for one hung.
  @Test("while the helper runs, its parent still sees its other children end")
  func otherChildrenSeenToEnd() async throws {
    let (reply, status) = try await DedicatedThread.run {
      () -> (FetchHelperProcess.Reply?, Int32?) in
      let helper = try FetchHelperProcess()
      defer { _ = try? helper.finish() }
      // A reply (nothing listens on port 1) shows the helper is running its main code.
      let reply = try helper.get(1, "http://127.0.0.1:1/", maxBytes: 1024, timeoutSeconds: 5)
      let other = Process()
      other.executableURL = URL(filePath: "/usr/bin/env")
      other.arguments = ["true"]
      try other.run()
      let deadline = Date().addingTimeInterval(10)
      while other.isRunning && Date() < deadline { usleep(10_000) }
      return (reply, other.isRunning ? nil : other.terminationStatus)
    }
    #expect(reply?.header["failure"] != nil)
    #expect(status == 0, "another child's exit went unseen for 10 s while bbfan-fetch ran")
  }
}
