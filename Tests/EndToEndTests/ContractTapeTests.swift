import FanServer
import Foundation
import JSON
import TestSupport
import Testing

/// Replays every tape in `Tests/Contracts/`.
///
/// A tape has one JSON object per line, `{"send": TEXT, "expect": REPLY-OR-NULL}` or
/// `{"restart": true}` (the process ends and a new one starts on the same data). Each `send`
/// is written as one line; a non-null `expect` must come back
/// byte for byte (compact, members in the tape's order), and null means no reply at all. The
/// service runs with `--seed 1` (random draws are part of the contract) on a fresh data
/// directory; tokens and `dataDirectory` are compared by `ReplyComparison`'s documented rule.
@Suite("Contract tapes", .timeLimit(.minutes(5)))
struct ContractTapeTests {
  static let contractsDirectory = BuiltProducts.repository.appending(path: "Tests/Contracts")

  static var tapes: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: contractsDirectory.path())) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted()
  }

  @Test("there are tapes to replay")
  func tapesExist() {
    #expect(!Self.tapes.isEmpty)
  }

  @Test("every exchange replays exactly", arguments: tapes)
  func replay(tape: String) throws {
    let text = try String(
      contentsOf: Self.contractsDirectory.appending(path: tape), encoding: .utf8)
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let arguments = [
      "--data-dir", directory, "--log-level", "off", "--seed", "1", "--password-cost", "1000",
    ]
    var service = try InteractiveService(arguments)
    for (number, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
      let entry = try JSONParser.parse(String(line))
      if entry["restart"] == .bool(true) {
        // End the process as a client would, then start a new one on the same data directory.
        try service.closeInput()
        #expect(service.readToEnd() == "", "\(tape):\(number + 1): replies nobody expected")
        #expect(service.waitForExit() == 0)
        service = try InteractiveService(arguments)
        continue
      }
      let send = try #require(
        entry["send"]?.stringValue, "\(tape):\(number + 1) has no \"send\" string")
      try service.send(send + "\n")
      switch entry["expect"] {
      case .null?, nil:
        continue
      case let expected?:
        let reply = try #require(service.readLine(), "\(tape):\(number + 1): no reply to \(send)")
        // Byte for byte, after the documented rule for run-dependent values (ReplyComparison).
        let normalized = ReplyComparison.normalized(try JSONParser.parse(reply)).serializedText
        #expect(
          normalized == ReplyComparison.normalized(expected).serializedText,
          "\(tape):\(number + 1) sent \(send); got \(reply)")
      }
    }
    try service.closeInput()
    #expect(service.readToEnd() == "", "\(tape): replies nobody expected")
    #expect(service.waitForExit() == 0)
  }
}
