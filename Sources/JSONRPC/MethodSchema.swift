import JSON

/// One `Schemas/<method>.json` file: what a method takes, returns and fails with, and examples.
package struct MethodSchema: Codable, Sendable, Equatable {
  /// One example call.
  package struct Example: Codable, Sendable, Equatable {
    /// A short name for the example.
    package var name: String
    /// The params sent, by name.
    package var params: JSONObject
    /// The result received.
    package var result: JSONValue
    /// Requests to send first, on a fresh data directory (such as signing in); not part of
    /// OpenRPC.
    package var given: [Given]?
    /// The `--source` the service runs with, on the test server at `127.0.0.1:8080`
    /// (`Tests/Tools/fake_api.py`); not part of OpenRPC.
    package var source: String?
  }

  /// A request an example needs sent before it.
  package struct Given: Codable, Sendable, Equatable {
    /// The method.
    package var method: String
    /// Its params.
    package var params: JSONObject

    /// Creates a step.
    package init(method: String, params: JSONObject) {
      self.method = method
      self.params = params
    }
  }

  /// One error the method can answer with, beyond the protocol's own.
  package struct ErrorCase: Codable, Sendable, Equatable {
    /// The JSON-RPC error code.
    package var code: Int
    /// A typical message.
    package var message: String
    /// A typical `data`, with its `reason`.
    package var data: JSONValue?
    /// Params that produce exactly this error (a test replays them; not part of OpenRPC).
    package var params: JSONObject
    /// Requests to send first, as for examples.
    package var given: [Given]?
    /// The `--source` the service runs with, as for examples.
    package var source: String?
  }

  /// The wire name; it matches the file name.
  package var name: String
  /// One line on what the method does.
  package var summary: String
  /// More on its behaviour.
  package var description: String
  /// The JSON Schema (2020-12) of the params object.
  package var params: JSONValue
  /// The JSON Schema (2020-12) of the result.
  package var result: JSONValue
  /// The application and params errors it can return.
  package var errors: [ErrorCase]
  /// At least one example call.
  package var examples: [Example]
}

extension JSONObject: Codable {
  /// Decodes an object; anything else is an error.
  package init(from decoder: any Decoder) throws {
    guard case .object(let object) = try JSONValue(from: decoder) else {
      throw DecodingError.typeMismatch(
        JSONObject.self,
        .init(codingPath: decoder.codingPath, debugDescription: "must be an object"))
    }
    self = object
  }

  /// Encodes the object as it is.
  package func encode(to encoder: any Encoder) throws {
    try JSONValue.object(self).encode(to: encoder)
  }
}
