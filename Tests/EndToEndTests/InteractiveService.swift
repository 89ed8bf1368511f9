import Foundation
import TestSupport

/// A running `bbfan serve` that a test talks to one message at a time.
final class InteractiveService: @unchecked Sendable {
  private let process = Process()
  private let stdin = Pipe()
  private let stdout = Pipe()
  private let stderr = Pipe()
  private let condition = NSCondition()
  private var buffer: [UInt8] = []
  private var ended = false
  private var readerThread: Thread?
  private let errorText = Collected()

  /// Starts the executable with `arguments`, and `environment` added to the tests' own.
  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = ServiceProcess.executable
    process.arguments = arguments
    process.environment = TestEnvironment.merged(with: environment)
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let handle = stdout.fileHandleForReading
    let thread = Thread { [self] in
      while true {
        let data = handle.availableData
        condition.lock()
        if data.isEmpty { ended = true } else { buffer += data }
        condition.broadcast()
        condition.unlock()
        if data.isEmpty { return }
      }
    }
    readerThread = thread
    thread.start()
    let errors = errorText
    let errorHandle = stderr.fileHandleForReading
    Thread { errors.set(errorHandle.readDataToEndOfFile()) }.start()
  }

  /// The process id.
  var pid: Int32 { process.processIdentifier }

  /// Writes raw text.
  func send(_ text: String) throws {
    try stdin.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  /// The next line of output without its newline; nil at end of output or after `timeout`.
  func readLine(timeout: TimeInterval = 20) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      if ended || !condition.wait(until: deadline) { return nil }
    }
  }

  /// Everything printed until the output closes.
  func readToEnd(timeout: TimeInterval = 20) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while !ended && condition.wait(until: deadline) {}
    defer { buffer = [] }
    return String(decoding: buffer, as: UTF8.self)
  }

  /// Closes stdin (end of input).
  func closeInput() throws {
    try stdin.fileHandleForWriting.close()
  }

  /// Waits for exit, up to `timeout`; returns the status, or nil if it is still running.
  func waitForExit(timeout: TimeInterval = 20) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      return nil
    }
    return process.terminationStatus
  }

  /// What it wrote to stderr (after it has exited).
  var stderrText: String { String(decoding: errorText.wait(), as: UTF8.self) }
}
