import Foundation
import Testing

@Suite("bbfan verify", .timeLimit(.minutes(5)))
struct VerifyCommandTests {
  let tapes = ContractTapeTests.tapes.map {
    ContractTapeTests.contractsDirectory.appending(path: $0).path()
  }

  @Test("every contract tape holds, and the command says so")
  func tapesHold() throws {
    let outcome = try ServiceProcess.run(["verify"] + tapes)
    #expect(
      outcome.status == 0, "\(String(decoding: outcome.stdout, as: UTF8.self))\(outcome.stderr)")
    #expect(outcome.lines.count == tapes.count)
    #expect(outcome.lines.allSatisfy { $0.hasSuffix(": every reply matches") })
  }

  @Test("a reply that differs is shown with where it differs, and the exit status is 1")
  func mismatch() throws {
    let catalog = try String(
      contentsOf: ContractTapeTests.contractsDirectory.appending(path: "catalog.jsonl"),
      encoding: .utf8)
    let broken = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-broken-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: broken) }
    try catalog.replacingOccurrences(of: #""title":"Ozymandias""#, with: #""title":"Ozymandias!""#)
      .write(to: broken, atomically: true, encoding: .utf8)
    let outcome = try ServiceProcess.run(["verify", broken.path()])
    let text = String(decoding: outcome.stdout, as: UTF8.self)
    #expect(outcome.status == 1)
    #expect(text.contains(#"title: expected "Ozymandias!", got "Ozymandias""#))
    #expect(text.contains("replies differ"))
  }

  @Test("a tape that is not JSON Lines of send/expect is a usage error, exit status 2")
  func unreadable() throws {
    let bad = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-bad-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: bad) }
    try #"{"sent":"x"}"#.write(to: bad, atomically: true, encoding: .utf8)
    let outcome = try ServiceProcess.run(["verify", bad.path(), "/no/such/tape.jsonl"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains(#"line 1 has neither a "send" string nor "restart": true"#))
    #expect(outcome.stderr.contains("cannot read /no/such/tape.jsonl"))
  }
}
