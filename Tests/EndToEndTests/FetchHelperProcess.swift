import Foundation
import JSON

/// The built `bbfan-fetch`, driven over its pipes as `bbfan` drives it.
///
/// One request line, then its reply (a header line and the body). Every call blocks; run them on
/// a thread of their own.
final class FetchHelperProcess: @unchecked Sendable {
  /// A reply: its header line, parsed, and the length of the body that followed it.
  struct Reply {
    var header: JSONValue
    var bodyBytes: Int
  }

  /// The helper beside the `bbfan` under test.
  static var executable: URL {
    ServiceProcess.executable.deletingLastPathComponent().appending(path: "bbfan-fetch")
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer: [UInt8] = []

  /// Starts the helper (its stderr is the test's).
  init() throws {
    process.executableURL = Self.executable
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// The process id.
  var pid: Int32 { process.processIdentifier }

  /// Sends a GET of `url` as request `id` and waits for its reply; nil if the helper ended.
  func get(_ id: Int, _ url: String, maxBytes: Int, timeoutSeconds: Double = 30) throws -> Reply? {
    try send(id, url, maxBytes: maxBytes, timeoutSeconds: timeoutSeconds)
    return try nextReply()
  }

  /// Sends a GET of `url` as request `id` without waiting for its reply.
  func send(_ id: Int, _ url: String, maxBytes: Int, timeoutSeconds: Double = 30) throws {
    let request =
      #"{"id":\#(id),"exchange":{"url":"\#(url)","headers":{},"maxBytes":\#(maxBytes),"#
      + #""timeoutSeconds":\#(timeoutSeconds)}}"#
    try input.fileHandleForWriting.write(contentsOf: Data((request + "\n").utf8))
  }

  /// Cancels request `id`, as bbfan does (the helper then sends no reply for it).
  func cancel(_ id: Int) throws {
    try input.fileHandleForWriting.write(contentsOf: Data(#"{"id":\#(id),"cancel":true}\#n"#.utf8))
  }

  /// The next reply; nil if the helper ended.
  func nextReply() throws -> Reply? {
    guard let line = readLine() else { return nil }
    let header = try JSONParser.parse(line)
    var length = 0
    if case .number(let bytes)? = header["bodyBytes"] { length = Int(bytes) ?? 0 }
    guard read(count: length) else { return nil }
    buffer.removeFirst(length)
    return Reply(header: header, bodyBytes: length)
  }

  /// The peak resident memory so far (`VmHWM` in `/proc/PID/status`), in MiB; nil where there
  /// is no such file (not Linux).
  func peakResidentMiB() throws -> Double? {
    let path = "/proc/\(pid)/status"
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let status = try String(contentsOfFile: path, encoding: .utf8)
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return line.split(separator: " ").compactMap { Double($0) }.first.map { $0 / 1024 }
    }
    return nil
  }

  /// Closes its stdin and waits for it to exit; returns its exit status.
  func finish() throws -> Int32 {
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  private func readLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      guard fill() else { return nil }
    }
  }

  private func read(count: Int) -> Bool {
    while buffer.count < count {
      guard fill() else { return false }
    }
    return true
  }

  private func fill() -> Bool {
    let data = output.fileHandleForReading.availableData
    buffer += data
    return !data.isEmpty
  }
}
