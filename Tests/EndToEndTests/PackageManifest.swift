import Foundation

/// The targets of `Package.swift` as its text declares them, read without running SwiftPM: each
/// target's kind, name, folder and `dependencies:` (the layout test compares them with README's
/// picture).
///
/// It reads the manifest's current form: `let package = Package(...)` whose `targets:` argument
/// is an array literal of calls such as `.target(name: "X", dependencies: ["Y", .target(name:
/// "Z", condition: ...)], path: "...")`. Comments and string literals are skipped while brackets
/// are matched. A dependency on a product of another package (`.product(name:package:)`) is not
/// a target of this package and is left out.
struct PackageManifest: Equatable {
  /// One target of the manifest.
  struct Target: Equatable {
    /// The call that declares it: `target`, `executableTarget`, `systemLibrary`, `plugin`, ….
    var kind: String
    /// The target's name, which is also its module's.
    var name: String
    /// The names in its `dependencies:`, in the manifest's order (conditional ones included).
    var dependencies: [String]
    /// Its sources' folder, relative to the package's root: `path:`, else SwiftPM's default.
    var folder: String
  }

  /// Every target, in the manifest's order.
  var targets: [Target]

  /// A manifest that cannot be read the way this reader expects.
  struct Unreadable: Error, CustomStringConvertible {
    /// What was expected and not found.
    var description: String
  }

  /// Reads the targets of a manifest's text.
  init(text: String) throws {
    let code = Self.withoutComments(text)
    guard let call = code.range(of: "Package(") else {
      throw Unreadable(description: "Package.swift has no Package( call")
    }
    let arguments = try Self.inside(code[call.upperBound...], closing: ")")
    guard let targetsArgument = Self.split(arguments).first(where: { Self.label($0) == "targets" })
    else {
      throw Unreadable(description: "Package( has no targets: argument")
    }
    let list = try Self.arrayElements(Self.value(targetsArgument))
    targets = try list.map(Self.target)
  }

  // MARK: - Targets

  private static func target(_ element: Substring) throws -> Target {
    let (kind, arguments) = try call(element)
    var name: String?
    var dependencies: [String] = []
    var path: String?
    for argument in split(arguments) {
      switch label(argument) {
      case "name": name = string(value(argument))
      case "path": path = string(value(argument))
      case "dependencies":
        dependencies = try arrayElements(value(argument)).compactMap(dependencyName)
      default: break
      }
    }
    guard let name else {
      throw Unreadable(description: "a target without a name: \(element)")
    }
    let folder =
      path ?? (kind == "plugin" ? "Plugins" : kind == "testTarget" ? "Tests" : "Sources") + "/"
      + name
    return Target(kind: kind, name: name, dependencies: dependencies, folder: folder)
  }

  /// The target a `dependencies:` element names: `"X"`, `.target(name: "X", …)`,
  /// `.byName(name: "X", …)`; nil for a product of another package.
  private static func dependencyName(_ element: Substring) throws -> String? {
    if let name = string(element) { return name }
    let (kind, arguments) = try call(element)
    guard kind == "target" || kind == "byName" else { return nil }
    return split(arguments).first { label($0) == "name" }.flatMap { string(value($0)) }
  }

  // MARK: - Reading Swift's text

  /// `.kind(arguments)`: the kind and the text between the parentheses.
  private static func call(_ element: Substring) throws -> (kind: String, arguments: Substring) {
    let text = trimmed(element)
    guard text.first == ".", let open = text.firstIndex(of: "(") else {
      throw Unreadable(description: "expected .kind(...), found \(text)")
    }
    let kind = String(text[text.index(after: text.startIndex)..<open])
    return (kind, try inside(text[text.index(after: open)...], closing: ")"))
  }

  /// The elements of an array literal `[a, b, c]`.
  private static func arrayElements(_ text: Substring) throws -> [Substring] {
    let text = trimmed(text)
    guard text.first == "[" else {
      throw Unreadable(description: "expected an array literal, found \(text)")
    }
    return split(try inside(text.dropFirst(), closing: "]"))
  }

  /// A string literal's content, or nil when `text` is not one.
  private static func string(_ text: Substring) -> String? {
    let text = trimmed(text)
    guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
    return String(text.dropFirst().dropLast())
  }

  /// The label of `label: value`, or nil.
  private static func label(_ argument: Substring) -> String? {
    let text = trimmed(argument)
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let label = text[..<colon]
    guard !label.isEmpty, label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
      return nil
    }
    return String(label)
  }

  /// The value of `label: value` (the whole text when it has no label).
  private static func value(_ argument: Substring) -> Substring {
    let text = trimmed(argument)
    guard label(text) != nil, let colon = text.firstIndex(of: ":") else { return text }
    return trimmed(text[text.index(after: colon)...])
  }

  /// Calls `body` with each character of `text` outside string literals and the bracket depth
  /// before it (brackets opened within `text`), until `body` returns false.
  private static func forEachOutsideStrings(
    _ text: Substring, _ body: (Substring.Index, Character, Int) throws -> Bool
  ) rethrows {
    var depth = 0
    var inString = false
    var escaped = false
    for index in text.indices {
      let character = text[index]
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      if character == "\"" {
        inString = true
        continue
      }
      guard try body(index, character, depth) else { return }
      switch character {
      case "(", "[", "{": depth += 1
      case ")", "]", "}": depth -= 1
      default: break
      }
    }
  }

  /// The text up to the bracket that closes one already open (`closing`), outside nested
  /// brackets and string literals.
  private static func inside(_ text: Substring, closing: Character) throws -> Substring {
    var end: Substring.Index?
    try forEachOutsideStrings(text) { index, character, depth in
      guard depth == 0, ")]}".contains(character) else { return true }
      guard character == closing else {
        throw Unreadable(description: "unbalanced \(character) in \(text.prefix(80))")
      }
      end = index
      return false
    }
    guard let end else {
      throw Unreadable(description: "no closing \(closing) for \(text.prefix(80))")
    }
    return text[..<end]
  }

  /// `text` split at the commas outside brackets and string literals, empty parts dropped.
  private static func split(_ text: Substring) -> [Substring] {
    var parts: [Substring] = []
    var start = text.startIndex
    forEachOutsideStrings(text) { index, character, depth in
      if character == ",", depth == 0 {
        parts.append(text[start..<index])
        start = text.index(after: index)
      }
      return true
    }
    parts.append(text[start...])
    return parts.filter { !trimmed($0).isEmpty }
  }

  /// The text without `//` comments (outside string literals).
  private static func withoutComments(_ text: String) -> String {
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var inString = false
      var escaped = false
      var previous: Character?
      var end = line.endIndex
      for index in line.indices {
        let character = line[index]
        defer { previous = character }
        if inString {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            inString = false
          }
          continue
        }
        if character == "\"" {
          inString = true
        } else if character == "/", previous == "/" {
          end = line.index(before: index)
          break
        }
      }
      lines.append(line[..<end])
    }
    return lines.joined(separator: "\n")
  }

  private static func trimmed(_ text: Substring) -> Substring {
    var text = text
    while let first = text.first, first.isWhitespace { text = text.dropFirst() }
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return text
  }
}
