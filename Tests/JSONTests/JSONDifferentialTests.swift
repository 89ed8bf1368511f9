import Foundation
import TestSupport
import Testing

@testable import JSON

/// bbfan's parser against Foundation's `JSONSerialization` and Python's `json` on generated
/// documents, valid and not: every disagreement is one of `KnownDifference.all`, or the test
/// fails showing the document.
@Suite("JSONParser against Foundation and Python")
struct JSONDifferentialTests {
  /// Documents written here, so that every edge the table names is met whatever the seed does.
  private static let handWritten: [String] = [
    "[1,]", #"{"a":1,}"#, "[1,\n]", "\u{FEFF}[1]", "\u{FEFF}", "1e400", "-1e400", "[1e99999]",
    "NaN", "[Infinity]", "-Infinity", #""\ud800""#, #"["\udc00x"]"#,
    "{\"\u{E9}\":1,\"e\u{301}\":2}",
    #"{"a":1,"a":2}"#, "-0", "-0.0", "0.1", "12345678901234567890123", "18446744073709551616",
    "0.30000000000000004441", "2.4e-324",
    "[" + String(repeating: "[", count: 100)
      + String(repeating: "]", count: 101), "\u{0C}1", "\u{0B}1", "\u{A0}1", "1\u{2028}",
    " \t\n\r1 \t\n\r", "\"\u{7F}\"", #""\/""#, "01", "[01]", "1.", ".1", "+1", "\"\t\"",
  ]

  /// Raw byte documents: invalid UTF-8, zero bytes, a UTF-8-encoded surrogate.
  private static let handWrittenBytes: [[UInt8]] = [
    [0x22, 0xC3, 0x28, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
    [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x31, 0x00], [0x00, 0x31], [0x31, 0x00, 0x00, 0x00],
    [0x22, 0x00, 0x22], [0x5B, 0x31, 0x5D, 0x00],
  ]

  @Test(
    "every disagreement on 4,000 generated documents is a known, explained one",
    .enabled(if: Prerequisite.python3.isAvailable, "needs python3"))
  func differential() throws {
    var generator = DocumentGenerator(seed: 0x6262_6661_6E)
    var documents: [(bytes: [UInt8], fault: DocumentGenerator.Fault?)] =
      Self.handWritten.map { (Array($0.utf8), nil) } + Self.handWrittenBytes.map { ($0, nil) }
    for _ in 0..<4_000 { documents.append(generator.document()) }
    let python = try PythonJSON.read(documents.map(\.bytes))
    var tally: [String: Int] = [:]
    var accepted = 0
    var unexplained = 0
    for (document, reading) in zip(documents, python) {
      let item = DifferentialCase(bytes: document.bytes, fault: document.fault, python: reading)
      if case .success = item.bbfan { accepted += 1 }
      for parser in DifferentialCase.Parser.allCases {
        guard let disagreement = item.disagreement(parser) else { continue }
        guard let known = KnownDifference.explanation(of: item, parser) else {
          unexplained += 1
          // Enough to act on without drowning the log.
          if unexplained <= 30 {
            Issue.record(
              """
              an unexplained disagreement with \(parser.rawValue) \
              (made with fault \(document.fault.map { "\($0)" } ?? "none")):
              document: \(item.shown)
              \(disagreement)
              """)
          }
          continue
        }
        for name in known { tally["\(parser.rawValue): \(name)", default: 0] += 1 }
      }
    }
    #expect(unexplained == 0, "\(unexplained) disagreements in all")
    print("JSON differential: \(documents.count) documents, \(accepted) accepted by bbfan")
    for (name, count) in tally.sorted(by: { $0.key < $1.key }) {
      print("  known difference \(name): \(count)")
    }
    // Enough of both kinds, and every entry of the table is still met: a stale one fails.
    #expect(accepted > 1_000 && documents.count - accepted > 1_000)
    for known in KnownDifference.all {
      let met = known.parsers.contains { tally["\($0.rawValue): \(known.name)", default: 0] > 0 }
      #expect(met, "the known difference \(known.name) never occurred: is it still true?")
    }
  }

  @Test(
    "on valid documents without faults, bbfan and Python agree value for value",
    .enabled(if: Prerequisite.python3.isAvailable, "needs python3"))
  func validDocumentsAgree() throws {
    var generator = DocumentGenerator(seed: 7)
    var documents: [[UInt8]] = []
    while documents.count < 500 {
      let document = generator.document()
      if document.fault == nil { documents.append(document.bytes) }
    }
    let python = try PythonJSON.read(documents)
    for (bytes, reading) in zip(documents, python) {
      let item = DifferentialCase(bytes: bytes, fault: nil, python: reading)
      #expect(item.disagreement(.python) == nil, "\(item.shown)")
      #expect(throws: Never.self, "\(item.shown)") { try item.bbfan.get() }
    }
  }
}
