/// Usernames: trimmed, 3 to 32 characters of ASCII letters, digits, `.`, `_` and `-`, unique
/// regardless of case.
///
/// ASCII only, so that no two usernames look alike ("pаul" with a Cyrillic а is refused).
package enum UsernamePolicy {
  /// The shortest username.
  package static let minimumLength = 3
  /// The longest username.
  package static let maximumLength = 32

  /// The trimmed username, or what is wrong with it as a phrase ("must be 3 to 32 characters").
  package static func validate(_ raw: String) -> Result<String, AccountError> {
    let name = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    guard (minimumLength...maximumLength).contains(name.count) else {
      return .failure(
        .invalidUsername(
          "must be \(minimumLength) to \(maximumLength) characters after trimming, not \(name.count)"
        ))
    }
    if let bad = name.unicodeScalars.first(where: { !allowed($0) }) {
      return .failure(
        .invalidUsername(
          "may hold only letters A–Z and a–z, digits, '.', '_' and '-', not \"\(Character(bad))\""))
    }
    return .success(name)
  }

  /// The key that makes usernames unique regardless of case.
  package static func key(_ username: String) -> String {
    username.lowercased()
  }

  private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": return true
    default: return false
    }
  }
}
