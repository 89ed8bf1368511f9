import JSON

/// The documented rule for comparing recorded replies with fresh ones: values that must differ
/// from run to run are compared by their form, everything else exactly.
///
/// - a `token` member holding 64 hex digits matches any other such token;
/// - a `dataDirectory` member matches any other string (each run gets its own directory);
/// - a member whose name ends in `At` (`refreshedAt`, `fetchedAt`, `createdAt`, `dueAt`, …)
///   holding a UTC timestamp (`2026-11-21T19:00:00Z`) matches any other such timestamp;
/// - a `path` member naming a file in an image cache (`.../images/<64 hex digits>.<ext>`)
///   matches any other such path with the same extension (the hash is of the URL, and the
///   URL of a test server changes with its port);
/// - a `path` member naming an export (`.../exports/<name>`) or a profile photo
///   (`.../photos/<name>`) matches any other such path of the same name (each run has its own
///   data directory).
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
            case (let key, .string(let time)) where key.hasSuffix("At") && isTimestamp(time):
              return .init(key: member.key, value: .string("«timestamp»"))
            case ("path", .string(let path)):
              let placeholder = cachedImageName(path) ?? exportName(path) ?? path
              return .init(key: member.key, value: .string(placeholder))
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

  /// `2026-11-21T19:00:00Z`.
  private static func isTimestamp(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 else { return false }
    let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
    return digits.allSatisfy { (48...57).contains(bytes[$0]) } && bytes[4] == 45 && bytes[7] == 45
      && bytes[10] == 84 && bytes[13] == 58 && bytes[16] == 58 && bytes[19] == 90
  }

  /// `«images/HASH.png»` for a path ending in `/images/<64 hex digits>.png`, else nil.
  private static func cachedImageName(_ path: String) -> String? {
    let parts = path.split(separator: "/")
    guard parts.count >= 2, parts[parts.count - 2] == "images" else { return nil }
    let name = parts[parts.count - 1]
    guard let dot = name.firstIndex(of: "."), isToken(String(name[..<dot])) else { return nil }
    return "«images/HASH\(name[dot...])»"
  }

  /// `«exports/NAME»` for a path ending in `/exports/NAME` (or `/photos/NAME`), else nil.
  private static func exportName(_ path: String) -> String? {
    let parts = path.split(separator: "/")
    guard parts.count >= 2, ["exports", "photos"].contains(parts[parts.count - 2]) else {
      return nil
    }
    return "«\(parts[parts.count - 2])/\(parts[parts.count - 1])»"
  }

  private static func isToken(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
