import JSON

/// An OpenRPC 1.4 document, as `rpc.discover` answers it: read its methods by name, or keep it
/// whole.
public struct OpenRPCDocument: Codable, Sendable, Equatable {
  /// The document as sent.
  package var json: JSONValue

  /// The document `json`.
  package init(_ json: JSONValue) {
    self.json = json
  }

  /// The `openrpc` version (`1.4.1`).
  public var openrpc: String { json["openrpc"]?.stringValue ?? "" }

  /// The whole document as compact JSON text (members in the order sent), for a reader of its
  /// own (`JSONSerialization`, a schema validator).
  public var text: String { json.serializedText }

  /// The name of every method, in the document's order.
  public var methodNames: [String] {
    (json["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
  }

  /// Decodes any JSON object.
  public init(from decoder: any Decoder) throws {
    json = try decoder.singleValueContainer().decode(JSONValue.self)
  }

  /// Encodes the document as it was.
  public func encode(to encoder: any Encoder) throws {
    // As a single value: an encoder that knows JSON values writes the document untouched.
    var container = encoder.singleValueContainer()
    try container.encode(json)
  }
}
