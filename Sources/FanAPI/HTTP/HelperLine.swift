import JSON

/// Reads and writes the JSON lines of `bbfan`'s HTTP helper with the JSON library rather than
/// `Codable`, in the same shape as the `Codable` conformances (the tests check both ways).
///
/// The first use of `Codable`'s JSON coders in a process costs about a millisecond of the Swift
/// runtime's type lookups, which each one-shot `bbfan call` and each helper paid on the path of
/// its first request; the JSON library has no such cost.
enum HelperLine {
  /// The line of `value`: its JSON text and a newline.
  static func bytes(of value: JSONObject) -> [UInt8] {
    JSONValue.object(value).serializedBytes + [0x0A]
  }

  /// The object a line holds (with or without its newline).
  static func object(in line: some Collection<UInt8>) throws(HelperLineError) -> JSONObject {
    var bytes = Array(line)
    if bytes.last == 0x0A { bytes.removeLast() }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw HelperLineError("not JSON: \(error)")
    }
    guard let object = value.objectValue else {
      throw HelperLineError("not an object but \(value.kindDescription)")
    }
    return object
  }

  /// A number member for `value`, which must be finite.
  static func number(_ value: Double, field: String) throws(HelperLineError) -> JSONValue {
    guard value.isFinite else { throw HelperLineError("\(field) is \(value), not a JSON number") }
    return .number("\(value)")
  }

  /// Member `key` of `object` as an integer; nil when absent or null.
  static func integer(_ object: JSONObject, _ key: String) throws(HelperLineError) -> Int? {
    switch object[key] {
    case nil, .null?: return nil
    case .number(let text)?:
      guard let value = Int(text) else {
        throw HelperLineError("\(key) is not an integer: \(text)")
      }
      return value
    case let other?: throw HelperLineError("\(key) is \(other.kindDescription), not an integer")
    }
  }

  /// Member `key` of `object` as a number; nil when absent or null.
  static func double(_ object: JSONObject, _ key: String) throws(HelperLineError) -> Double? {
    switch object[key] {
    case nil, .null?: return nil
    case .number(let text)?:
      guard let value = Double(text) else {
        throw HelperLineError("\(key) is not a number: \(text)")
      }
      return value
    case let other?: throw HelperLineError("\(key) is \(other.kindDescription), not a number")
    }
  }

  /// Member `key` of `object` as a string; nil when absent or null.
  static func string(_ object: JSONObject, _ key: String) throws(HelperLineError) -> String? {
    switch object[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw HelperLineError("\(key) is \(other.kindDescription), not a string")
    }
  }

  /// Member `key` of `object` as a boolean; nil when absent or null.
  static func bool(_ object: JSONObject, _ key: String) throws(HelperLineError) -> Bool? {
    switch object[key] {
    case nil, .null?: return nil
    case .bool(let value)?: return value
    case let other?: throw HelperLineError("\(key) is \(other.kindDescription), not a boolean")
    }
  }

  /// Member `key` of `object` as an object; nil when absent or null.
  static func object(_ object: JSONObject, _ key: String) throws(HelperLineError) -> JSONObject? {
    switch object[key] {
    case nil, .null?: return nil
    case .object(let value)?: return value
    case let other?: throw HelperLineError("\(key) is \(other.kindDescription), not an object")
    }
  }

  /// Member `key` of `object` as an object of strings; nil when absent or null.
  static func strings(_ object: JSONObject, _ key: String) throws(HelperLineError)
    -> [String: String]?
  {
    guard let members = try self.object(object, key) else { return nil }
    var strings: [String: String] = [:]
    for member in members.members {
      guard case .string(let value) = member.value else {
        throw HelperLineError("\(key).\(member.key) is not a string")
      }
      strings[member.key] = value
    }
    return strings
  }

  /// An object of strings, members sorted by name.
  static func object(of strings: [String: String]) -> JSONValue {
    .object(
      JSONObject(
        strings.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) }))
  }

  /// Member `key` of `object`, which must be there.
  static func required<T>(_ value: T?, _ key: String) throws(HelperLineError) -> T {
    guard let value else { throw HelperLineError("\(key) is missing") }
    return value
  }
}
