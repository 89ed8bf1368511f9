import Testing

@testable import JSON

@Suite("JSONParser")
struct JSONParserTests {
  @Test(
    "accepts valid JSON texts",
    arguments: [
      ("null", JSONValue.null),
      ("true", .bool(true)),
      (" false ", .bool(false)),
      ("0", .number("0")),
      ("-0", .number("-0")),
      ("1.50", .number("1.50")),
      ("-12e+3", .number("-12e+3")),
      ("12345678901234567890", .number("12345678901234567890")),
      (#""a\"b\\c\/d\b\f\n\r\t""#, .string("a\"b\\c/d\u{8}\u{c}\n\r\t")),
      (#""\u00e9\ud83d\ude00""#, .string("é😀")),
      ("\"é😀\"", .string("é😀")),
      ("[]", .array([])),
      ("[1,[2,[]]]", .array([.number("1"), .array([.number("2"), .array([])])])),
      ("{}", .object(JSONObject())),
      (#"{"b":1,"a":2}"#, .object(JSONObject(["b": .number("1"), "a": .number("2")]))),
    ])
  func valid(text: String, expected: JSONValue) throws {
    #expect(try JSONParser.parse(text) == expected)
  }

  @Test(
    "rejects invalid JSON texts with a reason",
    arguments: [
      "", " ", "nul", "tru", "01", "-", "1.", ".5", "1e", "+1", "NaN", "Infinity", "[1,]",
      "{\"a\":1,}",
      "{a:1}", "{\"a\" 1}", "[1 2]", "\"abc", "\"\u{1}\"", #""\x""#, #""\ud800""#, #""\udc00""#,
      #""\ud800\u0041""#, #""\u12""#, "1 2", "{} x", "'a'", "[", "{",
    ])
  func invalid(text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
  }

  @Test("rejects invalid UTF-8 inside strings")
  func invalidUTF8() {
    let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
    #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    let overlong: [UInt8] = [0x22, 0xC0, 0xAF, 0x22]
    #expect(throws: JSONParseError.self) { try JSONParser.parse(overlong) }
  }

  @Test("stops at the nesting limit instead of recursing without bound")
  func depthLimit() throws {
    let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    _ = try JSONParser.parse(ok, maxDepth: 64)
    let deep = String(repeating: "[", count: 100_000)
    do {
      _ = try JSONParser.parse(deep, maxDepth: 64)
      Issue.record("a 100,000-deep text was accepted")
    } catch {
      #expect(error.kind == .tooDeep)
    }
  }

  @Test("reports the byte offset of the problem")
  func offset() {
    do {
      _ = try JSONParser.parse(#"{"a":1,"b":x}"#)
      Issue.record("accepted")
    } catch {
      #expect(error.offset == 11)
      #expect(error.description.contains("at byte 11"))
    }
  }

  @Test("keeps duplicate member names so they can be reported")
  func duplicates() throws {
    let value = try JSONParser.parse(#"{"a":1,"a":2}"#)
    #expect(value.objectValue?.members.count == 2)
    #expect(value.objectValue?.firstDuplicateKey == "a")
  }

  @Test("names the first member whose name came before, in small and large objects")
  func firstDuplicate() {
    func object(_ keys: [String]) -> JSONObject {
      JSONObject(keys.map { JSONObject.Member(key: $0, value: .null) })
    }
    #expect(object(["a", "b", "b", "a"]).firstDuplicateKey == "b")
    #expect(object(["a", "b", "c"]).firstDuplicateKey == nil)
    #expect(object(["a", "b", "c", "d", "e", "f", "g", "h"]).firstDuplicateKey == nil)
    #expect(object(["a", "b", "c", "d", "e", "f", "g", "a"]).firstDuplicateKey == "a")
    let large = (0..<20).map { "k\($0)" }
    #expect(object(large).firstDuplicateKey == nil)
    #expect(object(large + ["k3", "k1"]).firstDuplicateKey == "k3")
    #expect(object(["\u{E9}", "e\u{301}"]).firstDuplicateKey == "e\u{301}")
  }
}

@Suite("JSONParser on random input")
struct JSONParserFuzzTests {
  @Test("never traps on random bytes, and what it accepts round-trips")
  func randomBytes() throws {
    var state: UInt64 = 42
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-truefalsnl\u"#.utf8) + [0xC3, 0xA9, 0xFF, 0x00]
    var accepted = 0
    for _ in 0..<20_000 {
      let length = Int(next() % 24)
      let bytes = (0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
      if let value = try? JSONParser.parse(bytes) {
        accepted += 1
        #expect(try JSONParser.parse(value.serializedBytes) == value)
      }
    }
    #expect(accepted > 0)
  }
}
