import Testing

@testable import JSON

/// RFC 8259's grammar, production by production: texts each one accepts and texts it rejects,
/// written from the RFC (sections 2 to 8).
@Suite("RFC 8259 grammar")
struct RFC8259GrammarTests {
  private static func accepts(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(throws: Never.self, "\(text.debugDescription)", sourceLocation: sourceLocation) {
      try JSONParser.parse(text)
    }
  }

  private static func rejects(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(throws: JSONParseError.self, "\(text.debugDescription)", sourceLocation: sourceLocation)
    {
      try JSONParser.parse(text)
    }
  }

  /// JSON-text = ws value ws (§2): any value at the top, not only an object or an array.
  @Test(
    "JSON-text: one value with white space around it, nothing else",
    arguments: ["1", "\"a\"", "null", "[]", "{}", " 1 ", "\t\n\r 1\r\n\t "])
  func textAccepts(text: String) { Self.accepts(text) }

  @Test("JSON-text rejects", arguments: ["", " ", "1 2", "[] []", "{},", "1,", "\u{0}1"])
  func textRejects(text: String) { Self.rejects(text) }

  /// ws = *( %x20 / %x09 / %x0A / %x0D ) (§2): exactly four characters, anywhere between tokens.
  @Test(
    "ws: space, tab, line feed and carriage return, around every structural character",
    arguments: [
      " [ 1 , 2 ] ", "\t{\t\"a\"\t:\t1\t}\t", "\n[\n]\n", "\r{\r}\r", " \t\n\r[ \t\n\r] \t\n\r",
    ])
  func whitespaceAccepts(text: String) { Self.accepts(text) }

  @Test(
    "ws: no other white space (form feed, vertical tab, no-break space, line separator, BOM)",
    arguments: [
      "\u{0C}1", "1\u{0B}", "[\u{A0}1]", "[1\u{2028}]", "\u{FEFF}1", "[1,\u{85}2]", "\u{3000}1",
      "{\"a\"\u{0C}:1}",
    ])
  func whitespaceRejects(text: String) { Self.rejects(text) }

  /// value = false / null / true / object / array / number / string (§3): the literal names
  /// are lowercase.
  @Test("value: the three literal names, lowercase", arguments: ["false", "null", "true"])
  func literalsAccept(text: String) { Self.accepts(text) }

  @Test(
    "value: no other names and no other case",
    arguments: ["False", "NULL", "True", "nul", "truee", "undefined", "None", "t", "nulll"])
  func literalsReject(text: String) { Self.rejects(text) }

  /// object = begin-object [ member *( value-separator member ) ] end-object;
  /// member = string name-separator value (§4).
  @Test(
    "object: members separated by commas, names in double quotes",
    arguments: [
      "{}", "{ }", #"{"a":1}"#, #"{"a":1,"b":[true]}"#, #"{"":null}"#, #"{"a":{"a":{}}}"#,
      #"{"a" : 1 , "b" : 2}"#, #"{"a":1,"a":2}"#,
    ])
  func objectAccepts(text: String) { Self.accepts(text) }

  @Test(
    "object rejects: no trailing or leading comma, no bare or single-quoted names, a colon each",
    arguments: [
      "{", "}", #"{"a":1,}"#, #"{,"a":1}"#, "{a:1}", "{'a':1}", #"{"a" 1}"#, #"{"a"::1}"#,
      #"{"a":}"#, #"{"a"}"#, #"{"a":1 "b":2}"#, #"{"a":1;"b":2}"#, "{1:1}", #"{"a"=1}"#,
      #"{"a":1}}"#,
    ])
  func objectRejects(text: String) { Self.rejects(text) }

  /// array = begin-array [ value *( value-separator value ) ] end-array (§5).
  @Test(
    "array: values of any kind separated by commas",
    arguments: ["[]", "[ ]", "[1]", "[1,\"a\",null,true,false,[],{}]", "[[[]]]", "[ 1 , 2 ]"])
  func arrayAccepts(text: String) { Self.accepts(text) }

  @Test(
    "array rejects: no trailing, leading or doubled comma, no missing one, closed once",
    arguments: ["[", "]", "[1,]", "[,1]", "[1,,2]", "[1 2]", "[,]", "[1]]", "[1;2]", "[1:2]"])
  func arrayRejects(text: String) { Self.rejects(text) }

  /// number = [ minus ] int [ frac ] [ exp ]; int = zero / ( digit1-9 *DIGIT );
  /// frac = decimal-point 1*DIGIT; exp = e [ minus / plus ] 1*DIGIT (§6).
  @Test(
    "number: minus, int without leading zeros, fraction, exponent of either case and sign",
    arguments: [
      "0", "-0", "7", "-7", "10", "1234567890", "0.5", "-0.0", "10.01", "1e5", "1E5", "1e+5",
      "1e-5", "1.5E-05", "0e0", "-0e-0", "1e400", "123456789012345678901234567890",
      "0.000000000000000000001",
    ])
  func numberAccepts(text: String) throws {
    // The text is kept as it was written.
    #expect(try JSONParser.parse(text) == .number(text))
  }

  @Test(
    "number rejects: plus, leading zeros, bare point, empty fraction or exponent, hex, names",
    arguments: [
      "+1", "01", "-01", "00", "1.", ".1", "-.1", "1.e1", "1e", "1e+", "1E-", "-", "--1", "0x1F",
      "1_000", "1,5", "NaN", "Infinity", "-Infinity", "1.5.1", "1e1.5", "- 1", "\u{661}",
    ])
  func numberRejects(text: String) { Self.rejects(text) }

  /// string = quotation-mark *char quotation-mark; char = unescaped / escape ( %x22 / %x5C /
  /// %x2F / %x62 / %x66 / %x6E / %x72 / %x74 / %x75 4HEXDIG );
  /// unescaped = %x20-21 / %x23-5B / %x5D-10FFFF (§7).
  @Test(
    "string: every escape, hex digits of either case, any unescaped scalar from U+0020",
    arguments: [
      (#""""#, ""), (#""\"""#, "\""), (#""\\""#, "\\"), (#""\/""#, "/"), (#""\b""#, "\u{8}"),
      (#""\f""#, "\u{C}"), (#""\n""#, "\n"), (#""\r""#, "\r"), (#""\t""#, "\t"),
      (#""\u0041\u00e9\u00E9""#, "Aéé"), (#""\u0000""#, "\u{0}"), (#""\uffff""#, "\u{FFFF}"),
      (#""\ud834\udd1e""#, "\u{1D11E}"), (#""\uD834\uDD1E""#, "\u{1D11E}"),
      ("\"\u{7F}\"", "\u{7F}"),
      ("\" !#[]~\"", " !#[]~"), ("\"𝄞é\u{10FFFF}\"", "𝄞é\u{10FFFF}"), (#""/""#, "/"),
    ])
  func stringAccepts(text: String, expected: String) throws {
    let value = try JSONParser.parse(text)
    #expect(value.stringValue?.unicodeScalars.elementsEqual(expected.unicodeScalars) == true)
  }

  @Test(
    "string rejects: unescaped controls, unknown escapes, short hex, single quotes, unclosed",
    arguments: [
      "\"\u{0}\"", "\"\u{1F}\"", "\"\t\"", "\"\n\"", "\"a", "'a'", #""\a""#, #""\x41""#,
      #""\U0041""#, #""\u004""#, #""\u004g""#, #""\'""#, #""\0""#, "\"\\\n\"", #""\""#, "\"\\",
    ])
  func stringRejects(text: String) { Self.rejects(text) }

  /// §8.2: a lone surrogate escape is allowed by the ABNF but names no Unicode character; bbfan
  /// rejects it (its strings are Unicode scalars), and so does the pair in the wrong order.
  @Test(
    "string: lone or misordered surrogate escapes are rejected",
    arguments: [
      #""\ud800""#, #""\udbff""#, #""\udc00""#, #""\udfff""#, #""\ud800x""#, #""\ud800\u0041""#,
      #""\udc00\ud800""#, #""\ud800\ud800""#,
    ])
  func surrogatesReject(text: String) { Self.rejects(text) }

  /// §8.1: JSON exchanged between systems is UTF-8; malformed UTF-8 is not a text.
  @Test(
    "encoding: invalid UTF-8 is rejected (bad continuation, overlong, surrogate, beyond U+10FFFF)",
    arguments: [
      [0x22, 0xC3, 0x28, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE0, 0x80, 0xAF, 0x22],
      [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xFF, 0x22],
      [0x22, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22], [0xEF, 0xBB, 0xBF, 0x31], [0x31, 0x00],
    ] as [[UInt8]])
  func encodingRejects(bytes: [UInt8]) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
  }

  /// §9: a parser may limit nesting depth; bbfan's limit is a parameter.
  @Test("nesting: accepted up to the limit, rejected past it as too deep")
  func nesting() throws {
    let inside = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
    _ = try JSONParser.parse(inside, maxDepth: 10)
    let error = try #require(throws: JSONParseError.self) {
      try JSONParser.parse("[" + inside + "]", maxDepth: 10)
    }
    #expect(error.kind == .tooDeep)
  }
}
