/// A member of an update: left out (kept), null (removed) or a value (set).
public enum ProfileField<Value: Codable & Sendable & Equatable>: Sendable, Equatable {
  /// Left out.
  case keep
  /// Null.
  case remove
  /// A value.
  case set(Value)

  /// The member `key` of `container`.
  init<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws {
    if !container.contains(key) {
      self = .keep
    } else if try container.decodeNil(forKey: key) {
      self = .remove
    } else {
      self = .set(try container.decode(Value.self, forKey: key))
    }
  }

  /// Writes the member `key` unless it is kept.
  func encode<Key: CodingKey>(into container: inout KeyedEncodingContainer<Key>, _ key: Key)
    throws
  {
    switch self {
    case .keep: break
    case .remove: try container.encodeNil(forKey: key)
    case .set(let value): try container.encode(value, forKey: key)
    }
  }
}
