import Foundation
import JSON
import Testing

@Suite("bbfan serve --record, then bbfan verify", .timeLimit(.minutes(5)))
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

  @Test("--record goes with serve only, and a tape in a missing folder is a usage error")
  func usage() throws {
    let misplaced = try ServiceProcess.run(["call", "service.info", "--record", "/tmp/x.jsonl"])
    #expect(misplaced.status == 2)
    let unwritable = try ServiceProcess.run(
      ["serve", "--record", "/no/such/dir/tape.jsonl"], lines: [])
    #expect(unwritable.status == 2)
    #expect(unwritable.stderr.hasPrefix("bbfan: cannot open /no/such/dir/tape.jsonl for recording"))
    #expect(unwritable.stderr.filter { $0 == "\n" }.count == 1)
  }

  /// A fresh temporary folder for tapes, removed by `defer` in the test.
  private func temporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-tapes-\(UUID().uuidString)"
    ).path()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// `bbfan serve --record PATH` with one request; what it printed and how it ended.
  private func record(to path: String) throws -> ServiceProcess.Outcome {
    try ServiceProcess.run(
      ["serve", "--record", path, "--log-level", "off", "--data-dir", "/tmp/bbfan-unused"],
      lines: [#"{"jsonrpc":"2.0","id":1,"method":"service.info"}"#])
  }

  @Test("a symbolic link as the tape is refused (exit 2, saying why) and its target is untouched")
  func symbolicLinkRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/notes.txt"
    try Data("mine\n".utf8).write(to: URL(filePath: target))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
    let link = folder + "/tape.jsonl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

    let outcome = try record(to: link)
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("bbfan: cannot open \(link) for recording: "))
    #expect(outcome.stderr.contains("symbolic link"))
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect((attributes[.posixPermissions] as? Int) == 0o644)
  }

  @Test("a tape that is not a regular file (a folder, a FIFO) is refused with exit status 2")
  func notRegularRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [folder, fifo] {
      // A FIFO without a reader must not block the open.
      let outcome = try record(to: path)
      #expect(outcome.status == 2, "\(path)")
      #expect(outcome.stdout.isEmpty)
      #expect(outcome.stderr.contains("not a regular file"), "\(outcome.stderr)")
      #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
    }
  }

  @Test("a new tape is created 0600, and an existing one that others could read is made 0600")
  func tapePermissions() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fresh = folder + "/fresh.jsonl"
    #expect(try record(to: fresh).status == 0)
    let freshMode = try FileManager.default.attributesOfItem(atPath: fresh)[.posixPermissions]
    #expect((freshMode as? Int) == 0o600)

    let existing = folder + "/existing.jsonl"
    try Data().write(to: URL(filePath: existing))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: existing)
    #expect(try record(to: existing).status == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: existing)[.posixPermissions]
    #expect((mode as? Int) == 0o600)
    #expect(try String(contentsOfFile: existing, encoding: .utf8).contains(#""send":"#))
  }

  @Test(
    "a tape that belongs to another user is refused",
    .enabled(if: geteuid() == 0, "only root can give a file to another user"))
  func otherUsersTapeRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tape = folder + "/theirs.jsonl"
    try Data().write(to: URL(filePath: tape))
    // 65534 is nobody on Linux and macOS.
    #expect(chown(tape, 65534, 65534) == 0)
    let outcome = try record(to: tape)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("belongs to another user"), "\(outcome.stderr)")
    #expect(try Data(contentsOf: URL(filePath: tape)).isEmpty)
  }
}
