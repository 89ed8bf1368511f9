import Testing

@testable import JSON

@Suite("JSONValueEncoder and JSONValueDecoder")
struct JSONValueCodingTests {
  struct Filter: Codable, Equatable {
    var season: Int?
    var names: [String]
    var nested: Nested?
    var ratio: Double?
  }

  struct Nested: Codable, Equatable {
    var flag: Bool
  }

  @Test("encodes members in declaration order and leaves out nil optionals")
  func encodeOrder() throws {
    let value = try JSONValueEncoder().encode(
      Filter(season: 2, names: ["a"], nested: Nested(flag: true), ratio: nil))
    #expect(value.serializedText == #"{"season":2,"names":["a"],"nested":{"flag":true}}"#)
  }

  @Test("writes integers as String(_:) does")
  func integerText() {
    var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 12_345, .max, .min, .max - 1, .min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
    }
    for value in values {
      #expect(JSONValue.integer(value) == .number(String(value)))
    }
    #expect(JSONValue.integer(UInt64.max) == .number("18446744073709551615"))
    #expect(JSONValue.integer(UInt8(200)) == .number("200"))
  }

  @Test("refuses non-finite numbers")
  func nonFinite() {
    #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
  }

  @Test("decodes what it encodes")
  func roundTrip() throws {
    let filter = Filter(season: 3, names: ["x", "y"], nested: Nested(flag: false), ratio: 0.25)
    let value = try JSONValueEncoder().encode(filter)
    #expect(try JSONValueDecoder().decode(Filter.self, from: value) == filter)
  }

  @Test("accepts integral numbers written with a fraction or exponent for integers")
  func integral() throws {
    let value = try JSONParser.parse(#"{"season":2.0,"names":[]}"#)
    #expect(try JSONValueDecoder().decode(Filter.self, from: value).season == 2)
  }
}
