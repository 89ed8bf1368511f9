import Synchronization

/// A JSON value as it travels on the wire, with object members kept in their original order.
///
/// Numbers keep their literal text so that an `id` such as `1.50` or `12345678901234567890` is
/// echoed byte for byte; `JSONValueDecoder` converts them to Swift numbers on demand.
package enum JSONValue: Sendable, Hashable {
  /// The literal `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as its validated JSON literal text.
  case number(String)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, members in the order they were read or written.
  case object(JSONObject)

  /// A number value for an integer.
  package static func integer(_ value: some BinaryInteger) -> JSONValue {
    guard let value = Int64(exactly: value) else { return .number(String(value)) }
    return .number(decimal(value))
  }

  /// The decimal text of `value`, as `String(value)` writes it, without the generic formatter.
  static func decimal(_ value: Int64) -> String {
    var magnitude = value.magnitude
    var count = value < 0 ? 1 : 0
    var rest = magnitude
    repeat {
      count += 1
      rest /= 10
    } while rest != 0
    return String(unsafeUninitializedCapacity: count) { buffer in
      var position = count
      repeat {
        position -= 1
        buffer[position] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
        magnitude /= 10
      } while magnitude != 0
      if value < 0 { buffer[0] = UInt8(ascii: "-") }
      return count
    }
  }

  /// The object's members, or nil when this is not an object.
  package var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The string, or nil when this is not a string.
  package var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The elements, or nil when this is not an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let array) = self { return array }
    return nil
  }

  /// The member named `key` when this is an object.
  package subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// A short description of the value's kind for error messages, such as `the string "2"`; a
  /// string or number is shown as ``BriefQuote`` says.
  package var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let text): return "the number \(BriefQuote.bare(text))"
    case .string(let text): return "the string \(BriefQuote.quoted(text))"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// The serialization of an object that does not change, shared by its copies.
final class KeptSerialization: Sendable {
  /// The object's compact JSON text.
  let bytes: [UInt8]
  /// Whether the object was made from `bytes` alone (`JSONObject(serialized:)`): its members
  /// are read from them. (Kept here rather than in the object, so that an object, and a
  /// `JSONValue`, stay two words.)
  let holdsMembers: Bool
  /// The members read from `bytes`, once asked for.
  private let read = Mutex<[JSONObject.Member]?>(nil)

  init(bytes: [UInt8], holdsMembers: Bool = false) {
    self.bytes = bytes
    self.holdsMembers = holdsMembers
  }

  /// The members of the object `bytes` hold, read the first time they are asked for.
  var members: [JSONObject.Member] {
    read.withLock { read in
      if let read { return read }
      let members: [JSONObject.Member]
      do {
        members = try JSONParser.parse(bytes).objectValue?.members ?? []
      } catch {
        // `JSONObject(serialized:)` is given a serialization made here, so it always reads.
        preconditionFailure("an object's own serialization does not read: \(error)")
      }
      read = members
      return members
    }
  }
}

/// The members of a JSON object in order; duplicate names are kept so that they can be reported.
package struct JSONObject: Sendable, Hashable {
  /// One name/value pair.
  package struct Member: Sendable, Hashable {
    /// The member's name.
    package var key: String
    /// The member's value.
    package var value: JSONValue

    /// Creates a member.
    package init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in order.
  ///
  /// Those of an object made from its serialization (`init(serialized:)`) are read from it the
  /// first time they are asked for.
  package var members: [Member] {
    get { withMembers { $0 } }
    _modify {
      if let kept, kept.holdsMembers { stored = kept.members }
      kept = nil
      yield &stored
    }
  }

  /// The members, unless the object was made from its serialization and not changed since.
  ///
  /// Read directly (`withMembers`, `serialize`) where such an object (`kept.holdsMembers`) has
  /// been ruled out: a read of `members` returns the array retained, and the wire reads members
  /// on every request.
  private(set) var stored: [Member]

  /// `body` given the members without copying them: the stored ones, or those read from the
  /// serialization the object was made from.
  private func withMembers<Result>(_ body: ([Member]) -> Result) -> Result {
    if let kept, kept.holdsMembers { return body(kept.members) }
    return body(stored)
  }

  /// The object's serialization, kept by `keepingSerialization()` or given to
  /// `init(serialized:)`.
  ///
  /// Any change to the members drops it. It is not part of the value: equality and hashing
  /// ignore it.
  private(set) var kept: KeptSerialization?

  /// Creates an object from members in order.
  package init(_ members: [Member] = []) {
    self.stored = members
  }

  /// The object whose compact serialization (as `JSONValue.serializedBytes` writes it) is
  /// `serialized`: serialized as these bytes, its members read from them only when asked for.
  ///
  /// The seam through which a reply written straight as bytes (`DirectRecords`) is sent without
  /// its members being made. The caller vouches for the bytes: an object's compact JSON text,
  /// nested at most 64 deep (what the parser reads), byte for byte what serializing its members
  /// writes (its tests compare the two; a debug build checks that they read as an object).
  package init(serialized: [UInt8]) {
    assert(
      (try? JSONParser.parse(serialized))?.objectValue != nil,
      "JSONObject(serialized:) was given bytes that are not an object's JSON text")
    self.stored = []
    self.kept = KeptSerialization(bytes: serialized, holdsMembers: true)
  }

  /// The same object, carrying its serialization, so that serializing it (or a value holding it)
  /// copies these bytes instead of walking the members again: for a value that is sent many
  /// times unchanged (a memoized result).
  package func keepingSerialization() -> JSONObject {
    // One made from its serialization keeps it already.
    if kept != nil { return self }
    var copy = self
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024)
    JSONValue.object(self).serialize(into: &bytes)
    copy.kept = KeptSerialization(bytes: bytes)
    return copy
  }

  /// Whether the two objects have the same members in the same order.
  package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members == rhs.members
  }

  /// Hashes the members in order.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(members)
  }

  /// Creates an object from name/value pairs in order.
  package init(_ pairs: KeyValuePairs<String, JSONValue>) {
    self.stored = pairs.map { Member(key: $0.key, value: $0.value) }
  }

  /// The value of the first member named `key`.
  package subscript(key: String) -> JSONValue? {
    withMembers { members in
      for member in members where member.key == key {
        return member.value
      }
      return nil
    }
  }

  /// Whether the object has no members.
  package var isEmpty: Bool { withMembers(\.isEmpty) }

  /// The names in order.
  package var keys: [String] { members.map(\.key) }

  /// The first name that occurs more than once, if any.
  package var firstDuplicateKey: String? {
    withMembers(Self.firstDuplicateKey(in:))
  }

  /// The first name that occurs more than once in `members`, if any.
  private static func firstDuplicateKey(in members: [Member]) -> String? {
    if members.count < 2 { return nil }
    if members.count <= 8 {
      // Comparing a few names with each other costs less than hashing them.
      for later in 1..<members.count {
        for earlier in 0..<later where members[earlier].key == members[later].key {
          return members[later].key
        }
      }
      return nil
    }
    var seen = Set<String>()
    for member in members where !seen.insert(member.key).inserted {
      return member.key
    }
    return nil
  }

  /// Appends a member, or replaces the value of the first member with that name.
  package mutating func set(_ key: String, _ value: JSONValue) {
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = value
    } else {
      members.append(Member(key: key, value: value))
    }
  }

  /// Removes every member named `key` and returns the first value removed.
  @discardableResult
  package mutating func remove(_ key: String) -> JSONValue? {
    let removed = self[key]
    members.removeAll { $0.key == key }
    return removed
  }
}
