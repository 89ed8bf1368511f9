/// A type that reads the plainest form of its JSON directly, without the `Codable` machinery:
/// the speed seam of the hot methods' params.
///
/// `directlyDecoded(from:userInfo:)` answers only for the shape it reads in full (for a page of
/// episodes, `{"limit": 1}`) and nil for anything else: another member, a null, an empty string,
/// a number that is not a plain integer, a member given twice, a name the decoder's `userInfo`
/// does not know. The `Codable` decoding then runs as before, and says what is wrong, so errors
/// never come from here. A test holds each reader to the `Codable` decoding of the same params.
package protocol JSONDirectDecodable {
  /// The value of `object`, when it is of the shape this reads; nil for anything else.
  ///
  /// `userInfo` is what the `Codable` decoding would be given (a server's vocabulary of names).
  static func directlyDecoded(from object: JSONObject, userInfo: [CodingUserInfoKey: any Sendable])
    -> Self?
}

extension JSONValue {
  /// The integer a number written plainly stands for (`7`, `-12`; at most 9 digits, no leading
  /// zero, no fraction or exponent); nil for anything else.
  package var plainInteger: Int? {
    guard case .number(let text) = self else { return nil }
    var digits = text.utf8[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative { digits = digits.dropFirst() }
    guard let first = digits.first, digits.count <= 9,
      first != UInt8(ascii: "0") || digits.count == 1
    else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return negative ? -value : value
  }
}
