/// Encodes `Encodable` values into `JSONValue`, keeping object members in the order they are
/// encoded (for synthesized conformances, the order the properties are declared).
///
/// Non-finite floating-point numbers are an error, as JSON has no literal for them.
package struct JSONValueEncoder: Sendable {
  /// Creates an encoder.
  package init() {}

  /// Encodes `value` into a JSON value.
  package func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    if let json = value as? JSONValue { return json }
    let root = EncodingNode()
    try root.encode(value, codingPath: [])
    return root.resolved()
  }
}

/// A node of the tree being built; reference semantics let nested containers write into parents.
private final class EncodingNode {
  enum State {
    case unset
    case value(JSONValue)
    case array([EncodingNode])
    case object(keys: [String], nodes: [String: EncodingNode])
  }

  var state: State = .unset

  func resolved() -> JSONValue {
    switch state {
    case .unset: return .object(JSONObject())
    case .value(let value): return value
    case .array(let nodes): return .array(nodes.map { $0.resolved() })
    case .object(let keys, let nodes):
      var members: [JSONObject.Member] = []
      members.reserveCapacity(keys.count)
      for key in keys {
        if let node = nodes[key] { members.append(.init(key: key, value: node.resolved())) }
      }
      return .object(JSONObject(members))
    }
  }

  func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
    if let json = value as? JSONValue {
      state = .value(json)
      return
    }
    try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
  }

  func makeObject() {
    if case .object = state { return }
    state = .object(keys: [], nodes: [:])
  }

  func makeArray() {
    if case .array = state { return }
    state = .array([])
  }

  func child(forKey key: String) -> EncodingNode {
    guard case .object(var keys, var nodes) = state else {
      makeObject()
      return child(forKey: key)
    }
    let node = EncodingNode()
    if nodes.updateValue(node, forKey: key) == nil { keys.append(key) }
    state = .object(keys: keys, nodes: nodes)
    return node
  }

  func appendChild() -> EncodingNode {
    guard case .array(var nodes) = state else {
      makeArray()
      return appendChild()
    }
    let node = EncodingNode()
    nodes.append(node)
    state = .array(nodes)
    return node
  }

  var count: Int {
    if case .array(let nodes) = state { return nodes.count }
    if case .object(let keys, _) = state { return keys.count }
    return 0
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
    node.child(forKey: key.stringValue).state = .value(value)
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

  mutating func encodeNil() throws { node.appendChild().state = .value(.null) }
  mutating func encode(_ value: Bool) throws { node.appendChild().state = .value(.bool(value)) }
  mutating func encode(_ value: String) throws {
    node.appendChild().state = .value(.string(value))
  }
  mutating func encode(_ value: Double) throws {
    let number = try EncodingNode.number(value, codingPath: codingPath + [nextKey])
    node.appendChild().state = .value(number)
  }
  mutating func encode(_ value: Int) throws { node.appendChild().state = .value(.integer(value)) }

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

  mutating func encodeNil() throws { node.state = .value(.null) }
  mutating func encode(_ value: Bool) throws { node.state = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { node.state = .value(.string(value)) }
  mutating func encode(_ value: Double) throws {
    node.state = .value(try EncodingNode.number(value, codingPath: codingPath))
  }
  mutating func encode(_ value: Float) throws {
    node.state = .value(try EncodingNode.number(value, codingPath: codingPath))
  }
  mutating func encode(_ value: Int) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: Int8) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: Int16) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: Int32) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: Int64) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: UInt) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: UInt8) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: UInt16) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: UInt32) throws { node.state = .value(.integer(value)) }
  mutating func encode(_ value: UInt64) throws { node.state = .value(.integer(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try node.encode(value, codingPath: codingPath)
  }
}
