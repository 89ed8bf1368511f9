import Testing

@testable import JSON

@Suite("JSONParser: one member of a large text")
struct JSONParserMemberTests {
  /// Members before the wanted ones hold what a structural skip must pass over whole: strings
  /// with brackets, quotes, backslashes and escapes, nested containers, numbers, literals.
  static let text = #"""
    {
      "name": "a \"quoted\" [not an array] {nor an object} \\",
      "count": -12.5e+3, "flag": true, "none": null,
      "nested": {"list": [1, [2, {"x": "]"}], "\\\""], "empty": {}, "emptyList": []},
      "esc\u0061ped": "\u00e9\ud83d\ude00 \/",
      "params": {"type": "object", "properties": {"id": {"type": "integer", "maxLength": 3}}},
      "$defs": {"A": {"type": "string"}, "B": {"$ref": "defs.json#/$defs/A"}, "C": 7},
      "last": [ ]
    }
    """#

  @Test(
    "each member, and each member of a member, is what parsing the whole text gives",
    arguments: [
      ["name"], ["count"], ["flag"], ["none"], ["nested"], ["nested", "list"],
      ["nested", "empty"], ["nested", "emptyList"], ["escaped"], ["params"],
      ["params", "properties", "id"], ["$defs", "A"], ["$defs", "B"], ["$defs", "C"], ["last"],
    ])
  func asWhole(path: [String]) throws {
    var whole: JSONValue? = try JSONParser.parse(Self.text)
    for name in path { whole = whole?[name] }
    #expect(try JSONParser.parse(Self.text, member: path) == whole)
  }

  @Test("an empty path is the whole text")
  func emptyPath() throws {
    #expect(try JSONParser.parse(Self.text, member: []) == JSONParser.parse(Self.text))
  }

  @Test(
    "a missing member, or a path through something that is not an object, is nil",
    arguments: [
      ["nope"], ["params", "nope"], ["count", "x"], ["nested", "list", "0"], ["$defs", "Z"],
    ])
  func missing(path: [String]) throws {
    #expect(try JSONParser.parse(Self.text, member: path) == nil)
    #expect(try JSONParser.parse("[1, 2]", member: path) == nil)
    #expect(try JSONParser.parse("{}", member: path) == nil)
  }

  @Test("the first member of a name is taken")
  func firstOfName() throws {
    #expect(try JSONParser.parse(#"{"a": 1, "a": 2}"#, member: ["a"]) == .number("1"))
  }

  @Test(
    "the member itself is parsed strictly, and text cut short before it is an error",
    arguments: [
      #"{"a": 1, "b": [1,]}"#, #"{"a": 1, "b": "\x"}"#, #"{"a": 1, "b": 01}"#,
      #"{"a": "unterminated"#, #"{"a": [1, 2"#, #"{"a" 1, "b": 2}"#,
    ])
  func strictMember(text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text, member: ["b"]) }
  }

  @Test("the text after the member is not read")
  func notReadAfter() throws {
    #expect(try JSONParser.parse(#"{"a": 1, "b": 2, "c": ]]]"#, member: ["b"]) == .number("2"))
  }
}
