import FanCore
import Foundation
import TestSupport
import Testing

@Suite("CSVDocument")
struct CSVDocumentTests {
  @Test("writes RFC 4180: CRLF after every record, quoting only where needed")
  func shape() {
    let bytes = CSVDocument.render(
      header: ["name", "note"],
      rows: [["Walter White", "says \"Say my name\""], ["a,b", "two\r\nlines"], [""], []])
    let expected =
      "name,note\r\nWalter White,\"says \"\"Say my name\"\"\"\r\n\"a,b\",\"two\r\nlines\"\r\n"
      + "\"\"\r\n\r\n"
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  @Test(
    "quotes a field that starts or ends with a space, and keeps UTF-8 as it is",
    arguments: [
      (" lead", "\" lead\""), ("trail ", "\"trail \""), ("Tomás", "Tomás"),
      ("Earth (J19ζ7)", "Earth (J19ζ7)"), ("in side", "in side"), ("", ""),
    ])
  func spaces(field: String, written: String) {
    let bytes = CSVDocument.render(header: [field], rows: [])
    let expected = (field.isEmpty ? "\"\"" : written) + "\r\n"
    #expect(bytes == Array(expected.utf8))
  }

  @Test(
    "neutralises cells a spreadsheet would read as a formula (OWASP)",
    arguments: [
      ("=1+1", "\"'=1+1\""), ("+1", "\"'+1\""), ("-2", "\"'-2\""), ("@SUM(A1)", "\"'@SUM(A1)\""),
      ("\tx", "\"'\tx\""), ("\rx", "\"'\rx\""), ("=\"q\"", "\"'=\"\"q\"\"\""), ("a=b", "a=b"),
    ])
  func injection(field: String, written: String) {
    #expect(CSVDocument.render(header: [field], rows: []) == Array((written + "\r\n").utf8))
  }

  @Test(
    "reads back field for field through Python's csv module",
    .enabled(if: Prerequisite.python3.isAvailable))
  func pythonRoundTrip() throws {
    let header = ["id", "name", "location", "occupations"]
    let rows = [
      ["1", "Rick Sanchez", "Earth (J19ζ7)", "Scientist, \"genius\""],
      ["2", "Mr. Poopybutthole’s friend", "line one\r\nline two", "a\nb\rc"],
      ["3", "=HYPERLINK(\"http://x\")", "-1", "@cmd"],
      ["4", "+33", "\tTabbed", "\rCarriage"],
      ["5", " spaced ", "Ángel Álvarez", "Tomás, Cantillo"],
      ["6", "", "", ""],
      ["7", "\"", ",", "\"\""],
    ]
    let file = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-\(UUID().uuidString).csv")
    try Data(CSVDocument.render(header: header, rows: rows)).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let script = """
      import csv, json, sys
      with open(sys.argv[1], newline="", encoding="utf-8", errors="strict") as f:
          print(json.dumps(list(csv.reader(f, strict=True))))
      """
    let result = try Subprocess.run(["python3", "-c", script, file.path()])
    try #require(result.status == 0, "\(result.output)")
    let read = try JSONDecoder().decode([[String]].self, from: Data(result.output.utf8))
    let formula: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]
    let expected = ([header] + rows).map { row in
      row.map { field in field.first.map(formula.contains) == true ? "'" + field : field }
    }
    #expect(read.count == expected.count)
    for (got, want) in zip(read, expected) {
      #expect(got == want)
    }
  }
}
