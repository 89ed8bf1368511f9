import Foundation
import JSON
import TestSupport
import Testing

/// Every params schema states what its method requires: the smallest arguments the schema takes
/// are never refused by the method as invalid params (-32602).
@Suite("Params schemas state what their methods require", .timeLimit(.minutes(5)))
struct SchemaRequirementsTests {
  /// The literal text of a JSON number, or nil for anything else.
  static func number(_ value: JSONValue?) -> String? {
    if case .number(let text)? = value { return text }
    return nil
  }

  /// The smallest value a schema takes: its first example or enum value where it has one (a
  /// string with a pattern must have an example), else the least its constraints allow: an object
  /// with its required members only, an array of `minItems` items, a string of `minLength`
  /// letters, a number at its `minimum`.
  static func smallest(_ schema: JSONValue, at path: String) throws -> JSONValue {
    if let example = schema["examples"]?.arrayValue?.first {
      // An example URL is sent to this machine's discard port instead, so that no test leaves it.
      if let url = example.stringValue, url.hasPrefix("https://"),
        let path = url.split(
          separator: "/", maxSplits: 3, omittingEmptySubsequences: false
        ).last
      {
        return .string("http://127.0.0.1:9/\(path)")
      }
      return example
    }
    if let value = schema["enum"]?.arrayValue?.first { return value }
    if let value = schema["const"] { return value }
    if let first = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue?.first {
      return try smallest(first, at: path)
    }
    var type = schema["type"]?.stringValue
    if let types = schema["type"]?.arrayValue {
      type = types.compactMap(\.stringValue).first { $0 != "null" }
    }
    switch type {
    case "object":
      var object = JSONObject()
      for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
        let property = try #require(schema["properties"]?[name], "\(path).\(name) has no schema")
        object.set(name, try smallest(property, at: "\(path).\(name)"))
      }
      return .object(object)
    case "array":
      let count = Int(number(schema["minItems"]) ?? "0") ?? 0
      let item = try smallest(schema["items"] ?? .object(JSONObject()), at: "\(path)[]")
      return .array(Array(repeating: item, count: count))
    case "string":
      #expect(schema["pattern"] == nil, "\(path) has a pattern but no example to send")
      let length = Int(number(schema["minLength"]) ?? "0") ?? 0
      return .string(String(repeating: "a", count: length))
    case "integer", "number":
      return .number(number(schema["minimum"]) ?? "0")
    case "boolean":
      return .bool(false)
    default:
      return .null
    }
  }

  @Test("the smallest arguments each schema takes are not refused as invalid params")
  func smallestArguments() throws {
    var checked = 0
    // References into Schemas/defs.json inlined, as the service reads them.
    let registry = try RepositorySchemas.registry()
    #expect(registry.problems.isEmpty, "\(registry.problems)")
    for schema in registry.methods {
      let method = schema.name
      let params = schema.params
      let arguments = try Self.smallest(params, at: method)
      let directory = ServiceProcess.temporaryDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      // Signed in, so that per-user methods check their params rather than stop at the token.
      let register =
        #"{"jsonrpc":"2.0","id":1,"method":"auth.register","params":{"username":"walt","#
        + #""password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}}"#
      let call = JSONValue.object(
        JSONObject([
          "jsonrpc": .string("2.0"), "id": .number("2"), "method": .string(method),
          "params": arguments,
        ]))
      let outcome = try ServiceProcess.run(
        [
          "--data-dir", directory, "--log-level", "off", "--password-cost", "1000",
          "--http-timeout", "2",
        ],
        lines: [register, call.serializedText])
      let reply = try #require(try outcome.repliesByID()[2], "\(method): no reply")
      #expect(
        reply["error"]?["code"] != .number("-32602"),
        "\(method) refuses \(arguments.serializedText), the smallest its schema takes: \(reply.serializedText)"
      )
      checked += 1
    }
    #expect(checked >= 35)
  }
}
