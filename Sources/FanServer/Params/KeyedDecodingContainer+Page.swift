extension KeyedDecodingContainer {
  /// `limit` (1 to `PageRequest.maxLimit`) and `cursor` at these keys; absent or empty means
  /// the whole list from the start.
  func decodePage(limit limitKey: Key, cursor cursorKey: Key) throws -> PageRequest {
    let limit = try decodeUnlessEmpty(Int.self, forKey: limitKey)
    if let limit, !(1...PageRequest.maxLimit).contains(limit) {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [limitKey],
          debugDescription: "must be from 1 to \(PageRequest.maxLimit), not \(limit)"))
    }
    return PageRequest(limit: limit, cursor: try decodeUnlessEmpty(String.self, forKey: cursorKey))
  }
}
