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

  @Test("an object keeping its serialization writes the same bytes, and drops them once changed")
  func keptSerialization() {
    let plain = JSONObject(["name": .string("bbfan"), "list": .array([.integer(1), .null])])
    let kept = plain.keepingSerialization()
    #expect(JSONValue.object(kept).serializedText == JSONValue.object(plain).serializedText)
    #expect(kept == plain)
    #expect(kept.hashValue == plain.hashValue)
    let reply = JSONValue.object(JSONObject(["id": .integer(7), "result": .object(kept)]))
    #expect(reply.serializedText == #"{"id":7,"result":{"name":"bbfan","list":[1,null]}}"#)

    var changed = kept
    changed.set("name", .string("other"))
    #expect(JSONValue.object(changed).serializedText == #"{"name":"other","list":[1,null]}"#)
    var appended = kept
    appended.members.append(JSONObject.Member(key: "more", value: .bool(true)))
    #expect(
      JSONValue.object(appended).serializedText == #"{"name":"bbfan","list":[1,null],"more":true}"#)
    var removed = kept
    removed.remove("list")
    #expect(JSONValue.object(removed).serializedText == #"{"name":"bbfan"}"#)
    #expect(JSONValue.object(kept).serializedText == #"{"name":"bbfan","list":[1,null]}"#)
  }
}
