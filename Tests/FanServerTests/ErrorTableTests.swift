import FanServer
import JSON
import JSONRPC
import TestSupport
import Testing

/// `Docs/Protocol.md`'s error table lists exactly the codes a client can get.
///
/// The table ("## Error codes") lists JSON-RPC's own codes, -32800, every code the schemas'
/// `errors` name and every application code `ErrorMapping` can answer; each application row
/// names its code's `data.reason` as the schemas and `ErrorMapping` do, and each `failure` the
/// mapping answers with. Each failure prints the line to write.
@Suite("Docs/Protocol.md's error codes follow the schemas and ErrorMapping")
struct ErrorTableTests {
  /// A row of the error table: one code, or a range (`-32000 to -32099`).
  struct Row {
    var line: Int
    var text: String
    var codes: ClosedRange<Int>
    var meaning: String
    var data: String

    /// The reason the meaning starts with (`` `unauthorized`: nobody is… ``), if any.
    var meaningReason: String? {
      meaning.firstMatch(of: /^`([a-z-]+)`[:.]/).map { String($0.output.1) }
    }

    /// The `reason` of the row's `data` example, if any.
    var dataReason: String? {
      data.firstMatch(of: /"reason":\s*"([a-z-]+)"/).map { String($0.output.1) }
    }
  }

  /// JSON-RPC's own codes, and -32800 (cancelled), which every method can answer.
  static let protocolCodes = [-32700, -32600, -32601, -32602, -32603, -32800]

  /// The rows of the table.
  static func rows() throws -> [Row] {
    let text = try ContractTablesTests.read("Docs/Protocol.md")
    let table = try #require(
      MarkdownTable.find(header: ["code", "meaning", "`data`"], under: "## Error codes", in: text),
      "Docs/Protocol.md has no table | code | meaning | `data` | under \"## Error codes\"")
    return try table.rows.map { row in
      try #require(row.cells.count == 3, "Docs/Protocol.md:\(row.line): not three cells")
      var codes: ClosedRange<Int>?
      if let match = row.cells[0].wholeMatch(of: /(-?[0-9]+)(?: to (-?[0-9]+))?/),
        let first = Int(match.output.1), let last = Int(match.output.2 ?? match.output.1)
      {
        codes = min(first, last)...max(first, last)
      }
      let parsed = try #require(
        codes, "Docs/Protocol.md:\(row.line): \"\(row.cells[0])\" is neither a code nor \"A to B\"")
      return Row(
        line: row.line, text: row.text, codes: parsed, meaning: row.cells[1], data: row.cells[2])
    }
  }

  /// The row a client reads for `code`: its own, not a range's.
  static func row(of code: Int, in rows: [Row]) -> Row? {
    rows.first { $0.codes == code...code }
  }

  /// What a missing row should say (with the data of the first schema error of that code, when
  /// one has it), and where it goes.
  static func missingRow(_ code: Int, rows: [Row]) -> String {
    let reason = ErrorMapping.ApplicationError(rawValue: code)?.reason
    let example = SchemaRegistry.embedded.methods.lazy.flatMap(\.errors)
      .first { $0.code == code && $0.data != nil }?.data
    let data = example.map { "`\($0.serializedText)`" } ?? reason.map { "`{\"reason\":\"\($0)\"}`" }
    let line =
      "| \(code) | \(reason.map { "`\($0)`: " } ?? "")WHAT IT MEANS. | \(data ?? "–") |"
    // The application rows run -32001, -32002, …: a new one goes after the nearest above it.
    let above = rows.filter {
      $0.codes.count == 1 && $0.codes.lowerBound > code && $0.codes.lowerBound < -32000
    }.min { $0.codes.lowerBound < $1.codes.lowerBound }
    guard code > -32100, code < -32000, let above else { return line }
    return line + "\n(after the row of \(above.codes.lowerBound), line \(above.line))"
  }

  @Test("the table lists exactly JSON-RPC's codes, -32800, the schemas' and ErrorMapping's")
  func codes() throws {
    let rows = try Self.rows()
    let schemaCodes = SchemaRegistry.embedded.methods.flatMap { schema in
      schema.errors.map { (code: $0.code, source: "Schemas/\(schema.name).json") }
    }
    var expected: [Int: String] = [:]
    for code in Self.protocolCodes { expected[code] = "JSON-RPC" }
    for error in ErrorMapping.ApplicationError.allCases {
      expected[error.rawValue] = "ErrorMapping.ApplicationError.\(error)"
    }
    for (code, source) in schemaCodes where expected[code] == nil { expected[code] = source }
    for (code, source) in expected.sorted(by: { $0.key > $1.key }) {
      let count = rows.filter { $0.codes == code...code }.count
      let problem =
        count == 0
        ? "Docs/Protocol.md's error table has no row for \(code) (\(source) answers it); add:\n"
          + Self.missingRow(code, rows: rows)
        : "Docs/Protocol.md's error table has \(count) rows for \(code); keep one"
      #expect(count == 1, "\(problem)")
    }
    for row in rows where row.codes.count == 1 && expected[row.codes.lowerBound] == nil {
      Issue.record(
        """
        Docs/Protocol.md:\(row.line): no schema and no ErrorMapping case answers \
        \(row.codes.lowerBound); remove the row:
        \(row.text)
        """)
    }
    for row in rows where row.codes.count > 1 {
      let outside = expected.keys.filter { $0 > -32100 && $0 < -32000 && !row.codes.contains($0) }
      #expect(
        outside.isEmpty,
        "Docs/Protocol.md:\(row.line): \(outside.sorted()) are application codes outside \(row.codes)"
      )
    }
  }

  @Test("each application row names its code's reason, as ErrorMapping and the schemas do")
  func reasons() throws {
    for row in try Self.rows() where row.codes.count == 1 {
      let code = row.codes.lowerBound
      guard let error = ErrorMapping.ApplicationError(rawValue: code) else { continue }
      let reason = error.reason
      #expect(
        row.meaningReason == nil || row.meaningReason == reason,
        """
        Docs/Protocol.md:\(row.line): \(code)'s reason is `\(reason)` (ErrorMapping), not \
        `\(row.meaningReason ?? "")`; start the meaning with `\(reason)`
        """)
      #expect(
        row.dataReason == reason,
        """
        Docs/Protocol.md:\(row.line): \(code)'s `data` is {"reason":"\(reason)", …}, not \
        \(row.dataReason.map { "\"\($0)\"" } ?? "without a reason"); write `{"reason":"\(reason)"}` \
        (with the members it adds) in the data column
        """)
    }
  }

  @Test("every schema error in the application range is an ErrorMapping code with its reason")
  func schemaErrors() {
    for schema in SchemaRegistry.embedded.methods {
      for error in schema.errors where error.code > -32100 && error.code < -32000 {
        let mapped = ErrorMapping.ApplicationError(rawValue: error.code)
        #expect(
          mapped != nil,
          "Schemas/\(schema.name).json: \(error.code) is no case of ErrorMapping.ApplicationError")
        guard let mapped else { continue }
        #expect(
          error.data?["reason"] == .string(mapped.reason),
          """
          Schemas/\(schema.name).json: error \(error.code) has reason \
          \(error.data?["reason"]?.serializedText ?? "none"); write "reason": "\(mapped.reason)"
          """)
      }
    }
  }

  @Test("every domain error ErrorMapping answers has its code's row, reason and failure")
  func mappedDomainErrors() throws {
    let rows = try Self.rows()
    let log = DiagnosticLog(level: .off)
    for (label, error) in ErrorMappingSamples.all {
      let mapped = ErrorMapping.jsonRPCError(for: error, log: log)
      guard let row = Self.row(of: mapped.code, in: rows) else {
        Issue.record(
          """
          \(label) is answered with \(mapped.code), which Docs/Protocol.md's error table lacks; add:
          \(Self.missingRow(mapped.code, rows: rows))
          """)
        continue
      }
      if mapped.code > -32100, mapped.code < -32000 {
        let reason = mapped.data?["reason"]?.stringValue
        #expect(
          reason == row.dataReason,
          """
          Docs/Protocol.md:\(row.line): \(label) is answered with reason \(reason ?? "none"), the \
          row says \(row.dataReason ?? "none")
          """)
      }
      if let failure = mapped.data?["failure"]?.stringValue {
        #expect(
          MarkdownText.codeSpans(in: row.meaning).contains(failure),
          """
          Docs/Protocol.md:\(row.line): \(label) is answered with failure `\(failure)`, which the \
          row of \(mapped.code) does not name; add `\(failure)` (and what it means) to its failures
          """)
      }
    }
  }
}
