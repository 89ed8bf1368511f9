import Foundation
import JSONRPC
import TestSupport

/// The built `bbfan` executable, spawned and driven over pipes.
struct ServiceProcess {
  /// What a finished run printed and how it ended.
  struct Outcome {
    var stdout: [UInt8]
    var stderr: String
    var status: Int32
    var reason: Process.TerminationReason

    /// The stdout lines.
    var lines: [String] {
      String(decoding: stdout, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: true
      )
      .map(String.init)
    }
  }

  /// The executable under test.
  static var executable: URL { BuiltProducts.bbfan }

  /// A fresh temporary data directory.
  static func temporaryDataDirectory() -> String {
    let url = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-e2e-\(UUID().uuidString)")
    return url.path()
  }

  /// Runs `bbfan ARGUMENTS` with `input` on stdin (written all at once, before any reply is
  /// read) and `environment` added to the tests' own, and returns everything it printed.
  static func run(
    _ arguments: [String], input: [UInt8] = [], executable: URL = executable,
    environment: [String: String] = [:]
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = TestEnvironment.merged(with: environment)
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()

    let errorText = Collected()
    let errorReader = Thread {
      errorText.set(stderr.fileHandleForReading.readDataToEndOfFile())
    }
    errorReader.start()
    let outputText = Collected()
    let outputReader = Thread {
      outputText.set(stdout.fileHandleForReading.readDataToEndOfFile())
    }
    // Write everything first: the client pipelines without reading.
    try stdin.fileHandleForWriting.write(contentsOf: input)
    try stdin.fileHandleForWriting.close()
    outputReader.start()
    process.waitUntilExit()
    let out = outputText.wait()
    let err = errorText.wait()
    return Outcome(
      stdout: [UInt8](out), stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus, reason: process.terminationReason)
  }

  /// Like `run`, on a thread of its own, so a test waiting for the process does not hold one of
  /// the few threads that every test's tasks share.
  static func running(
    _ arguments: [String], input: [UInt8] = [], executable: URL = executable
  ) async throws -> Outcome {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result { try run(arguments, input: input, executable: executable) })
      }.start()
    }
  }

  /// `running` with one newline-delimited message per element.
  static func running(_ arguments: [String], lines: [String]) async throws -> Outcome {
    try await running(arguments, input: Array(lines.map { $0 + "\n" }.joined().utf8))
  }

  /// Runs with one newline-delimited message per element.
  static func run(_ arguments: [String], lines: [String]) throws -> Outcome {
    try run(arguments, input: Array(lines.map { $0 + "\n" }.joined().utf8))
  }
}

/// Data handed from a reader thread to the test.
final class Collected: @unchecked Sendable {
  private let condition = NSCondition()
  private var data: Data?

  func set(_ value: Data) {
    condition.lock()
    data = value
    condition.broadcast()
    condition.unlock()
  }

  func wait() -> Data {
    condition.lock()
    defer { condition.unlock() }
    while data == nil { condition.wait() }
    return data ?? Data()
  }
}
