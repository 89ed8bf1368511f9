import Testing

@testable import JSON
@testable import JSONRPC

/// How a params value that does not decode becomes -32602 with the field and the problem.
@Suite("Invalid params")
struct InvalidParamsTests {
  struct Filter: Codable, Equatable {
    var season: Int?
    var names: [String]
    var nested: Nested?
    var ratio: Double?
  }

  struct Nested: Codable, Equatable {
    var flag: Bool
  }

  @Test(
    "names the field and the problem",
    arguments: [
      (#"{"season":"2","names":[]}"#, "season", "must be an integer, not the string \"2\""),
      (#"{"season":1.5,"names":[]}"#, "season", "must be an integer, not the number 1.5"),
      (#"{"season":1e400,"names":[]}"#, "season", "is out of range (1e400)"),
      (#"{"names":[1]}"#, "names[0]", "must be a string, not the number 1"),
      (#"{}"#, "names", "is required"),
      (#"{"names":null}"#, "names", "must be an array, not null"),
      (
        #"{"names":[],"nested":{"flag":1}}"#, "nested.flag",
        "must be true or false, not the number 1"
      ),
      (#"{"names":[],"seasn":2}"#, "seasn", "is not a known field; did you mean season?"),
      (#"{"names":[],"zzzzzz":2}"#, "zzzzzz", "is not a known field"),
      (#"{"names":[],"nested":{"flag":true,"x":0}}"#, "nested.x", "is not a known field"),
      (#"{"names":[],"names":[]}"#, "names", "appears more than once"),
      (#"[]"#, "params", "must be an object, not an array"),
    ])
  func errors(text: String, field: String, problem: String) throws {
    let value = try JSONParser.parse(text)
    do {
      _ = try JSONValueDecoder().decode(Filter.self, from: value)
      Issue.record("decoded \(text)")
    } catch let error as DecodingError {
      let mapped = RegisteredMethod.invalidParams(for: error)
      #expect(mapped.code == -32602)
      #expect(mapped.data?["field"] == .string(field))
      #expect(mapped.data?["problem"] == .string(problem))
    }
  }

  @Test("a misspelt field names the known one in the message and in data.suggestions")
  func misspeltField() throws {
    let value = try JSONParser.parse(#"{"names":[],"seasn":2}"#)
    let error = try #require(throws: DecodingError.self) {
      try JSONValueDecoder().decode(Filter.self, from: value)
    }
    let mapped = RegisteredMethod.invalidParams(for: error)
    #expect(mapped.message == "Invalid params: seasn is not a known field; did you mean season?")
    #expect(mapped.data?["suggestions"] == .array([.string("season")]))
  }

  @Test("NoParams accepts only an empty object")
  func noParams() throws {
    _ = try JSONValueDecoder().decode(NoParams.self, from: .object(JSONObject()))
    #expect(throws: DecodingError.self) {
      try JSONValueDecoder().decode(NoParams.self, from: .object(JSONObject(["x": .null])))
    }
  }
}
