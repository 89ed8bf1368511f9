extension JSONValue {
  /// The compact JSON text of this value as UTF-8 bytes.
  ///
  /// Members keep their order, `/` is never escaped, non-ASCII text is written as UTF-8, and
  /// control characters use the short escapes or `\u00XX`: the same value always gives the same
  /// bytes.
  package var serializedBytes: [UInt8] {
    var output: [UInt8] = []
    // Most replies fit: growing from a small buffer would copy a long one four or five times.
    output.reserveCapacity(1024)
    serialize(into: &output)
    return output
  }

  /// The compact JSON text of this value.
  package var serializedText: String {
    String(decoding: serializedBytes, as: UTF8.self)
  }

  /// Appends the compact JSON text of this value to `output`.
  package func serialize(into output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let text): output.append(contentsOf: text.utf8)
    case .string(let text): JSONValue.serializeString(text, into: &output)
    case .array(let elements):
      // Index loops read each element in place instead of copying it.
      output.append(UInt8(ascii: "["))
      for position in elements.indices {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        elements[position].serialize(into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      if let kept = object.kept {
        output.append(contentsOf: kept.bytes)
        return
      }
      output.append(UInt8(ascii: "{"))
      // Without a kept serialization, the members are the stored ones.
      let members = object.stored
      for position in members.indices {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        JSONValue.serializeString(members[position].key, into: &output)
        output.append(UInt8(ascii: ":"))
        members[position].value.serialize(into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `value` as a JSON number, as `JSONValue.integer(value)` serializes.
  package static func serializeInteger(_ value: Int, into output: inout [UInt8]) {
    output.append(contentsOf: decimal(Int64(value)).utf8)
  }

  /// Appends `text` as a JSON string literal.
  package static func serializeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Native strings lend their UTF-8 in place; only others need a contiguous copy.
    if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, into: &output) }) == nil {
      var text = text
      text.withUTF8 { appendEscaped($0, into: &output) }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends UTF-8 `bytes` with the characters a JSON string cannot hold as they are escaped.
  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8])
  {
    var runStart = 0
    for position in 0..<bytes.count {
      let byte = bytes[position]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
      runStart = position + 1
      output.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      default:
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        output.append(contentsOf: "u00".utf8)
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0x0F)])
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
  }
}
