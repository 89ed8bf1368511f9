import Foundation

/// A client of `bbfan serve` that writes many requests at once and reads the replies slowly,
/// like a phone on a bad line.
///
/// The requests are written by a thread of their own (the write blocks once the service stops
/// taking input); the test reads with `readSlowly`. Every wait happens on a thread of its own
/// too, never on one of Swift concurrency's few threads, which the in-process tests share.
final class SlowClient: @unchecked Sendable {
  private let process = Process()
  private let stdin = Pipe()
  private let stdout = Pipe()
  /// Set when the writer thread is done: empty, or why closing the input failed.
  private let written = Collected()

  /// Starts the executable with `arguments`, and a thread writing `input` to it (then closing
  /// the input if `closeInput`).
  init(_ arguments: [String], input: [UInt8], closeInput: Bool = false) throws {
    // A write to a service that has exited must fail with EPIPE, not end the test process.
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = ServiceProcess.executable
    process.arguments = arguments
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let handle = stdin.fileHandleForWriting
    let fd = handle.fileDescriptor
    let done = written
    Thread {
      var offset = 0
      input.withUnsafeBytes { raw in
        while offset < raw.count, let base = raw.baseAddress {
          let count = write(fd, base + offset, raw.count - offset)
          if count < 0 && errno == EINTR { continue }
          if count <= 0 { break }
          offset += count
        }
      }
      var failure = ""
      if closeInput {
        do {
          try handle.close()
        } catch {
          failure = "cannot close the input: \(error)"
        }
      }
      done.set(Data(failure.utf8))
    }.start()
  }

  /// The process id.
  var pid: Int32 { process.processIdentifier }

  /// Whether the process is still running.
  var isRunning: Bool { process.isRunning }

  /// The exit status (after it has exited).
  var status: Int32 { process.terminationStatus }

  /// Reads about `bytesPerSecond` for `seconds`, in reads of a tenth of that every 100 ms, or
  /// until the output ends; returns how many bytes it read and whether the output ended.
  @discardableResult
  func readSlowly(bytesPerSecond: Int, seconds: Double) async -> (bytes: Int, ended: Bool) {
    let fd = stdout.fileHandleForReading.fileDescriptor
    return await Self.onThread { Self.readSlowly(fd, bytesPerSecond, seconds) }
  }

  private static func readSlowly(_ fd: Int32, _ bytesPerSecond: Int, _ seconds: Double) -> (
    bytes: Int, ended: Bool
  ) {
    var buffer = [UInt8](repeating: 0, count: max(1, bytesPerSecond / 10))
    let deadline = Date().addingTimeInterval(seconds)
    var total = 0
    while Date() < deadline {
      var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&probe, 1, 100) == 1 {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count == 0 { return (total, true) }
        if count > 0 { total += count }
        usleep(100_000)
      }
    }
    return (total, false)
  }

  /// Sends SIGTERM and goes on reading at `bytesPerSecond` until the service has exited or
  /// `limit` has passed; returns how long it took to exit, or nil if it did not.
  ///
  /// It is timed on the reading thread, so a busy test process cannot stretch the figure. (The
  /// end of the output is no measure: a service started by a test running in parallel may have
  /// inherited the pipe.)
  func terminate(readingAt bytesPerSecond: Int, limit: Duration) async -> Duration? {
    let fd = stdout.fileHandleForReading.fileDescriptor
    return await Self.onThread {
      let signalled = ContinuousClock.now
      kill(self.pid, SIGTERM)
      while self.process.isRunning && signalled.duration(to: .now) < limit {
        _ = Self.readSlowly(fd, bytesPerSecond, 0.1)
      }
      return self.process.isRunning ? nil : signalled.duration(to: .now)
    }
  }

  /// The peak resident memory so far (`VmHWM` in `/proc/PID/status`), in MiB; nil where there
  /// is no such file (not Linux).
  func peakResidentMiB() throws -> Double? {
    let path = "/proc/\(pid)/status"
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let status = try String(contentsOfFile: path, encoding: .utf8)
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first
      return kilobytes.map { $0 / 1024 }
    }
    return nil
  }

  /// Waits for exit, up to `timeout`; kills it and returns false if it is still running then.
  func waitForExit(timeout: TimeInterval) async -> Bool {
    await Self.onThread { self.waitForExitBlocking(timeout: timeout) }
  }

  private func waitForExitBlocking(timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      kill(pid, SIGKILL)
      process.waitUntilExit()
      return false
    }
    return true
  }

  /// Waits for the writer thread to finish (it does once the service has read everything or
  /// exited); returns why closing the input failed, if it did.
  func waitForWriter() async -> String? {
    let failure = await Self.onThread { self.written.wait() }
    return failure.isEmpty ? nil : String(decoding: failure, as: UTF8.self)
  }

  /// Reads everything until the output ends, as fast as it comes.
  func readToEnd() async -> [UInt8] {
    let handle = stdout.fileHandleForReading
    return await Self.onThread { [UInt8](handle.readDataToEndOfFile()) }
  }

  /// Runs `body` on a new thread and returns what it returns.
  private static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }
}
