import FuzzyMatch

/// Decodes `Decodable` values from `JSONValue`, strictly.
///
/// Every `DecodingError` carries the coding path of the offending field and a phrase a person can
/// act on ("expected an integer, found the string \"2\""). By default an object member that the
/// type never asked for is an error too, so a misspelt parameter is reported instead of ignored.
package struct JSONValueDecoder: Sendable {
  /// Whether members the decoded type never looks at are reported as errors.
  package var rejectsUnknownKeys: Bool
  /// What the decoded types may read from `Decoder.userInfo` (the service's list of universes,
  /// say).
  package var userInfo: [CodingUserInfoKey: any Sendable]

  /// Creates a decoder.
  package init(
    rejectsUnknownKeys: Bool = true, userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    self.rejectsUnknownKeys = rejectsUnknownKeys
    self.userInfo = userInfo
  }

  /// Decodes a value of type `T` from `value`.
  package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    if T.self == JSONValue.self, let json = value as? T { return json }
    let usage = KeyUsage(userInfo: userInfo)
    let decoded = try T(from: ValueDecoder(value: value, codingPath: [], usage: usage))
    if rejectsUnknownKeys, let unknown = usage.firstUnknownKey() {
      let suggestion = EditDistance.closest(to: unknown.key, among: unknown.known)
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: unknown.path + [AnyCodingKey(unknown.key)],
          debugDescription: "is not a known field"
            + (suggestion.map { "; did you mean \($0)?" } ?? ""),
          underlyingError: suggestion.map { FieldSuggestion(name: $0) }))
    }
    return decoded
  }
}

/// Remembers, per object, which member names the decoded types asked about; and carries the
/// decoder's `userInfo` to every nested decoder.
private final class KeyUsage {
  let userInfo: [CodingUserInfoKey: Any]

  init(userInfo: [CodingUserInfoKey: any Sendable]) {
    self.userInfo = userInfo
  }

  struct Entry {
    var path: [any CodingKey]
    var keys: [String]
    var used: Set<String>
  }

  private var entries: [String: Entry] = [:]
  private var order: [String] = []

  func register(path: [any CodingKey], object: JSONObject) {
    let id = path.dottedPath
    if entries[id] == nil {
      entries[id] = Entry(path: path, keys: object.keys, used: [])
      order.append(id)
    }
  }

  func use(_ key: String, path: [any CodingKey]) {
    entries[path.dottedPath]?.used.insert(key)
  }

  /// The first member no type asked for, with the names that were asked for but are absent
  /// (sorted: the candidates for "did you mean").
  func firstUnknownKey() -> (path: [any CodingKey], key: String, known: [String])? {
    for id in order {
      guard let entry = entries[id] else { continue }
      if let key = entry.keys.first(where: { !entry.used.contains($0) }) {
        return (entry.path, key, entry.used.subtracting(entry.keys).sorted())
      }
    }
    return nil
  }
}

private struct ValueDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  let usage: KeyUsage
  var userInfo: [CodingUserInfoKey: Any] { usage.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else {
      throw DecodingError.typeMismatch(
        JSONObject.self,
        .init(
          codingPath: codingPath,
          debugDescription: "must be an object, not \(value.kindDescription)")
      )
    }
    if let duplicate = object.firstDuplicateKey {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [AnyCodingKey(duplicate)],
          debugDescription: "appears more than once"))
    }
    usage.register(path: codingPath, object: object)
    return KeyedDecodingContainer(
      KeyedValueContainer<Key>(object: object, codingPath: codingPath, usage: usage))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw DecodingError.typeMismatch(
        [JSONValue].self,
        .init(
          codingPath: codingPath, debugDescription: "must be an array, not \(value.kindDescription)"
        ))
    }
    return UnkeyedValueContainer(elements: elements, codingPath: codingPath, usage: usage)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(value: value, codingPath: codingPath, usage: usage)
  }
}

/// Conversions shared by the three container kinds.
private enum Scalar {
  static func mismatch(_ expected: String, _ value: JSONValue, _ path: [any CodingKey])
    -> DecodingError
  {
    if case .null = value {
      return .valueNotFound(
        Any.self, .init(codingPath: path, debugDescription: "must be \(expected), not null"))
    }
    return .typeMismatch(
      Any.self,
      .init(codingPath: path, debugDescription: "must be \(expected), not \(value.kindDescription)")
    )
  }

  static func bool(_ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
    guard case .bool(let bool) = value else { throw mismatch("true or false", value, path) }
    return bool
  }

  static func string(_ value: JSONValue, _ path: [any CodingKey]) throws -> String {
    guard case .string(let string) = value else { throw mismatch("a string", value, path) }
    return string
  }

  static func integer<I: FixedWidthInteger>(_ value: JSONValue, _ path: [any CodingKey]) throws -> I
  {
    guard case .number(let text) = value else { throw mismatch("an integer", value, path) }
    if let exact = I(text) { return exact }
    // Accept an integral value written with a fraction or exponent, such as 2.0 or 1e3, as JSON
    // Schema's "integer" does.
    if let double = Double(text), double.rounded(.towardZero) == double {
      if let converted = I(exactly: double) { return converted }
      throw DecodingError.dataCorrupted(
        .init(codingPath: path, debugDescription: "is out of range (\(BriefQuote.bare(text)))"))
    }
    if Double(text) == nil || text.allSatisfy({ $0 == "-" || $0.isNumber }) {
      throw DecodingError.dataCorrupted(
        .init(codingPath: path, debugDescription: "is out of range (\(BriefQuote.bare(text)))"))
    }
    throw mismatch("an integer", value, path)
  }

  static func floating<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: JSONValue, _ path: [any CodingKey]
  ) throws -> F {
    guard case .number(let text) = value else { throw mismatch("a number", value, path) }
    guard let result = F(text), result.isFinite else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: path, debugDescription: "is out of range (\(BriefQuote.bare(text)))"))
    }
    return result
  }

  static func decode<T: Decodable>(
    _ type: T.Type, _ value: JSONValue, _ path: [any CodingKey], _ usage: KeyUsage
  ) throws -> T {
    if T.self == JSONValue.self, let json = value as? T { return json }
    return try T(from: ValueDecoder(value: value, codingPath: path, usage: usage))
  }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: JSONObject
  let codingPath: [any CodingKey]
  let usage: KeyUsage

  var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool {
    usage.use(key.stringValue, path: codingPath)
    return object[key.stringValue] != nil
  }

  private func value(for key: Key) throws -> JSONValue {
    usage.use(key.stringValue, path: codingPath)
    guard let value = object[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "is required"))
    }
    return value
  }

  private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .null = try value(for: key) { return true }
    return false
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try Scalar.bool(value(for: key), path(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try Scalar.string(value(for: key), path(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try Scalar.floating(value(for: key), path(key))
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try Scalar.floating(value(for: key), path(key))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try Scalar.integer(value(for: key), path(key))
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try Scalar.integer(value(for: key), path(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try Scalar.decode(type, value(for: key), path(key), usage)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try ValueDecoder(value: value(for: key), codingPath: path(key), usage: usage)
      .container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try ValueDecoder(value: value(for: key), codingPath: path(key), usage: usage).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    let key = AnyCodingKey("super")
    usage.use(key.stringValue, path: codingPath)
    return ValueDecoder(
      value: object["super"] ?? .null, codingPath: codingPath + [key], usage: usage)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    usage.use(key.stringValue, path: codingPath)
    return ValueDecoder(
      value: object[key.stringValue] ?? .null, codingPath: path(key), usage: usage)
  }
}

private struct UnkeyedValueContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  let usage: KeyUsage
  var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey], usage: KeyUsage) {
    self.elements = elements
    self.codingPath = codingPath
    self.usage = usage
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next() throws -> (JSONValue, [any CodingKey]) {
    let path = codingPath + [AnyCodingKey(index: currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self, .init(codingPath: path, debugDescription: "is missing (the array is too short)"))
    }
    defer { currentIndex += 1 }
    return (elements[currentIndex], path)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { return false }
    if case .null = elements[currentIndex] {
      currentIndex += 1
      return true
    }
    return false
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let (value, path) = try next()
    return try Scalar.bool(value, path)
  }
  mutating func decode(_ type: String.Type) throws -> String {
    let (value, path) = try next()
    return try Scalar.string(value, path)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    let (value, path) = try next()
    return try Scalar.floating(value, path)
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    let (value, path) = try next()
    return try Scalar.integer(value, path)
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, path) = try next()
    return try Scalar.decode(type, value, path, usage)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (value, path) = try next()
    return try ValueDecoder(value: value, codingPath: path, usage: usage).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, path) = try next()
    return try ValueDecoder(value: value, codingPath: path, usage: usage).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, path) = try next()
    return ValueDecoder(value: value, codingPath: path, usage: usage)
  }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]
  let usage: KeyUsage

  func decodeNil() -> Bool {
    if case .null = value { return true }
    return false
  }

  func decode(_ type: Bool.Type) throws -> Bool { try Scalar.bool(value, codingPath) }
  func decode(_ type: String.Type) throws -> String { try Scalar.string(value, codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try Scalar.floating(value, codingPath) }
  func decode(_ type: Float.Type) throws -> Float { try Scalar.floating(value, codingPath) }
  func decode(_ type: Int.Type) throws -> Int { try Scalar.integer(value, codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try Scalar.integer(value, codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try Scalar.integer(value, codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try Scalar.integer(value, codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try Scalar.integer(value, codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try Scalar.integer(value, codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalar.integer(value, codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalar.integer(value, codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalar.integer(value, codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalar.integer(value, codingPath) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try Scalar.decode(type, value, codingPath, usage)
  }
}
