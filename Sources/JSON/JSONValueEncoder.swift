/// Encodes `Encodable` values into `JSONValue`, keeping object members in the order they are
/// encoded (for synthesized conformances, the order the properties are declared).
///
/// Non-finite floating-point numbers are an error, as JSON has no literal for them.
package struct JSONValueEncoder: Sendable {
  /// Creates an encoder.
  package init() {}

  /// Encodes `value` into a JSON value.
  package func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    if T.self == JSONValue.self, let json = value as? JSONValue { return json }
    let root = EncodingNode()
    try root.encode(value, codingPath: [])
    return root.resolved()
  }
}

/// A node of the tree being built; reference semantics let nested containers write into parents.
///
/// Scalars are stored in place (no node of their own), and the member and element lists are
/// stored properties so that appending to them never copies.
private final class EncodingNode {
  enum Kind {
    case unset
    case value
    case array
    case object
  }

  enum Slot {
    case value(JSONValue)
    case node(EncodingNode)

    var resolved: JSONValue {
      switch self {
      case .value(let value): return value
      case .node(let node): return node.resolved()
      }
    }
  }

  var kind = Kind.unset
  var scalar = JSONValue.null
  var elements: [Slot] = []
  var entries: [(key: String, slot: Slot)] = []

  func resolved() -> JSONValue {
    switch kind {
    case .unset: return .object(JSONObject())
    case .value: return scalar
    case .array: return .array(elements.map(\.resolved))
    case .object:
      return .object(
        JSONObject(entries.map { JSONObject.Member(key: $0.key, value: $0.slot.resolved) }))
    }
  }

  func setValue(_ value: JSONValue) {
    kind = .value
    scalar = value
  }

  func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
    // The metatype check is cheap; the cast it guards is not.
    if T.self == JSONValue.self, let json = value as? JSONValue {
      setValue(json)
      return
    }
    try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
  }

  func makeObject() {
    if kind != .object {
      kind = .object
      entries = []
    }
  }

  func makeArray() {
    if kind != .array {
      kind = .array
      elements = []
    }
  }

  func set(_ slot: Slot, forKey key: String) {
    makeObject()
    // Objects are small: a linear search keeps the order and costs less than hashing.
    if let index = entries.firstIndex(where: { $0.key == key }) {
      entries[index].slot = slot
    } else {
      entries.append((key, slot))
    }
  }

  func child(forKey key: String) -> EncodingNode {
    let node = EncodingNode()
    set(.node(node), forKey: key)
    return node
  }

  func append(_ slot: Slot) {
    makeArray()
    elements.append(slot)
  }

  func appendChild() -> EncodingNode {
    let node = EncodingNode()
    append(.node(node))
    return node
  }

  var count: Int {
    switch kind {
    case .array: return elements.count
    case .object: return entries.count
    default: return 0
    }
  }

  static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, codingPath: [any CodingKey]
  ) throws -> JSONValue {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        .init(codingPath: codingPath, debugDescription: "\(value) cannot be written as JSON"))
    }
    return .number(value.description)
  }
}

private struct NodeEncoder: Encoder {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedNodeContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node, codingPath: codingPath)
  }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: EncodingNode
  let codingPath: [any CodingKey]

  private func set(_ value: JSONValue, _ key: Key) {
    node.set(.value(value), forKey: key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try EncodingNode.number(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try EncodingNode.number(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.integer(value), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try node.child(forKey: key.stringValue).encode(value, codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = node.child(forKey: key.stringValue)
    child.makeObject()
    return KeyedEncodingContainer(
      KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.child(forKey: key.stringValue)
    child.makeArray()
    return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath + [AnyCodingKey("super")])
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  private var nextKey: any CodingKey { AnyCodingKey(index: node.count) }

  mutating func encodeNil() throws { node.append(.value(.null)) }
  mutating func encode(_ value: Bool) throws { node.append(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { node.append(.value(.string(value))) }
  mutating func encode(_ value: Double) throws {
    node.append(.value(try EncodingNode.number(value, codingPath: codingPath + [nextKey])))
  }
  mutating func encode(_ value: Int) throws { node.append(.value(.integer(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = codingPath + [nextKey]
    try node.appendChild().encode(value, codingPath: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = codingPath + [nextKey]
    let child = node.appendChild()
    child.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = codingPath + [nextKey]
    let child = node.appendChild()
    child.makeArray()
    return UnkeyedNodeContainer(node: child, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let path = codingPath + [nextKey]
    return NodeEncoder(node: node.appendChild(), codingPath: path)
  }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: EncodingNode
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.setValue(.null) }
  mutating func encode(_ value: Bool) throws { node.setValue(.bool(value)) }
  mutating func encode(_ value: String) throws { node.setValue(.string(value)) }
  mutating func encode(_ value: Double) throws {
    node.setValue(try EncodingNode.number(value, codingPath: codingPath))
  }
  mutating func encode(_ value: Float) throws {
    node.setValue(try EncodingNode.number(value, codingPath: codingPath))
  }
  mutating func encode(_ value: Int) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: Int8) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: Int16) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: Int32) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: Int64) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: UInt) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: UInt8) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: UInt16) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: UInt32) throws { node.setValue(.integer(value)) }
  mutating func encode(_ value: UInt64) throws { node.setValue(.integer(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try node.encode(value, codingPath: codingPath)
  }
}
