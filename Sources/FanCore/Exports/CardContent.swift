/// What a character's collectible card shows: a title, a caption, an image and labelled fields.
package struct CardContent: Sendable, Equatable {
  /// The big title (the character's name); it wraps onto several lines when long.
  package var name: String
  /// The small line above the image, such as "Rick and Morty" or "Breaking Bad".
  package var caption: String
  /// The label/value rows under the name; long values wrap.
  package var fields: [Field]
  /// The image file's bytes (JPEG or PNG, told apart by their content), or nil for none.
  package var image: [UInt8]?

  /// One "Label: value" row of a card.
  package struct Field: Sendable, Equatable {
    /// The label, drawn in bold before a colon.
    package var label: String
    /// The value; it wraps by measured width.
    package var value: String

    /// Creates a field.
    package init(label: String, value: String) {
      self.label = label
      self.value = value
    }
  }

  /// Creates a card's content.
  package init(name: String, caption: String, fields: [Field], image: [UInt8]?) {
    self.name = name
    self.caption = caption
    self.fields = fields
    self.image = image
  }
}
