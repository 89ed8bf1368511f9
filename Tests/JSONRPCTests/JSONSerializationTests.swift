import Testing

@testable import JSON

@Suite("JSON serialization")
struct JSONSerializationTests {
  @Test("writes compact JSON, members in order, without escaping slashes")
  func compact() {
    let value = JSONValue.object(
      JSONObject([
        "z": .string("a/b"), "a": .array([.null, .bool(true), .number("1.50")]),
        "m": .object(JSONObject()),
      ]))
    #expect(value.serializedText == #"{"z":"a/b","a":[null,true,1.50],"m":{}}"#)
  }

  @Test("escapes quotes, backslashes and control characters, and nothing else")
  func escaping() {
    let text = "q\"b\\n\n\r\t\u{8}\u{c}\u{1}\u{1f} é😀\u{2028}"
    #expect(
      JSONValue.string(text).serializedText
        == "\"q\\\"b\\\\n\\n\\r\\t\\b\\f\\u0001\\u001f é😀\u{2028}\"")
  }

  @Test(
    "round-trips through the parser",
    arguments: [
      #"{"a":[1,2,{"b":null}],"c":"\u0000x","d":-1.5e-7,"e":true}"#,
      #"["",[],{},"😀","\\"]"#,
    ])
  func roundTrip(text: String) throws {
    let value = try JSONParser.parse(text)
    #expect(try JSONParser.parse(value.serializedText) == value)
  }
}
