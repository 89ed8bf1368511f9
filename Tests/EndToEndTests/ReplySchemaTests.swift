import Foundation
import TestSupport
import Testing

/// The recorded replies against the schemas, with Python's `jsonschema` (Draft 2020-12).
@Suite(
  "Recorded replies against the result schemas",
  .enabled(if: Prerequisite.jsonschema.isAvailable))
struct ReplySchemaTests {
  static let root = BuiltProducts.repository

  private func validate(_ tapes: [String]) throws -> (status: Int32, output: String) {
    try Subprocess.run(
      [
        "python3", Self.root.appending(path: "Tests/Tools/validate_replies.py").path(),
        Self.root.appending(path: "Schemas").path(),
      ]
        + tapes)
  }

  @Test("every result recorded in Tests/Contracts validates against its method's result schema")
  func tapesValidate() throws {
    let tapes = ContractTapeTests.tapes.map {
      ContractTapeTests.contractsDirectory.appending(path: $0).path()
    }
    let (status, output) = try validate(tapes)
    #expect(status == 0, "\(output)")
    #expect(output.contains(" 0 problems"))
    #expect(!output.hasPrefix("0 results"))
  }

  @Test("a result that breaks its schema is caught")
  func brokenResultIsCaught() throws {
    let broken = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-schema-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: broken) }
    let line =
      #"{"send":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"episodes.get\",\"params\":{\"id\":1}}","#
      + #""expect":{"jsonrpc":"2.0","id":1,"result":{"id":1,"title":"Pilot","series":"breaking-bad","#
      + #""season":"1","episode":1,"airDate":"2008-01-20","characters":[]}}}"#
    try line.write(to: broken, atomically: true, encoding: .utf8)
    let (status, output) = try validate([broken.path()])
    #expect(status == 1)
    #expect(output.contains("episodes.get result at season"))
  }
}
