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

  /// Whether `needle` occurs in `haystack`; nil when `needle` is empty or not plain ASCII, or
  /// when the bytes match only where a character of `haystack` may hold more than the match
  /// (an empty `haystack` holds no other needle).
  ///
  /// An ASCII needle (no carriage return) is one byte a character, so the standard search
  /// finds it exactly where its bytes are, provided the match starts and ends on character
  /// boundaries of `haystack`. Between two ASCII bytes there is always one (but carriage return
  /// then line feed); next to another character there is one when that character is a letter
  /// with case, a digit or number, punctuation, a math or currency symbol or a space, none of
  /// which joins a neighbour (Unicode's grapheme rules: no prepend, extend, spacing mark or
  /// joiner among them). Any other neighbour leaves the answer to the standard search, and so
  /// does a needle that is not plain ASCII. Rick and Morty's names with a `’` are searched here.
  private static func byteSearch(
    _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    func plain(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x0D }
    // An empty text holds no text but the empty one (Rick and Morty's 826 empty nicknames each
    // went to the standard search).
    if haystack.isEmpty, !needle.isEmpty { return false }
    guard !needle.isEmpty, !haystack.isEmpty, needle.allSatisfy(plain) else { return nil }
    guard needle.count <= haystack.count else { return false }
    // Whether `haystack` is plain, looked at only once a match is found (most texts searched
    // hold no match).
    var plainHaystack: Bool?
    var unsure = false
    let first = needle[0]
    for start in 0...(haystack.count - needle.count) where haystack[start] == first {
      var offset = 1
      while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
      guard offset == needle.count else { continue }
      let plainText = plainHaystack ?? haystack.allSatisfy(plain)
      plainHaystack = plainText
      if plainText
        || (boundary(before: start, in: haystack)
          && boundary(after: start + needle.count, in: haystack))
      {
        return true
      }
      unsure = true
    }
    return unsure ? nil : false
  }

  /// Whether a character of `haystack` surely ends just before `index`, where an ASCII byte
  /// other than a carriage return starts a match.
  private static func boundary(before index: Int, in haystack: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard index > 0 else { return true }
    let previous = haystack[index - 1]
    // Carriage return then line feed is one character.
    if previous < 0x80 { return previous != 0x0D || haystack[index] != 0x0A }
    var lead = index - 1
    while lead > 0, haystack[lead] & 0xC0 == 0x80 { lead -= 1 }
    return standsAlone(scalar(at: lead, in: haystack))
  }

  /// Whether a character of `haystack` surely starts at `index`, just after a match that ends
  /// with an ASCII byte other than a carriage return.
  private static func boundary(after index: Int, in haystack: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard index < haystack.count else { return true }
    if haystack[index] < 0x80 { return true }
    return standsAlone(scalar(at: index, in: haystack))
  }

  /// The scalar whose UTF-8 starts at `index`, nil when the bytes there are not one.
  private static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>)
    -> Unicode.Scalar?
  {
    var iterator = bytes[index...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return scalar
  }

  /// Whether `scalar` is of a kind that never joins the character before or after it.
  private static func standsAlone(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar else { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .decimalNumber, .letterNumber,
      .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
      .spaceSeparator:
      return true
    default:
      return false
    }
  }
}
