import JSON
import JSONRPC

/// Makes a method's JSON Schema small enough for a model's context: what validates stays, what
/// only documents goes.
enum MCPSchemaTrimmer {
  /// Keywords whose value maps names to schemas (not keywords themselves).
  private static let schemaMaps: Set<String> = [
    "properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
  ]
  /// Keywords that only document.
  private static let documentation: Set<String> = ["$schema", "$comment", "examples", "title"]
  /// The keywords of a shape: what a value's types, members and choices are.
  private static let shape: Set<String> = [
    "type", "properties", "required", "items", "prefixItems", "enum", "const", "oneOf", "anyOf",
    "allOf", "$ref", "$defs",
  ]

  /// `schema` made small for a tool's input (`keepDescriptions`) or output.
  ///
  /// For the input: without `$schema`, `$comment`, `examples`
  /// and `title` anywhere, each description cut to its first clause, and none at the root (the
  /// tool's own description says it). For its output: the shape only (types, members, required
  /// members, choices), which every result still validates against, without constraints a
  /// model needs no words on.
  static func trimmed(_ schema: JSONValue, keepDescriptions: Bool) -> JSONValue {
    var result = trim(schema, keepDescriptions: keepDescriptions)
    if case .object(var root) = result {
      _ = root.remove("description")
      result = .object(root)
    }
    return result
  }

  private static func trim(_ schema: JSONValue, keepDescriptions: Bool) -> JSONValue {
    switch schema {
    case .array(let items):
      return .array(items.map { trim($0, keepDescriptions: keepDescriptions) })
    case .object(let object):
      var output = JSONObject()
      for member in object.members {
        if documentation.contains(member.key) { continue }
        if !keepDescriptions, !shape.contains(member.key) { continue }
        if member.key == "description", case .string(let text) = member.value {
          output.set(member.key, .string(firstClause(of: text)))
          continue
        }
        if schemaMaps.contains(member.key), case .object(let map) = member.value {
          var trimmedMap = JSONObject()
          for entry in map.members {
            trimmedMap.set(entry.key, trim(entry.value, keepDescriptions: keepDescriptions))
          }
          output.set(member.key, .object(trimmedMap))
        } else if member.key == "const" || member.key == "enum" || member.key == "default" {
          output.set(member.key, member.value)
        } else {
          output.set(member.key, trim(member.value, keepDescriptions: keepDescriptions))
        }
      }
      return .object(output)
    default:
      return schema
    }
  }

  /// `text` up to its first `; ` or `. `, without a final period.
  private static func firstClause(of text: String) -> String {
    var end = text.endIndex
    for separator in ["; ", ". "] {
      if let range = text.firstRange(of: separator), range.lowerBound < end {
        end = range.lowerBound
      }
    }
    var clause = String(text[..<end])
    if clause.hasSuffix(".") { clause.removeLast() }
    return clause
  }

  /// `schema` without the property `name` (in `properties` and `required`).
  static func removingProperty(_ name: String, from schema: JSONValue) -> JSONValue {
    guard case .object(var root) = schema else { return schema }
    if case .object(var properties)? = root["properties"] {
      _ = properties.remove(name)
      root.set("properties", .object(properties))
    }
    if case .array(let required)? = root["required"] {
      let kept = required.filter { $0 != .string(name) }
      if kept.isEmpty { _ = root.remove("required") } else { root.set("required", .array(kept)) }
    }
    return .object(root)
  }
}
