/// An optional field that is always on the wire: `null` when there is no value, rather than
/// left out, so clients can rely on every record field being present.
@propertyWrapper
public struct EncodedAsNull<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
  /// The value, or nil.
  public var wrappedValue: Value?

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  /// Decodes the value or null.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
  }

  /// Encodes the value, or null.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue {
      try container.encode(wrappedValue)
    } else {
      try container.encodeNil()
    }
  }
}

extension KeyedDecodingContainer {
  /// A field wrapped in `EncodedAsNull` may also be absent.
  func decode<Value>(_ type: EncodedAsNull<Value>.Type, forKey key: Key) throws -> EncodedAsNull<
    Value
  > {
    EncodedAsNull(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
  }
}
