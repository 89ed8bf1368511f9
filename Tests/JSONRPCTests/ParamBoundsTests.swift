import Testing

@testable import JSON
@testable import JSONRPC

@Suite("ParamBounds")
struct ParamBoundsTests {
  static let schema = """
    {"type":"object","properties":{
      "name":{"type":"string","maxLength":4},
      "characters":{"type":"array","maxItems":3,
        "items":{"oneOf":[{"type":"integer"},{"type":"string","maxLength":5}]}},
      "photo":{"oneOf":[
        {"type":"object","properties":{"data":{"type":"string","maxLength":8}}},
        {"type":"object","properties":{"path":{"type":"string","maxLength":6}}}]},
      "season":{"type":"integer"}}}
    """

  func bounds() throws -> ParamBounds {
    try #require(ParamBounds(schema: try JSONParser.parse(Self.schema)))
  }

  func error(_ params: String, positional: [String]? = nil) throws -> JSONRPCError? {
    let bounds = try bounds()
    let value = try JSONParser.parse(params)
    do {
      try bounds.check(value, positional: positional)
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "values within their bounds pass",
    arguments: [
      #"{"name":"walt","characters":[1,"Jesse",3],"photo":{"data":"AAAAAAAA"},"season":2}"#,
      #"{"photo":{"path":"/a/b.p"}}"#, #"{"name":"Ünïç"}"#, #"{"other":"anything at all"}"#, "{}",
    ])
  func within(_ params: String) throws {
    #expect(try error(params) == nil)
  }

  @Test("a string over its maxLength names the field and the bound, never the value")
  func tooLong() throws {
    let long = String(repeating: "x", count: 100_000)
    let refused = try #require(try error(#"{"name":"\#(long)"}"#))
    #expect(refused.code == -32602)
    #expect(refused.data?["field"] == .string("name"))
    #expect(refused.data?["maxLength"] == .integer(4))
    #expect(
      refused.message == "Invalid params: name is 100000 characters long; at most 4 are allowed.")
    #expect(refused.json.serializedText.utf8.count < 300)
  }

  @Test("nested values: array items, array length, members of alternatives")
  func nested() throws {
    let item = try #require(try error(#"{"characters":[1,"Walter"]}"#))
    #expect(item.data?["field"] == .string("characters[1]"))
    #expect(item.data?["maxLength"] == .integer(5))
    let many = try #require(try error(#"{"characters":[1,2,3,4]}"#))
    #expect(many.data?["field"] == .string("characters"))
    #expect(many.data?["maxItems"] == .integer(3))
    #expect(many.data?["maxLength"] == nil)
    let data = try #require(try error(#"{"photo":{"data":"AAAAAAAAA"}}"#))
    #expect(data.data?["field"] == .string("photo.data"))
    let path = try #require(try error(#"{"photo":{"path":"/a/b/cd"}}"#))
    #expect(path.data?["field"] == .string("photo.path"))
    #expect(path.data?["maxLength"] == .integer(6))
  }

  @Test("length is counted in Unicode scalars, as JSON Schema counts it")
  func scalars() throws {
    #expect(try error(#"{"name":"ÄÖÜß"}"#) == nil)
    #expect(try error(#"{"name":"ÄÖÜße"}"#)?.data?["maxLength"] == .integer(4))
  }

  @Test("positional params are checked by their names")
  func positional() throws {
    let refused = try #require(try error(#"["walter"]"#, positional: ["name"]))
    #expect(refused.data?["field"] == .string("name"))
    #expect(try error(#"["walt"]"#, positional: ["name"]) == nil)
  }

  @Test("a schema without bounds compiles to none")
  func none() throws {
    #expect(
      ParamBounds(
        schema: try JSONParser.parse(#"{"type":"object","properties":{"id":{"type":"integer"}}}"#))
        == nil)
  }
}
