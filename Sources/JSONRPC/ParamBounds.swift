import JSON

/// The `maxLength` and `maxItems` of a method's params schema, compiled once, to check params
/// before they are decoded.
///
/// The schema is the one place a bound is written: a string longer than its `maxLength` (in
/// Unicode scalars, as JSON Schema counts) or an array longer than its `maxItems`, at any depth,
/// is -32602 naming the field (`characters[2]`, `photo.data`) with `data.maxLength` or
/// `data.maxItems`, and never quoting the value. Checking walks only the members the schema
/// bounds, so it costs a few look-ups per request.
package struct ParamBounds: Sendable {
  /// The bounds at one place of the params, and those below it.
  final class Node: Sendable {
    let maxLength: Int?
    let maxItems: Int?
    let properties: [String: Node]
    let items: Node?

    init(maxLength: Int?, maxItems: Int?, properties: [String: Node], items: Node?) {
      self.maxLength = maxLength
      self.maxItems = maxItems
      self.properties = properties
      self.items = items
    }
  }

  /// The smallest `maxLength` and `maxItems` of a set of schemas: params whose every string and
  /// every array are within both are within every bound of those schemas, so checking them needs
  /// no schema read.
  package struct Floor: Sendable, Equatable {
    /// The smallest `maxLength` (`Int.max` when nothing has one).
    package var maxLength: Int
    /// The smallest `maxItems` (`Int.max` when nothing has one).
    package var maxItems: Int

    /// A floor of `maxLength` and `maxItems`.
    package init(maxLength: Int, maxItems: Int) {
      self.maxLength = maxLength
      self.maxItems = maxItems
    }

    /// Whether every string of `params` is at most `maxLength` UTF-8 bytes long (a string has
    /// never more Unicode scalars than bytes) and every array at most `maxItems` long, at any
    /// depth; params given as an array are their members, not an array of the params.
    package func admits(_ params: JSONValue) -> Bool {
      switch params {
      case .object(let object): object.members.allSatisfy { admitsValue($0.value) }
      case .array(let values): values.allSatisfy(admitsValue)
      default: admitsValue(params)
      }
    }

    private func admitsValue(_ value: JSONValue) -> Bool {
      switch value {
      case .string(let text): text.utf8.count <= maxLength
      case .array(let values): values.count <= maxItems && values.allSatisfy(admitsValue)
      case .object(let object): object.members.allSatisfy { admitsValue($0.value) }
      case .null, .bool, .number: true
      }
    }
  }

  let root: Node

  /// The bounds of `schema` (a JSON Schema of the params object); nil when it has none.
  package init?(schema: JSONValue) {
    guard let root = Self.compile(schema) else { return nil }
    self.root = root
  }

  /// The smallest bound of each kind anywhere in these bounds.
  package var floor: Floor {
    var floor = Floor(maxLength: .max, maxItems: .max)
    var nodes = [root]
    while let node = nodes.popLast() {
      floor.maxLength = min(floor.maxLength, node.maxLength ?? .max)
      floor.maxItems = min(floor.maxItems, node.maxItems ?? .max)
      nodes += node.properties.values
      if let items = node.items { nodes.append(items) }
    }
    return floor
  }

  /// Throws -32602 for the first value of `params` over its bound; `positional` names the
  /// members of params given as an array.
  package func check(_ params: JSONValue?, positional: [String]? = nil) throws(JSONRPCError) {
    switch params {
    case .object(let object)?:
      try Self.check(object, root, path: "")
    case .array(let values)?:
      guard let names = positional else { return }
      for (name, value) in zip(names, values) {
        if let node = root.properties[name] { try Self.check(value, node, path: name) }
      }
    default:
      return
    }
  }

  private static func check(_ object: JSONObject, _ node: Node, path: String) throws(JSONRPCError) {
    guard !node.properties.isEmpty else { return }
    for member in object.members {
      guard let child = node.properties[member.key] else { continue }
      try check(member.value, child, path: path.isEmpty ? member.key : "\(path).\(member.key)")
    }
  }

  private static func check(_ value: JSONValue, _ node: Node, path: String) throws(JSONRPCError) {
    switch value {
    case .string(let text):
      // UTF-8 is never shorter than the scalars: most strings are let through by their size.
      guard let limit = node.maxLength, text.utf8.count > limit else { return }
      let length = text.unicodeScalars.count
      guard length > limit else { return }
      throw tooLong(path, length: length, limit: limit)
    case .array(let items):
      if let limit = node.maxItems, items.count > limit {
        throw tooMany(path, count: items.count, limit: limit)
      }
      guard let itemNode = node.items else { return }
      for (index, item) in items.enumerated() {
        try check(item, itemNode, path: "\(path)[\(index)]")
      }
    case .object(let object):
      try check(object, node, path: path)
    default:
      return
    }
  }

  /// -32602 for a string over its `maxLength`.
  static func tooLong(_ field: String, length: Int, limit: Int) -> JSONRPCError {
    invalidParams(
      field, problem: "is \(length) characters long; at most \(limit) are allowed",
      bound: "maxLength", limit)
  }

  /// -32602 for an array over its `maxItems`.
  static func tooMany(_ field: String, count: Int, limit: Int) -> JSONRPCError {
    invalidParams(
      field, problem: "has \(count) items; at most \(limit) are allowed", bound: "maxItems", limit)
  }

  private static func invalidParams(_ field: String, problem: String, bound: String, _ limit: Int)
    -> JSONRPCError
  {
    var error = JSONRPCError.invalidParams(field: field, problem: problem)
    if case .object(var data)? = error.data {
      data.set(bound, .integer(limit))
      error.data = .object(data)
    }
    return error
  }

  /// The node of `schema`, merging the alternatives of `oneOf`, `anyOf` and `allOf` (the
  /// loosest bound wins); nil when nothing in it is bounded.
  private static func compile(_ schema: JSONValue) -> Node? {
    guard case .object(let object) = schema else { return nil }
    var maxLength = integer(object["maxLength"])
    var maxItems = integer(object["maxItems"])
    var properties: [String: Node] = [:]
    var items = object["items"].flatMap(compile)
    if case .object(let members)? = object["properties"] {
      for member in members.members {
        if let node = compile(member.value) { properties[member.key] = node }
      }
    }
    for combinator in ["oneOf", "anyOf", "allOf"] {
      guard case .array(let alternatives)? = object[combinator] else { continue }
      for alternative in alternatives {
        guard let node = compile(alternative) else { continue }
        maxLength = loosest(maxLength, node.maxLength)
        maxItems = loosest(maxItems, node.maxItems)
        items = merged(items, node.items)
        for (key, child) in node.properties {
          properties[key] = merged(properties[key], child)
        }
      }
    }
    guard maxLength != nil || maxItems != nil || !properties.isEmpty || items != nil else {
      return nil
    }
    return Node(maxLength: maxLength, maxItems: maxItems, properties: properties, items: items)
  }

  private static func merged(_ first: Node?, _ second: Node?) -> Node? {
    guard let first else { return second }
    guard let second else { return first }
    var properties = first.properties
    for (key, child) in second.properties { properties[key] = merged(properties[key], child) }
    return Node(
      maxLength: loosest(first.maxLength, second.maxLength),
      maxItems: loosest(first.maxItems, second.maxItems), properties: properties,
      items: merged(first.items, second.items))
  }

  private static func loosest(_ first: Int?, _ second: Int?) -> Int? {
    guard let first else { return second }
    guard let second else { return first }
    return max(first, second)
  }

  private static func integer(_ value: JSONValue?) -> Int? {
    if case .number(let text)? = value { Int(text) } else { nil }
  }
}
