import JSON

extension RecordField {
  /// The value as the wire writes it.
  var json: JSONValue {
    switch value {
    case .text(let text): .string(text)
    case .number(let number): .integer(number)
    case .texts(let texts): .array(texts.map(JSONValue.string))
    case .none: .null
    }
  }

  /// The field `name` whose value on the wire is `json`; nil when it is of no kind a field has
  /// (an object, a fraction, a list of anything but texts).
  init?(name: String, json: JSONValue) {
    switch json {
    case .string(let text):
      self.init(name: name, value: .text(text))
    case .null:
      self.init(name: name, value: .none)
    case .array(let values):
      let texts = values.compactMap(\.stringValue)
      guard texts.count == values.count else { return nil }
      self.init(name: name, value: .texts(texts))
    case .number(let literal):
      guard let number = Int(literal) else { return nil }
      self.init(name: name, value: .number(number))
    default:
      return nil
    }
  }

  /// Writes `fields` into the object `encoder` is writing, after the members written before.
  public static func encode(_ fields: [RecordField], to encoder: any Encoder) throws {
    guard !fields.isEmpty else { return }
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    for field in fields {
      try container.encode(field.json, forKey: AnyCodingKey(field.name))
    }
  }

  /// The members of the object `decoder` reads that are not among `known` (a record's own
  /// members), as fields, in the order the decoder lists them; a member of no kind a field has
  /// is left out.
  public static func decode(from decoder: any Decoder, excluding known: Set<String>) throws
    -> [RecordField]
  {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    return try container.allKeys.filter { !known.contains($0.stringValue) }.compactMap { key in
      RecordField(name: key.stringValue, json: try container.decode(JSONValue.self, forKey: key))
    }
  }
}
