import JSON
import JSONRPC
import Testing

@Suite("Shared schema definitions and their inlining")
struct SchemaDefinitionsTests {
  static let definitions = """
    {"$defs": {
      "Series": {"type": "string", "enum": ["breaking-bad", "better-call-saul"]},
      "Quote": {"type": "object", "properties": {"series": {"$ref": "defs.json#/$defs/Series"}}},
      "Loop": {"$ref": "defs.json#/$defs/Loop"}
    }}
    """

  private func inlined(_ text: String) throws -> JSONValue {
    try SchemaDefinitions(text: Self.definitions).inlined(try JSONParser.parse(text))
  }

  @Test("a reference is replaced in place: members before it first, its siblings after")
  func inPlace() throws {
    let result = try inlined(
      #"{"$schema": "s", "$ref": "defs.json#/$defs/Series", "maxLength": 64, "description": "d"}"#)
    #expect(
      result.serializedText
        == #"{"$schema":"s","type":"string","enum":["breaking-bad","better-call-saul"],"#
        + #""maxLength":64,"description":"d"}"#)
  }

  @Test("a definition's own references are inlined too, in arrays as in objects")
  func nested() throws {
    let result = try inlined(#"{"items": [{"$ref": "defs.json#/$defs/Quote"}]}"#)
    #expect(!result.serializedText.contains("$ref"))
    #expect(result["items"]?.arrayValue?.first?["properties"]?["series"]?["enum"] != nil)
  }

  @Test(
    "a reference that cannot be inlined is an error naming it",
    arguments: [
      (#"{"$ref": "defs.json#/$defs/Nope"}"#, "names no definition in defs.json"),
      (#"{"$ref": "other.json#/$defs/Series"}"#, "is not of the form defs.json#/$defs/Name"),
      (#"{"$ref": "defs.json#/$defs/Series", "type": "integer"}"#, "has a sibling \"type\""),
      (#"{"$ref": "defs.json#/$defs/Loop"}"#, "is part of a cycle of references"),
    ])
  func unresolved(_ text: String, _ problem: String) throws {
    do {
      let result = try inlined(text)
      Issue.record("\(text) inlined as \(result.serializedText)")
    } catch let error as SchemaReferenceError {
      #expect(error.description.contains(problem), "\(error)")
    }
  }

  @Test("a schema without references is left as it is, without the definitions")
  func noReferences() throws {
    let text = #"{"type": "object", "properties": {"a": {"type": "string"}}}"#
    #expect(try SchemaDefinitions().inlined(try JSONParser.parse(text)) == JSONParser.parse(text))
  }

  @Test(
    "definitions read on use inline as definitions read at once, and refuse what they refuse",
    arguments: [
      #"{"$schema": "s", "$ref": "defs.json#/$defs/Series", "maxLength": 64}"#,
      #"{"items": [{"$ref": "defs.json#/$defs/Quote"}]}"#,
      #"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
      #"{"$ref": "defs.json#/$defs/Nope"}"#, #"{"$ref": "other.json#/$defs/Series"}"#,
      #"{"$ref": "defs.json#/$defs/Series", "type": "integer"}"#,
      #"{"$ref": "defs.json#/$defs/Loop"}"#,
    ])
  func readOnUse(text: String) throws {
    let schema = try JSONParser.parse(text)
    let atOnce = Result { try SchemaDefinitions(text: Self.definitions).inlined(schema) }
    let onUse = Result { try SchemaDefinitions(readingOnUse: Self.definitions).inlined(schema) }
    switch (atOnce, onUse) {
    case (.success(let expected), .success(let inlined)): #expect(inlined == expected)
    case (.failure(let expected), .failure(let error)): #expect("\(error)" == "\(expected)")
    default: Issue.record("\(text): read at once \(atOnce), read on use \(onUse)")
    }
    #expect(
      SchemaDefinitions(readingOnUse: Self.definitions).definitions
        == (try SchemaDefinitions(text: Self.definitions)).definitions)
  }
}
