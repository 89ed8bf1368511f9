import FanStorage

extension PostgresValue {
  /// Type OIDs of the server's catalog (`pg_type`) that values are sent as or read from.
  enum TypeOID {
    static let unspecified: LibPQ.Oid = 0
    static let bool: LibPQ.Oid = 16
    static let bytea: LibPQ.Oid = 17
    static let int8: LibPQ.Oid = 20
    static let int2: LibPQ.Oid = 21
    static let int4: LibPQ.Oid = 23
    static let oid: LibPQ.Oid = 26
    static let float4: LibPQ.Oid = 700
    static let float8: LibPQ.Oid = 701
  }

  /// How the value goes to the server as a parameter: its type, its bytes (nil for NULL), and
  /// whether they are binary (1) or text (0, NUL-terminated).
  var parameter: (type: LibPQ.Oid, bytes: [UInt8]?, format: Int32) {
    switch self {
    case .null: return (TypeOID.unspecified, nil, 0)
    case .integer(let value): return (TypeOID.int8, Self.bigEndian(UInt64(bitPattern: value)), 1)
    case .double(let value): return (TypeOID.float8, Self.bigEndian(value.bitPattern), 1)
    case .bool(let value): return (TypeOID.bool, [value ? 1 : 0], 1)
    case .bytea(let value): return (TypeOID.bytea, value, 1)
    // Text of no stated type, so `$1` fits a text, varchar, json or date column alike.
    case .text(let value): return (TypeOID.unspecified, Array(value.utf8) + [0], 0)
    }
  }

  /// The value of a result column of type `type` that the server sent as `text`.
  static func fromText(_ text: UnsafeBufferPointer<UInt8>, type: LibPQ.Oid) -> PostgresValue {
    let string = String(decoding: text, as: UTF8.self)
    switch type {
    case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
      return Int64(string).map(PostgresValue.integer) ?? .text(string)
    case TypeOID.float4, TypeOID.float8:
      switch string {
      case "Infinity": return .double(.infinity)
      case "-Infinity": return .double(-.infinity)
      case "NaN": return .double(.nan)
      default: return Double(string).map(PostgresValue.double) ?? .text(string)
      }
    case TypeOID.bool: return .bool(string == "t")
    case TypeOID.bytea: return decodeBytea(text).map(PostgresValue.bytea) ?? .text(string)
    default: return .text(string)
    }
  }

  /// The bytes of `bytea` text output, in the `hex` format (`\x00ff`, the default) or the older
  /// `escape` format (`a\000\\`); nil when it is neither.
  static func decodeBytea(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    let backslash = UInt8(ascii: "\\")
    if text.count >= 2, text[0] == backslash, text[1] == UInt8(ascii: "x") {
      guard text.count % 2 == 0 else { return nil }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.count / 2 - 1)
      var index = 2
      while index < text.count {
        guard let high = hexDigit(text[index]), let low = hexDigit(text[index + 1]) else {
          return nil
        }
        bytes.append(high << 4 | low)
        index += 2
      }
      return bytes
    }
    var bytes: [UInt8] = []
    var index = 0
    while index < text.count {
      let byte = text[index]
      guard byte == backslash else {
        bytes.append(byte)
        index += 1
        continue
      }
      if index + 1 < text.count, text[index + 1] == backslash {
        bytes.append(backslash)
        index += 2
        continue
      }
      guard index + 3 < text.count, let octal = octalByte(text[(index + 1)...(index + 3)])
      else { return nil }
      bytes.append(octal)
      index += 4
    }
    return bytes
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func octalByte(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt8? {
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { return nil }
      value = value * 8 + Int(digit - UInt8(ascii: "0"))
    }
    return value <= 255 ? UInt8(value) : nil
  }

  private static func bigEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
  }
}
