/// The app's password rules: at least 8 characters, upper and lower case, letters and digits,
/// and at least one character that is neither a letter nor a digit.
///
/// What counts, for any script: characters are grapheme clusters ("é" written with a combining
/// accent is one); a letter is a Unicode letter, upper or lower case by its Unicode case
/// (so "Ж" and "ж" count, and a letter of a script without case is a letter of neither case); a
/// digit is a Unicode decimal digit (0–9, "٣"); anything else (punctuation, symbols, spaces,
/// emoji) is a special character. Passwords are never trimmed or truncated; up to 1,024
/// characters are accepted.
package enum PasswordPolicy {
  /// One rule, with a stable id for `data.rules` on the wire.
  package enum Rule: String, Sendable, CaseIterable, Hashable {
    /// At least 8 characters.
    case minimumLength = "min-length"
    /// At most 1,024 characters.
    case maximumLength = "max-length"
    /// An upper-case letter.
    case uppercase
    /// A lower-case letter.
    case lowercase
    /// A letter.
    case letter
    /// A digit.
    case digit
    /// A character that is neither a letter nor a digit.
    case special

    /// The rule as a person reads it.
    package var description: String {
      switch self {
      case .minimumLength: return "at least \(PasswordPolicy.minimumLength) characters"
      case .maximumLength: return "at most \(PasswordPolicy.maximumLength) characters"
      case .uppercase: return "an upper-case letter"
      case .lowercase: return "a lower-case letter"
      case .letter: return "a letter"
      case .digit: return "a digit"
      case .special: return "a character that is neither a letter nor a digit"
      }
    }
  }

  /// The shortest password accepted.
  package static let minimumLength = 8
  /// The longest password accepted.
  package static let maximumLength = 1024

  /// Every rule `password` breaks, in a fixed order; empty when it is acceptable.
  package static func unmetRules(_ password: String) -> [Rule] {
    var count = 0
    var upper = false
    var lower = false
    var letter = false
    var digit = false
    var special = false
    for character in password {
      count += 1
      if character.isLetter {
        letter = true
        if character.isUppercase { upper = true }
        if character.isLowercase { lower = true }
      } else if character.unicodeScalars.count == 1,
        character.unicodeScalars.first?.properties.numericType == .decimal
      {
        digit = true
      } else {
        special = true
      }
    }
    var unmet: [Rule] = []
    if count < minimumLength { unmet.append(.minimumLength) }
    if count > maximumLength { unmet.append(.maximumLength) }
    if !upper { unmet.append(.uppercase) }
    if !lower { unmet.append(.lowercase) }
    if !letter { unmet.append(.letter) }
    if !digit { unmet.append(.digit) }
    if !special { unmet.append(.special) }
    return unmet
  }
}
