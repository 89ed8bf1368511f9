import Foundation
import JSONRPC
import Testing

@Suite("bbfan serve --record, then bbfan verify", .timeLimit(.minutes(2)))
struct RecordReplayTests {
  @Test(
    "a recorded session replays exactly, notifications included; the tape is 0600 and in arrival order"
  )
  func recordThenVerify() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    let tape = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-tape-\(UUID().uuidString).jsonl"
    ).path()
    defer {
      try? FileManager.default.removeItem(atPath: directory)
      try? FileManager.default.removeItem(atPath: tape)
    }
    var lines = [
      #"{"jsonrpc":"2.0","id":"r","method":"quotes.random","params":{"author":"Saul Goodman"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"auth.register","params":{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}}"#,
      "{not json",
      #"{"jsonrpc":"2.0","method":"favorites.toggle","params":{"quoteId":6}}"#,
      #"[{"jsonrpc":"2.0","id":2,"method":"favorites.toggle","params":{"quoteId":1}},{"jsonrpc":"2.0","id":3,"method":"favorites.list"}]"#,
      #"{"jsonrpc":"2.0","id":4,"method":"quotes.overview","params":{"progressToken":7}}"#,
    ]
    for id in 10..<40 {
      lines.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"episodes.get","params":{"id":\#(id)}}"#)
    }
    let served = try ServiceProcess.run(
      [
        "serve", "--record", tape, "--data-dir", directory, "--seed", "9", "--password-cost",
        "1000", "--log-level", "off",
      ],
      lines: lines)
    #expect(served.status == 0)

    let attributes = try FileManager.default.attributesOfItem(atPath: tape)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let recorded = try String(contentsOfFile: tape, encoding: .utf8).split(separator: "\n").map(
      String.init)
    #expect(recorded.count == lines.count)
    let sent = try recorded.map { try JSONParser.parse($0)["send"]?.stringValue }
    #expect(sent == lines)

    let verified = try ServiceProcess.run(["verify", "--seed", "9", tape])
    #expect(verified.status == 0, "\(String(decoding: verified.stdout, as: UTF8.self))")

    // With another seed the random quote differs, and verify says where.
    let differing = try ServiceProcess.run(["verify", "--seed", "10", tape])
    #expect(differing.status == 1)
    #expect(
      String(decoding: differing.stdout, as: UTF8.self).contains(":1: the reply differs at result.")
    )
  }

  @Test("--record goes with serve only, and an unwritable tape is refused")
  func usage() throws {
    let misplaced = try ServiceProcess.run(["call", "service.info", "--record", "/tmp/x.jsonl"])
    #expect(misplaced.status == 2)
    let unwritable = try ServiceProcess.run(
      ["serve", "--record", "/no/such/dir/tape.jsonl"], lines: [])
    #expect(unwritable.status == 1)
    #expect(unwritable.stderr.contains("cannot open /no/such/dir/tape.jsonl for recording"))
  }
}
