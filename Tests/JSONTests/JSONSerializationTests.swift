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

  @Test(
    "an object made from its serialization writes those bytes, and reads its members from them",
    arguments: [
      #"{"name":"bbfan","list":[1,null,{"deep":"\u0001"}],"n":-1.5e-7}"#,
      #"{}"#,
      #"{"a":"Ħ😀","a":true}"#,
    ])
  func madeFromSerialization(text: String) throws {
    let parsed = try #require(JSONParser.parse(text).objectValue)
    let made = JSONObject(serialized: Array(text.utf8))
    #expect(JSONValue.object(made).serializedText == text)
    #expect(made.members == parsed.members)
    #expect(made == parsed)
    #expect(made.hashValue == parsed.hashValue)
    #expect(made.keys == parsed.keys)
    #expect(made["name"] == parsed["name"])
    #expect(made.firstDuplicateKey == parsed.firstDuplicateKey)
    let reply = JSONValue.object(JSONObject(["id": .integer(7), "result": .object(made)]))
    #expect(reply.serializedText == #"{"id":7,"result":"# + text + "}")
    #expect(made.keepingSerialization() == parsed)
    // Changed, it is its members: the bytes it was made from are dropped.
    var appended = made
    appended.members.append(JSONObject.Member(key: "more", value: .bool(true)))
    var expected = parsed
    expected.members.append(JSONObject.Member(key: "more", value: .bool(true)))
    #expect(appended == expected)
    #expect(JSONValue.object(appended).serializedText == JSONValue.object(expected).serializedText)
    var set = made
    set.set("name", .string("other"))
    var expectedSet = parsed
    expectedSet.set("name", .string("other"))
    #expect(JSONValue.object(set).serializedText == JSONValue.object(expectedSet).serializedText)
    #expect(JSONValue.object(made).serializedText == text, "the copies changed, not it")
    // What it was made from is kept in its serialization's box: an object stays two words,
    // and every JSONValue as small as before.
    #expect(MemoryLayout<JSONObject>.size == 2 * MemoryLayout<Int>.size)
  }
}
