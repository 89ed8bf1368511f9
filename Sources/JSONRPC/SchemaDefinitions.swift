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

  /// Where the definitions come from: parsed all at once, or read one by one from the text.
  private enum Source: Sendable {
    case parsed(JSONObject)
    case text(String)
  }

  private let source: Source

  /// No definitions: any reference is an error.
  package init() {
    source = .parsed(JSONObject())
  }

  /// Reads the definitions file's text (an object with `$defs`), all of it now.
  package init(text: String) throws(SchemaReferenceError) {
    do {
      source = .parsed(try JSONParser.parse(text)["$defs"]?.objectValue ?? JSONObject())
    } catch {
      throw SchemaReferenceError(reference: Self.fileKey, problem: "cannot be read: \(error)")
    }
  }

  /// Definitions read from the definitions file's text as references name them, each parsed
  /// alone (`JSONParser.parse(_:member:)`) when a reference to it is inlined: a process that
  /// inlines one method's params (`bbfan call`) reads a few definitions, not the whole file.
  ///
  /// For a text known to be valid JSON (the embedded file, which the schema tests parse whole):
  /// what lies before a definition in the file is passed over by its structure, not checked.
  package init(readingOnUse text: String) {
    source = .text(text)
  }

  /// The definitions by name; for definitions read on use, the file's `$defs` parsed now (empty
  /// when the text cannot be read).
  package var definitions: JSONObject {
    switch source {
    case .parsed(let all): return all
    case .text(let text):
      return ((try? JSONParser.parse(text, member: ["$defs"])) ?? nil)?.objectValue ?? JSONObject()
    }
  }

  /// The definition named `name`, nil when there is none.
  private func definition(named name: String) throws(SchemaReferenceError) -> JSONObject? {
    switch source {
    case .parsed(let all): return all[name]?.objectValue
    case .text(let text):
      do {
        return try JSONParser.parse(text, member: ["$defs", name])?.objectValue
      } catch {
        throw SchemaReferenceError(reference: Self.fileKey, problem: "cannot be read: \(error)")
      }
    }
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
    guard let found = try definition(named: name) else {
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
