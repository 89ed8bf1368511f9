/// Two records encoded as one flat object: the fields of `record`, then those of `extra`.
///
/// `episodes.get` is an episode record plus its characters; `characters.get` a character record
/// plus its episode count and quotes.
public struct Merged<
  Record: Codable & Sendable & Equatable, Extra: Codable & Sendable & Equatable
>:
  Codable, Sendable, Equatable
{
  /// The main record.
  public var record: Record
  /// The fields added to it.
  public var extra: Extra

  /// Merges `record` and `extra`.
  public init(_ record: Record, _ extra: Extra) {
    self.record = record
    self.extra = extra
  }

  /// Decodes both from the same object.
  public init(from decoder: any Decoder) throws {
    record = try Record(from: decoder)
    extra = try Extra(from: decoder)
  }

  /// Encodes both into the same object.
  public func encode(to encoder: any Encoder) throws {
    try record.encode(to: encoder)
    try extra.encode(to: encoder)
  }
}
