import FanAPI
import FanCore
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

  /// A series of `universes` by its wire name, with an error that lists the valid names.
  func decodeSeries(forKey key: Key, of universes: UniverseList) throws -> Series? {
    guard let text = try decodeUnlessEmpty(String.self, forKey: key) else { return nil }
    guard let series = universes.series(named: text) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [key],
          debugDescription: "must be one of \(universes.seriesWireNames), not \"\(text)\""))
    }
    return series
  }

  /// The universe of `universes` named at `key` (nil when absent or empty); one that does not
  /// exist is a decoding error naming those that do.
  func decodeUniverse(forKey key: Key, of universes: UniverseList) throws -> UniverseID? {
    guard let text = try decodeUnlessEmpty(String.self, forKey: key) else { return nil }
    guard let universe = universes.named(UniverseID(rawValue: text)) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [key],
          debugDescription: "must be one of \(universes.wireNames), not \"\(text)\""))
    }
    return universe.id
  }
}
