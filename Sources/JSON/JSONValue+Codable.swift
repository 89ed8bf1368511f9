extension JSONValue: Codable {
  /// Decodes any JSON value; with `JSONValueDecoder` this is a copy, with other decoders a walk.
  package init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
      var members: [JSONObject.Member] = []
      for key in container.allKeys {
        members.append(
          .init(key: key.stringValue, value: try container.decode(JSONValue.self, forKey: key)))
      }
      self = .object(JSONObject(members))
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !container.isAtEnd {
        elements.append(try container.decode(JSONValue.self))
      }
      self = .array(elements)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let bool = try? single.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? single.decode(Int64.self) {
      self = .integer(integer)
    } else if let double = try? single.decode(Double.self) {
      self = .number(double.description)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  /// Encodes the value as it is.
  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let text):
      var container = encoder.singleValueContainer()
      if let integer = Int64(text) {
        try container.encode(integer)
      } else {
        try container.encode(Double(text) ?? 0)
      }
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      for member in object.members {
        try container.encode(member.value, forKey: AnyCodingKey(member.key))
      }
    }
  }
}
