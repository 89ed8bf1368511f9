/// A coding key made at run time, for dynamic member names and array positions.
package struct AnyCodingKey: CodingKey, Sendable, Hashable {
  /// The member name, or the position as text for an array element.
  package var stringValue: String
  /// The position for an array element.
  package var intValue: Int?

  /// A key for the member `name`.
  package init(_ name: String) {
    self.stringValue = name
    self.intValue = nil
  }

  /// A key for the array element at `index`.
  package init(index: Int) {
    self.stringValue = String(index)
    self.intValue = index
  }

  /// Conformance to `CodingKey`.
  package init?(stringValue: String) { self.init(stringValue) }

  /// Conformance to `CodingKey`.
  package init?(intValue: Int) { self.init(index: intValue) }
}

extension Array where Element == any CodingKey {
  /// The path as a person reads it: `filters.characters[2]`, or `params` for the root.
  package var dottedPath: String {
    var text = ""
    for key in self {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        if !text.isEmpty { text += "." }
        text += key.stringValue
      }
    }
    return text.isEmpty ? "params" : text
  }
}
