extension String {
  /// Whether this text, folded (`TextFolding.fold`), holds `part`, folded too: what
  /// `contains(_:)` answers, found faster.
  ///
  /// Names are searched on every character filter, and the standard search compares grapheme
  /// by grapheme. When both texts are ASCII without a carriage return (every character then one
  /// byte), the bytes are compared instead, which answers the same; any other text is searched
  /// by `contains(_:)` itself.
  package func folded(contains part: String) -> Bool {
    var text = self
    var part = part
    let found = text.withUTF8 { haystack in
      part.withUTF8 { needle in Self.byteSearch(needle, in: haystack) }
    }
    return found ?? contains(part)
  }

  /// Whether `needle` occurs in `haystack`; nil when `needle` is empty or either is not plain
  /// ASCII (an empty `haystack` holds no other needle).
  private static func byteSearch(
    _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    func plain(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x0D }
    // An empty text holds no text but the empty one (Rick and Morty's 826 empty nicknames each
    // went to the standard search).
    if haystack.isEmpty, !needle.isEmpty { return false }
    guard !needle.isEmpty, !haystack.isEmpty, needle.allSatisfy(plain),
      haystack.allSatisfy(plain)
    else { return nil }
    guard needle.count <= haystack.count else { return false }
    let first = needle[0]
    for start in 0...(haystack.count - needle.count) where haystack[start] == first {
      var offset = 1
      while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
      if offset == needle.count { return true }
    }
    return false
  }
}
