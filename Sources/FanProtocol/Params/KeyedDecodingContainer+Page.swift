extension KeyedDecodingContainer {
  /// `limit` (1 to `PageLimits.maxLimit`) and `cursor` at these keys; absent or empty means
  /// the whole list from the start.
  func decodePage(limit limitKey: Key, cursor cursorKey: Key) throws -> (
    limit: Int?, cursor: String?
  ) {
    let limit = try decodeUnlessEmpty(Int.self, forKey: limitKey)
    if let limit, !(1...PageLimits.maxLimit).contains(limit) {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [limitKey],
          debugDescription: "must be from 1 to \(PageLimits.maxLimit), not \(limit)"))
    }
    return (limit, try decodeUnlessEmpty(String.self, forKey: cursorKey))
  }
}
