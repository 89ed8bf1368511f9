import JSON

/// Reads the top-level `id` member of a message that is too large to parse, as its bytes are
/// skipped, so that the error for it can carry the request's own id.
///
/// It follows only the structure of the top-level object: member names, and values skipped by
/// their brackets and strings, without building them. The `id` value is kept (a few bytes) and
/// parsed when the object ends. It gives up, answering null, where a parser would refuse the
/// message or find no single id: a top level that is not an object, a misplaced byte, an `id`
/// that is not a string, number or null, or an `id` given twice.
package struct MessageIDScanner: Sendable {
  private enum State: Sendable {
    /// Before the top-level `{`.
    case start
    /// Inside the top-level object, before a member name or the closing brace.
    case beforeName(first: Bool)
    /// Inside a member name.
    case name(escaped: Bool)
    /// After a member name, before its colon.
    case beforeColon
    /// After the colon, before the value.
    case beforeValue
    /// Inside a value being skipped, `depth` brackets deep.
    case skipping(depth: Int, inString: Bool, escaped: Bool)
    /// Inside the `id` value being kept.
    case keeping(inString: Bool, escaped: Bool)
    /// After a value, before a comma or the closing brace.
    case afterValue
    /// Done: the object ended, or it cannot be read.
    case done
  }

  /// A member name longer than this cannot be `id`, even written as `\u0069\u0064`.
  private static let longestIDName = 14
  /// An id longer than this is not kept (the parser would take it, but no client sends one).
  private static let longestID = 1024

  private var state = State.start
  private var name: [UInt8] = []
  private var nameIsID = false
  private var kept: [UInt8] = []
  private var ids: [[UInt8]] = []
  private var failed = false

  /// A scanner at the start of a message.
  package init() {}

  /// Whether the scanner has seen all it needs: the end of the top-level object, or a reason to
  /// give up.
  package var isDone: Bool {
    if case .done = state { return true }
    return false
  }

  /// The message's id: the one `id` member read, or null when there is none or it cannot be read.
  package var id: RequestID {
    guard !failed, ids.count == 1, let value = try? JSONParser.parse(ids[0]) else { return .null }
    return RequestID(value) ?? .null
  }

  /// Reads the message's id from a whole message at once.
  package static func id(in bytes: some Collection<UInt8>) -> RequestID {
    var scanner = MessageIDScanner()
    scanner.consume(bytes)
    scanner.finishValue()
    return scanner.id
  }

  /// Reads the next bytes of the message; stops early once done.
  package mutating func consume(_ bytes: some Collection<UInt8>) {
    for byte in bytes {
      if isDone { return }
      step(byte)
    }
  }

  /// Ends a value the message ended in (a number is only ended by what follows it).
  package mutating func finishValue() {
    if case .keeping(inString: false, _) = state { keep() }
  }

  private mutating func fail() {
    failed = true
    state = .done
  }

  private mutating func keep() {
    ids.append(kept)
    kept = []
    state = .afterValue
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  private mutating func step(_ byte: UInt8) {
    switch state {
    case .start:
      if Self.isSpace(byte) { return }
      if byte == UInt8(ascii: "{") { state = .beforeName(first: true) } else { fail() }
    case .beforeName(let first):
      if Self.isSpace(byte) { return }
      if byte == UInt8(ascii: "\"") {
        name = [byte]
        state = .name(escaped: false)
      } else if first && byte == UInt8(ascii: "}") {
        state = .done
      } else {
        fail()
      }
    case .name(let escaped):
      if name.count <= Self.longestIDName { name.append(byte) }
      if escaped {
        state = .name(escaped: false)
      } else if byte == UInt8(ascii: "\\") {
        state = .name(escaped: true)
      } else if byte == UInt8(ascii: "\"") {
        nameIsID =
          name.count <= Self.longestIDName && (try? JSONParser.parse(name)) == .string("id")
        state = .beforeColon
      }
    case .beforeColon:
      if Self.isSpace(byte) { return }
      if byte == UInt8(ascii: ":") { state = .beforeValue } else { fail() }
    case .beforeValue:
      if Self.isSpace(byte) { return }
      if nameIsID {
        guard byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[") else { return fail() }
        kept = [byte]
        state = .keeping(inString: byte == UInt8(ascii: "\""), escaped: false)
      } else {
        state = .skipping(depth: 0, inString: false, escaped: false)
        step(byte)
      }
    case .keeping(let inString, let escaped):
      if inString {
        guard kept.count < Self.longestID else { return fail() }
        kept.append(byte)
        if escaped {
          state = .keeping(inString: true, escaped: false)
        } else if byte == UInt8(ascii: "\\") {
          state = .keeping(inString: true, escaped: true)
        } else if byte == UInt8(ascii: "\"") {
          keep()
        }
      } else if Self.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
        keep()
        step(byte)
      } else {
        guard kept.count < Self.longestID else { return fail() }
        kept.append(byte)
      }
    case .skipping(let depth, let inString, let escaped):
      skip(byte, depth: depth, inString: inString, escaped: escaped)
    case .afterValue:
      if Self.isSpace(byte) { return }
      if byte == UInt8(ascii: ",") {
        state = .beforeName(first: false)
      } else if byte == UInt8(ascii: "}") {
        state = .done
      } else {
        fail()
      }
    case .done:
      return
    }
  }

  private mutating func skip(_ byte: UInt8, depth: Int, inString: Bool, escaped: Bool) {
    if inString {
      if escaped {
        state = .skipping(depth: depth, inString: true, escaped: false)
      } else if byte == UInt8(ascii: "\\") {
        state = .skipping(depth: depth, inString: true, escaped: true)
      } else if byte == UInt8(ascii: "\"") {
        state = depth == 0 ? .afterValue : .skipping(depth: depth, inString: false, escaped: false)
      }
      return
    }
    switch byte {
    case UInt8(ascii: "\""):
      state = .skipping(depth: depth, inString: true, escaped: false)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      state = .skipping(depth: depth + 1, inString: false, escaped: false)
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      if depth == 0 {
        // The end of the top-level object, after a literal or number value.
        state = .afterValue
        step(byte)
      } else {
        state =
          depth == 1 ? .afterValue : .skipping(depth: depth - 1, inString: false, escaped: false)
      }
    case UInt8(ascii: ","):
      if depth == 0 {
        state = .afterValue
        step(byte)
      }
    default:
      if depth == 0 && Self.isSpace(byte) { state = .afterValue }
    }
  }
}
