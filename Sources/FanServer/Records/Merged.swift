/// Two records encoded as one flat object: the fields of `record`, then those of `extra`.
///
/// `episodes.get` is an episode record plus its characters; `characters.get` a character record
/// plus its episode count and quotes.
package struct Merged<
  Record: Codable & Sendable & Equatable, Extra: Codable & Sendable & Equatable
>:
  Codable, Sendable, Equatable
{
  /// The main record.
  package var record: Record
  /// The fields added to it.
  package var extra: Extra

  /// Merges `record` and `extra`.
  package init(_ record: Record, _ extra: Extra) {
    self.record = record
    self.extra = extra
  }

  /// Decodes both from the same object.
  package init(from decoder: any Decoder) throws {
    record = try Record(from: decoder)
    extra = try Extra(from: decoder)
  }

  /// Encodes both into the same object.
  package func encode(to encoder: any Encoder) throws {
    try record.encode(to: encoder)
    try extra.encode(to: encoder)
  }
}
