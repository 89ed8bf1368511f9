import JSON

extension KeyedDecodingContainer {
  /// The value for `key`, or nil when the field is absent, null or an empty string or array:
  /// filters ignore empty fields.
  func decodeUnlessEmpty<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard contains(key), let raw = try decodeIfPresent(JSONValue.self, forKey: key) else {
      return nil
    }
    switch raw {
    case .null, .string(""), .array([]): return nil
    default: return try decode(type, forKey: key)
    }
  }

  /// A series by its wire name (nil when absent or empty); with a `vocabulary`, one it does not
  /// list is a decoding error naming those it does.
  func decodeSeries(forKey key: Key, of vocabulary: WireVocabulary?) throws -> Series? {
    guard let text = try decodeUnlessEmpty(String.self, forKey: key) else { return nil }
    let series = Series(rawValue: text)
    if let vocabulary, !vocabulary.series.contains(series) {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [key],
          debugDescription:
            "must be one of \(vocabulary.seriesWireNames), not \(BriefQuote.quoted(text))"))
    }
    return series
  }

  /// The universe named at `key` (nil when absent or empty); with a `vocabulary`, one it does
  /// not list is a decoding error naming those it does.
  func decodeUniverse(forKey key: Key, of vocabulary: WireVocabulary?) throws -> UniverseID? {
    guard let text = try decodeUnlessEmpty(String.self, forKey: key) else { return nil }
    let universe = UniverseID(rawValue: text)
    if let vocabulary, !vocabulary.universes.contains(universe) {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [key],
          debugDescription:
            "must be one of \(vocabulary.universeWireNames), not \(BriefQuote.quoted(text))"))
    }
    return universe
  }
}
