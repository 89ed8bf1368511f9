import JSONRPC

/// The documented rule for comparing recorded replies with fresh ones: values that must differ
/// from run to run are compared by their form, everything else exactly.
///
/// - a `token` member holding 64 hex digits matches any other such token;
/// - a `dataDirectory` member matches any other string (each run gets its own directory).
package enum ReplyComparison {
  /// `value` with the run-dependent values replaced by placeholders.
  package static func normalized(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements):
      return .array(elements.map(normalized))
    case .object(let object):
      return .object(
        JSONObject(
          object.members.map { member in
            switch (member.key, member.value) {
            case ("token", .string(let token)) where isToken(token):
              return .init(key: member.key, value: .string("«token»"))
            case ("dataDirectory", .string):
              return .init(key: member.key, value: .string("«data-dir»"))
            default:
              return .init(key: member.key, value: normalized(member.value))
            }
          }))
    default:
      return value
    }
  }

  /// Whether two replies match under the rule.
  package static func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
    normalized(expected) == normalized(actual)
  }

  private static func isToken(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
