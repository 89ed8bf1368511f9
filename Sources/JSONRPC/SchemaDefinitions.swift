import JSON

/// The shared definitions of `Schemas/defs.json`, which method schemas reference as
/// `{"$ref": "defs.json#/$defs/Name"}`, and their inlining.
///
/// A reference is replaced in place by the members of its definition: members written before
/// `$ref` come first, those after it (a use's own `description` or `maxLength`) last, so a
/// schema inlined reads exactly as if it had been written out.
package struct SchemaDefinitions: Sendable {
  /// The key of the definitions file among the embedded files.
  package static let fileKey = "Schemas/defs.json"
  /// What every reference starts with.
  package static let referencePrefix = "defs.json#/$defs/"

  /// The definitions by name.
  package let definitions: JSONObject

  /// No definitions: any reference is an error.
  package init() {
    definitions = JSONObject()
  }

  /// Reads the definitions file's text (an object with `$defs`).
  package init(text: String) throws(SchemaReferenceError) {
    do {
      definitions = try JSONParser.parse(text)["$defs"]?.objectValue ?? JSONObject()
    } catch {
      throw SchemaReferenceError(reference: Self.fileKey, problem: "cannot be read: \(error)")
    }
  }

  /// Whether `text` may hold a reference (a cheap test before parsing the definitions).
  ///
  /// Searched as UTF-8 bytes: the standard library's `contains` of a string goes through string
  /// processing, a tenth of a millisecond of a one-shot call. A byte match where the characters
  /// would not match (a combining mark after the quote) only answers "may".
  package static func mayReference(_ text: String) -> Bool {
    let needle = Array("\"$ref\"".utf8)
    let bytes = Array(text.utf8)
    guard bytes.count >= needle.count else { return false }
    var start = 0
    while start <= bytes.count - needle.count {
      if bytes[start] == needle[0], bytes[start..<start + needle.count].elementsEqual(needle) {
        return true
      }
      start += 1
    }
    return false
  }

  /// `value` with every reference replaced by its definition, recursively.
  package func inlined(_ value: JSONValue) throws(SchemaReferenceError) -> JSONValue {
    try inlined(value, depth: 0)
  }

  private func inlined(_ value: JSONValue, depth: Int) throws(SchemaReferenceError) -> JSONValue {
    switch value {
    case .array(let elements):
      var result: [JSONValue] = []
      result.reserveCapacity(elements.count)
      for element in elements { result.append(try inlined(element, depth: depth)) }
      return .array(result)
    case .object(let object):
      var members: [JSONObject.Member] = []
      for member in object.members {
        guard member.key == "$ref" else {
          members.append(.init(key: member.key, value: try inlined(member.value, depth: depth)))
          continue
        }
        for inlinedMember in try definition(member.value, depth: depth).members {
          if object[inlinedMember.key] != nil {
            throw SchemaReferenceError(
              reference: member.value.stringValue ?? "$ref",
              problem: "has a sibling \"\(inlinedMember.key)\" its definition has too")
          }
          members.append(inlinedMember)
        }
      }
      return .object(JSONObject(members))
    default:
      return value
    }
  }

  private func definition(_ reference: JSONValue, depth: Int) throws(SchemaReferenceError)
    -> JSONObject
  {
    guard let text = reference.stringValue, text.hasPrefix(Self.referencePrefix) else {
      throw SchemaReferenceError(
        reference: reference.stringValue ?? "$ref",
        problem: "is not of the form \(Self.referencePrefix)Name")
    }
    let name = String(text.dropFirst(Self.referencePrefix.count))
    guard let found = definitions[name]?.objectValue else {
      throw SchemaReferenceError(reference: text, problem: "names no definition in defs.json")
    }
    guard depth < 32 else {
      throw SchemaReferenceError(reference: text, problem: "is part of a cycle of references")
    }
    guard case .object(let resolved) = try inlined(.object(found), depth: depth + 1) else {
      return found
    }
    return resolved
  }
}
