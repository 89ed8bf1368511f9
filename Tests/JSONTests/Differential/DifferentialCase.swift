import Foundation
import JSON

/// One document and what bbfan's parser, Foundation's `JSONSerialization` and Python's `json`
/// made of it.
struct DifferentialCase {
  /// The other parsers bbfan's is compared with.
  enum Parser: String, CaseIterable, Sendable {
    case foundation = "Foundation"
    case python = "Python"
  }

  let bytes: [UInt8]
  /// The fault the generator put in, if any (nil also for the hand-written documents).
  let fault: DocumentGenerator.Fault?
  let bbfan: Result<JSONValue, JSONParseError>
  let foundation: Result<CanonicalValue, FoundationRejection>
  let python: PythonJSON.Reading

  /// Foundation rejected the document, saying this.
  struct FoundationRejection: Error {
    var reason: String
  }

  init(bytes: [UInt8], fault: DocumentGenerator.Fault?, python: PythonJSON.Reading) {
    self.bytes = bytes
    self.fault = fault
    self.python = python
    bbfan = Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
    foundation = Self.foundationReading(bytes)
  }

  private init(
    bytes: [UInt8], fault: DocumentGenerator.Fault?, bbfan: Result<JSONValue, JSONParseError>,
    foundation: Result<CanonicalValue, FoundationRejection>, python: PythonJSON.Reading
  ) {
    self.bytes = bytes
    self.fault = fault
    self.bbfan = bbfan
    self.foundation = foundation
    self.python = python
  }

  /// The case with bbfan's reading replaced by `value` and the others' kept.
  func repaired(value: JSONValue) -> DifferentialCase {
    DifferentialCase(
      bytes: bytes, fault: fault, bbfan: .success(value), foundation: foundation, python: python)
  }

  /// The case with bbfan reading `repaired` (the document with one known difference taken out)
  /// and the other parsers' readings kept, to check the rest of the document.
  func repaired(_ repaired: [UInt8], maxDepth: Int = 64) -> DifferentialCase {
    DifferentialCase(
      bytes: repaired, fault: fault,
      bbfan: Result { () throws(JSONParseError) in
        try JSONParser.parse(repaired, maxDepth: maxDepth)
      },
      foundation: foundation, python: python)
  }

  private static func foundationReading(
    _ bytes: [UInt8]
  ) -> Result<CanonicalValue, FoundationRejection> {
    do {
      let object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      return .success(try CanonicalValue(foundation: object))
    } catch let error as NSError {
      let reason = error.userInfo["NSDebugDescription"] as? String ?? error.localizedDescription
      return .failure(FoundationRejection(reason: reason))
    }
  }

  /// What a parser made of the document.
  enum Reading {
    case value(CanonicalValue)
    case rejected(String)
  }

  /// bbfan's reading.
  var bbfanReading: Reading {
    switch bbfan {
    case .success(let value): .value(CanonicalValue(value))
    case .failure(let error): .rejected(error.description)
    }
  }

  /// The other parser's reading.
  func reading(_ parser: Parser) -> Reading {
    switch (parser, foundation, python) {
    case (.foundation, .success(let value), _), (.python, _, .success(let value)): .value(value)
    case (.foundation, .failure(let rejection), _): .rejected(rejection.reason)
    case (.python, _, .failure(let rejection)): .rejected(rejection.exception)
    }
  }

  /// How `parser` disagrees with bbfan's parser, in words; nil when it agrees.
  func disagreement(_ parser: Parser) -> String? {
    switch (bbfanReading, reading(parser)) {
    case (.value(let mine), .value(let theirs)):
      if mine.agrees(with: theirs) { return nil }
      return "bbfan reads \(mine), \(parser.rawValue) reads \(theirs)"
    case (.rejected, .rejected):
      return nil
    case (.value(let mine), .rejected(let reason)):
      return "bbfan reads \(mine), \(parser.rawValue) rejects it (\(reason))"
    case (.rejected(let reason), .value(let theirs)):
      return "bbfan rejects it (\(reason)), \(parser.rawValue) reads \(theirs)"
    }
  }

  /// The document for a failure message: printable ASCII as it is, other bytes as `\xNN`.
  var shown: String {
    let text = bytes.prefix(400).map { byte in
      byte >= 0x20 && byte < 0x7F && byte != 0x5C
        ? String(UnicodeScalar(byte))
        : "\\x" + (byte < 0x10 ? "0" : "")
          + String(byte, radix: 16, uppercase: true)
    }.joined()
    return bytes.count > 400 ? text + "… (\(bytes.count) bytes)" : text
  }
}
