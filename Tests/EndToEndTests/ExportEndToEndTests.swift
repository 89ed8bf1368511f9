import Foundation
import JSON
import TestSupport
import Testing

@Suite(
  "characters.export: CSV and PDF cards written by a real process", .serialized,
  .enabled(
    if: Prerequisite.python3.isAvailable && Prerequisite.qpdf.isAvailable
      && Prerequisite.poppler.isAvailable))
struct ExportEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  private func call(
    _ method: String, _ params: String, _ extra: [String] = [],
    environment: [String: String] = [:]
  ) throws -> JSONValue {
    let outcome = try ServiceProcess.run(
      ["call", method, params, "--data-dir", directory] + extra, environment: environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return try JSONParser.parse(String(decoding: outcome.stdout, as: UTF8.self))
  }

  /// Runs a tool and returns its standard output as text; the test fails if it fails.
  private func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(arguments.joined(separator: " ")): \(text)")
    return text
  }

  @Test(
    "a CSV reads back through Python's csv module as the character's record, in both universes",
    arguments: [
      ("breaking-bad", 8), ("breaking-bad", 1), ("rick-and-morty", 103), ("rick-and-morty", 501),
    ]
  )
  func csvMatchesTheRecord(universe: String, id: Int) throws {
    defer { cleanUp() }
    let params = #"{"universe":"\#(universe)","id":\#(id)"#
    let exported = try call("characters.export", params + #","format":"csv"}"#)
    let path = try #require(exported["path"]?.stringValue)
    #expect(exported["mediaType"] == .string("text/csv"))
    let record = try call("characters.get", params + "}")
    // The record as the CSV should flatten it: lists joined with "; ", null as "".
    let script = """
      import csv, json, sys
      record = json.loads(sys.argv[2])
      with open(sys.argv[1], newline="", encoding="utf-8") as f:
          rows = list(csv.reader(f))
      assert len(rows) == 2, rows
      header, row = rows
      def flat(key):
          value = record[key]
          if value is None: return ""
          if key == "appearances":
              return "; ".join(" ".join([s] + [str(n) for n in seasons]) for s, seasons in value.items())
          if isinstance(value, list): return "; ".join(value)
          if isinstance(value, dict): return value["name"]
          return str(value)
      for key, cell in zip(header, row):
          assert flat(key) == cell, (key, flat(key), cell)
      assert set(header) <= set(record), set(header) - set(record)
      print(len(header))
      """
    let printed = try run(["python3", "-c", script, path, record.serializedText])
    #expect(Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= 10)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(stat((path as NSString).deletingLastPathComponent, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o700)
  }

  @Test("a card with the live host's image (a JPEG, or a PNG named .jpeg), checked with poppler")
  func cardWithImage() async throws {
    defer { cleanUp() }
    let source = ["--source", "rick-and-morty=" + server.rickAndMorty("avatars")]
    _ = try call("catalog.refresh", #"{"universe":"rick-and-morty"}"#, source)
    for (id, kind) in [(1, "jpeg"), (2, "index")] {
      let exported = try call(
        "characters.export", #"{"universe":"rick-and-morty","id":\#(id),"format":"pdf"}"#, source)
      #expect(exported["warnings"] == nil, "\(exported)")
      let path = try #require(exported["path"]?.stringValue)
      #expect(try run(["qpdf", "--check", path]).contains("No syntax or stream encoding errors"))
      let images = try run(["pdfimages", "-list", path])
      #expect(images.contains(" 300   300 "), "\(images)")
      #expect(images.contains(kind), "\(images)")
      let text = try run(["pdftotext", path, "-"])
      #expect(text.contains(id == 1 ? "Rick Sanchez" : "Morty Smith"))
      #expect(text.contains("Species: Human"))
      #expect(text.contains("Origin: "))
    }
    // A copy confirmed within the day is used as it is: the host is not asked again.
    let before = try await server.hits()["/ok/avatar/1.jpeg"]
    _ = try call(
      "characters.export", #"{"universe":"rick-and-morty","id":1,"format":"pdf"}"#, source)
    #expect(try await server.hits()["/ok/avatar/1.jpeg"] == before)
    #expect(before == 1)
  }

  @Test("without zlib, a PNG image is a warning saying what to install; the card is valid")
  func pngWithoutZlib() throws {
    defer { cleanUp() }
    let source = ["--source", "rick-and-morty=" + server.rickAndMorty("avatars")]
    _ = try call("catalog.refresh", #"{"universe":"rick-and-morty"}"#, source)
    // Morty's image is a PNG (named .jpeg): inflating it needs zlib, which is never linked.
    let exported = try call(
      "characters.export", #"{"universe":"rick-and-morty","id":2,"format":"pdf"}"#, source,
      environment: ["BBFAN_LIBZ": "/nonexistent/libz.so.1"])
    let warnings = exported["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(
      warnings.contains {
        $0.contains("a PNG image on a card needs zlib, which is not installed")
          && $0.contains("apt-get install zlib1g") && $0.contains("BBFAN_LIBZ")
          && $0.contains("/nonexistent/libz.so.1")
      }, "\(warnings)")
    let path = try #require(exported["path"]?.stringValue)
    #expect(try run(["qpdf", "--check", path]).contains("No syntax or stream encoding errors"))
    #expect(!(try run(["pdfimages", "-list", path]).contains(" 300   300 ")))
    #expect(try run(["pdftotext", path, "-"]).contains("Morty Smith"))
  }

  @Test("no image: a placeholder, a warning and a valid card; the same export, the same bytes")
  func placeholder() throws {
    defer { cleanUp() }
    let source = ["--source", "rick-and-morty=" + server.rickAndMorty("noavatars")]
    _ = try call("catalog.refresh", #"{"universe":"rick-and-morty"}"#, source)
    let params = #"{"universe":"rick-and-morty","id":103,"format":"pdf","inline":true}"#
    let first = try call("characters.export", params, source)
    let warnings = first["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(warnings.contains { $0.contains("404") }, "\(warnings)")
    #expect(warnings.contains { $0.contains("placeholder") }, "\(warnings)")
    let path = try #require(first["path"]?.stringValue)
    #expect(try run(["qpdf", "--check", path]).contains("No syntax or stream encoding errors"))
    #expect(try run(["pdftotext", path, "-"]).contains("Origin: Earth (J19ζ7)"))
    let second = try call("characters.export", params, source)
    #expect(second["sha256"] == first["sha256"])
    let content = try #require(first["content"]?.stringValue)
    let bytes = try #require(Data(base64Encoded: content))
    #expect(bytes == (try Data(contentsOf: URL(filePath: path))))
    #expect(first["bytes"] == .integer(bytes.count))
    let listing = try FileManager.default.contentsOfDirectory(
      atPath: (path as NSString).deletingLastPathComponent)
    #expect(listing == ["rick-and-morty-103-doofus-rick.pdf"], "no temporary file is left")
  }

  @Test("progress for each step; cancelled while the image loads, -32800 and nothing written")
  func progressAndCancel() async throws {
    defer { cleanUp() }
    let session = try LiveSession(
      source: "rick-and-morty=" + server.rickAndMorty("slowavatars"), directory: directory,
      extra: ["--http-timeout", "20"])
    #expect(
      try session.call(1, "catalog.refresh", #"{"universe":"rick-and-morty"}"#)["result"] != nil)
    // The refresh replaced the embedded catalog: its news follows its reply.
    #expect(try session.notification()["method"] == .string("catalog.changed"))
    try session.send(
      2, "characters.export",
      #"{"universe":"rick-and-morty","id":1,"format":"pdf","progressToken":"card"}"#)
    let started = try session.notification()
    #expect(started["params"]?["progress"] == .integer(0))
    #expect(started["params"]?["total"] == .integer(3))
    try session.service.send(
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"# + "\n")
    let (cancelled, _) = try session.reply(to: 2)
    #expect(cancelled["error"]?["code"] == .integer(-32800))
    let folder = directory + "/exports"
    let written = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    #expect(written.isEmpty, "\(written)")

    try session.send(
      3, "characters.export",
      #"{"universe":"rick-and-morty","id":1,"format":"csv","progressToken":"csv"}"#)
    let (reply, notifications) = try session.reply(to: 3)
    #expect(reply["result"]?["mediaType"] == .string("text/csv"))
    let steps = notifications.filter { $0["params"]?["progressToken"] == .string("csv") }
    #expect(steps.map { $0["params"]?["progress"] } == [0, 1, 2].map { .integer($0) })
    #expect(steps.allSatisfy { $0["params"]?["total"] == .integer(2) })
    try session.close()
  }

  @Test(
    "an unknown id is not-found; a format other than csv or pdf is -32602 on format",
    arguments: [
      (#"{"id":9999,"format":"csv"}"#, -32004, "not-found"),
      (#"{"universe":"rick-and-morty","id":827,"format":"pdf"}"#, -32004, "not-found"),
      (#"{"id":1,"format":"docx"}"#, -32602, "format"),
      (#"{"id":1}"#, -32602, "format"),
    ])
  func errors(params: String, code: Int, what: String) throws {
    defer { cleanUp() }
    let outcome = try ServiceProcess.run(
      ["call", "characters.export", params, "--data-dir", directory])
    #expect(outcome.status == 1)
    let error = try JSONParser.parse(outcome.stderr)
    #expect(error["code"] == .integer(code))
    #expect(error["data"]?["reason"] == .string(what) || error["data"]?["field"] == .string(what))
  }
}
