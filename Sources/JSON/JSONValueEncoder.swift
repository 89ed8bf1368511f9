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
    let root = EncodingNode(basePath: [])
    try root.encode(value)
    return root.resolved()
  }
}

/// A node of the tree being built; reference semantics let nested containers write into parents.
///
/// Scalars are stored in place (no node of their own). A value encoded with a generic `encode`
/// is finished when that call returns, so its node is resolved into its parent's list at once
/// and dropped; only nested containers and super-encoders, which the caller may keep writing
/// into, stay attached as live children, resolved when their parent is.
///
/// The coding path is computed only when asked for (errors, or an `encode(to:)` that reads it):
/// a node made for one generic `encode` keeps its parent and key instead of a copy of the path.
private final class EncodingNode {
  /// What the node holds so far: one stored property, so a node's teardown releases little.
  enum Content {
    case unset
    case value(JSONValue)
    case array([JSONValue])
    case object([JSONObject.Member])
  }

  /// Where a node sits: the path of a root or live child, or, for a node resolved as soon as
  /// its value is encoded, the node it was made for (which does not hold it, so there is no
  /// cycle) and what it adds to that node's path.
  enum Origin {
    case path([any CodingKey])
    case key(EncodingNode, any CodingKey)
    case index(EncodingNode, Int)
  }

  var content = Content.unset
  /// Children that may still change (nested containers, super-encoders), by their position in
  /// the array or object, which holds a placeholder until the node is resolved.
  var liveChildren: [(position: Int, node: EncodingNode)] = []
  let origin: Origin

  init(basePath: [any CodingKey]) {
    origin = .path(basePath)
  }

  init(parent: EncodingNode, key: some CodingKey) {
    origin = .key(parent, key)
  }

  init(parent: EncodingNode, index: Int) {
    origin = .index(parent, index)
  }

  var codingPath: [any CodingKey] {
    switch origin {
    case .path(let path): return path
    case .key(let parent, let key): return parent.codingPath + [key]
    case .index(let parent, let index): return parent.codingPath + [AnyCodingKey(index: index)]
    }
  }

  func resolved() -> JSONValue {
    switch content {
    case .unset: return .object(JSONObject())
    case .value(let value): return value
    case .array(var elements):
      for child in liveChildren { elements[child.position] = child.node.resolved() }
      return .array(elements)
    case .object(var members):
      for child in liveChildren { members[child.position].value = child.node.resolved() }
      return .object(JSONObject(members))
    }
  }

  func setValue(_ value: JSONValue) {
    content = .value(value)
  }

  func encode<T: Encodable>(_ value: T) throws {
    // The metatype checks are cheap; the casts they guard are not.
    if let json = Self.scalar(value) {
      setValue(json)
      return
    }
    try value.encode(to: NodeEncoder(node: self))
  }

  /// The JSON value of `value` when it is one of the common types whose encoding is a single
  /// value (a JSON value, a string, an integer or a Boolean), as its own `encode(to:)` would
  /// give.
  static func scalar<T: Encodable>(_ value: T) -> JSONValue? {
    if T.self == String.self, let string = value as? String { return .string(string) }
    if T.self == Int.self, let integer = value as? Int { return .integer(integer) }
    if T.self == Bool.self, let bool = value as? Bool { return .bool(bool) }
    if T.self == JSONValue.self, let json = value as? JSONValue { return json }
    return nil
  }

  /// Encodes `value` as the member `key`: in a node of its own that is resolved at once.
  func encode<T: Encodable>(_ value: T, forKey key: some CodingKey) throws {
    if let json = Self.scalar(value) {
      set(json, forKey: key.stringValue)
      return
    }
    let child = EncodingNode(parent: self, key: key)
    do {
      try child.encode(value)
    } catch {
      set(child.resolved(), forKey: key.stringValue)
      throw error
    }
    set(child.resolved(), forKey: key.stringValue)
  }

  /// Appends `value` as the next element: in a node of its own that is resolved at once.
  func append<T: Encodable>(encoding value: T) throws {
    makeArray()
    if let json = Self.scalar(value) {
      append(json)
      return
    }
    let child = EncodingNode(parent: self, index: count)
    do {
      try child.encode(value)
    } catch {
      append(child.resolved())
      throw error
    }
    append(child.resolved())
  }

  func makeObject() {
    if case .object = content { return }
    content = .object([])
    liveChildren = []
  }

  func makeArray() {
    if case .array = content { return }
    content = .array([])
    liveChildren = []
  }

  /// Sets the member `key`, where it is when already set; returns its position.
  @discardableResult
  func set(_ value: JSONValue, forKey key: String) -> Int {
    makeObject()
    guard case .object(var members) = content else { return 0 }
    // Take the members out while changing them, so they are not copied.
    content = .unset
    defer { content = .object(members) }
    // Objects are small: a linear search keeps the order and costs less than hashing. An index
    // loop reads each key in place instead of copying each member.
    for index in members.indices where members[index].key == key {
      members[index].value = value
      if !liveChildren.isEmpty { liveChildren.removeAll { $0.position == index } }
      return index
    }
    members.append(JSONObject.Member(key: key, value: value))
    return members.count - 1
  }

  /// A live child set as the member `key`.
  func child(forKey key: some CodingKey) -> EncodingNode {
    let node = EncodingNode(basePath: codingPath + [key])
    liveChildren.append((set(.null, forKey: key.stringValue), node))
    return node
  }

  /// A live child set as the member `super`.
  func superChild() -> EncodingNode {
    let node = EncodingNode(basePath: codingPath + [AnyCodingKey("super")])
    liveChildren.append((set(.null, forKey: "super"), node))
    return node
  }

  func append(_ value: JSONValue) {
    guard case .array(var elements) = content else {
      content = .array([value])
      liveChildren = []
      return
    }
    // Take the elements out while changing them, so they are not copied.
    content = .unset
    elements.append(value)
    content = .array(elements)
  }

  /// A live child appended as the next element.
  func appendChild() -> EncodingNode {
    makeArray()
    let position = count
    let node = EncodingNode(basePath: codingPath + [AnyCodingKey(index: position)])
    liveChildren.append((position, node))
    append(.null)
    return node
  }

  var count: Int {
    switch content {
    case .array(let elements): return elements.count
    case .object(let members): return members.count
    default: return 0
    }
  }

  static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, codingPath: @autoclosure () -> [any CodingKey]
  ) throws -> JSONValue {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        .init(codingPath: codingPath(), debugDescription: "\(value) cannot be written as JSON"))
    }
    return .number(value.description)
  }
}

private struct NodeEncoder: Encoder {
  let node: EncodingNode
  var codingPath: [any CodingKey] { node.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedNodeContainer(node: node)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node)
  }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: EncodingNode
  var codingPath: [any CodingKey] { node.codingPath }

  private func set(_ value: JSONValue, _ key: Key) {
    node.set(value, forKey: key.stringValue)
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
    try node.encode(value, forKey: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = node.child(forKey: key)
    child.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.child(forKey: key)
    child.makeArray()
    return UnkeyedNodeContainer(node: child)
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.superChild())
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.child(forKey: key))
  }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: EncodingNode
  var codingPath: [any CodingKey] { node.codingPath }
  var count: Int { node.count }

  private var nextKey: any CodingKey { AnyCodingKey(index: node.count) }

  mutating func encodeNil() throws { node.append(.null) }
  mutating func encode(_ value: Bool) throws { node.append(.bool(value)) }
  mutating func encode(_ value: String) throws { node.append(.string(value)) }
  mutating func encode(_ value: Double) throws {
    node.append(try EncodingNode.number(value, codingPath: codingPath + [nextKey]))
  }
  mutating func encode(_ value: Int) throws { node.append(.integer(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try node.append(encoding: value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = node.appendChild()
    child.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = node.appendChild()
    child.makeArray()
    return UnkeyedNodeContainer(node: child)
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.appendChild())
  }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: EncodingNode
  var codingPath: [any CodingKey] { node.codingPath }

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
    try node.encode(value)
  }
}
