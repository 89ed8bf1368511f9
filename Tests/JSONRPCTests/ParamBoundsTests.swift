import Synchronization
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

  @Test("the floor is the smallest bound of each kind, at any depth and in any alternative")
  func floor() throws {
    #expect(try bounds().floor == ParamBounds.Floor(maxLength: 4, maxItems: 3))
    let unbounded = try #require(
      ParamBounds(schema: try JSONParser.parse(#"{"properties":{"a":{"maxLength":9}}}"#)))
    #expect(unbounded.floor == ParamBounds.Floor(maxLength: 9, maxItems: .max))
  }

  @Test(
    "what the floor admits is within every bound, and what it does not may be over one",
    arguments: [
      (#"{"name":"walt","characters":[1,"Jess",3],"photo":{"data":"AAAA"},"season":2}"#, true),
      (#"["walt",[1,2,3]]"#, true), (#"{"name":"Ünï"}"#, false), (#"{"other":null}"#, true),
      (#"{"name":"Ünïç"}"#, false), (#"{"name":"walter"}"#, false),
      (#"{"characters":[1,2,3,4]}"#, false), (#"{"photo":{"data":"AAAAAAAAA"}}"#, false),
      (#"{"other":[{"deep":"12345"}]}"#, false), (#"[1,2,3,4]"#, true),
    ])
  func admits(_ params: String, admitted: Bool) throws {
    let bounds = try bounds()
    let value = try JSONParser.parse(params)
    #expect(bounds.floor.admits(value) == admitted)
    if admitted {
      #expect(try error(params, positional: ["name", "characters"]) == nil)
    }
  }

  @Test("LazyParamBounds reads no schema for params its floor admits, and checks the others")
  func lazyWithFloor() throws {
    let reads = Mutex(0)
    let lazy = LazyParamBounds(floor: try bounds().floor) {
      reads.withLock { $0 += 1 }
      return try? JSONParser.parse(Self.schema)
    }
    try lazy.check(try JSONParser.parse(#"{"name":"walt","season":2}"#), positional: nil)
    try lazy.check(try JSONParser.parse("[]"), positional: ["name"])
    #expect(reads.withLock { $0 } == 0)
    #expect(throws: JSONRPCError.self) {
      try lazy.check(try JSONParser.parse(#"{"name":"walter"}"#), positional: nil)
    }
    try lazy.check(try JSONParser.parse(#"{"characters":[1,"Jesse",3]}"#), positional: nil)
    #expect(reads.withLock { $0 } == 1)
  }
}
