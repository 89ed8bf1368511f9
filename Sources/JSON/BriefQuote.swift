/// How an error shows text the client sent: whole when it is short, else a prefix and its length.
///
/// Errors echo input (a method name, an unknown field, a username, a value outside a vocabulary,
/// a resource URI) so that a person sees what was wrong, and they echo it briefly, so that a
/// 100 KB input never makes a 100 KB error. This is the rule for every error of every target
/// (the web bridge in `Clients/Web` follows the same one):
///
/// - text of at most ``limit`` (64) Unicode scalars is shown exactly as it is;
/// - longer text is shown as its first 64 Unicode scalars, then `…` (U+2026), then a space and
///   its whole length in Unicode scalars: `aaaa… (100000 characters)`.
///
/// ``quoted(_:)`` puts the shown text between double quotes, with the length after the closing
/// quote (`"aaaa…" (100000 characters)`); ``bare(_:)`` is the same without quotes, for a message
/// that does not quote the text and for a `data` member that carries the input itself
/// (`data.method`, `data.username`, `data.field`). Lengths count Unicode scalars, as JSON
/// Schema's `maxLength` does, so a cut never depends on how text is grouped into characters.
package enum BriefQuote {
  /// The most Unicode scalars of an input an error shows.
  package static let limit = 64

  /// `text` between double quotes, cut as the rule says: `"Jesse"`, or
  /// `"aaaa…" (100000 characters)`.
  package static func quoted(_ text: some StringProtocol) -> String {
    guard let (prefix, length) = cut(text) else { return "\"\(text)\"" }
    return "\"\(prefix)…\" (\(length) characters)"
  }

  /// `text` cut as the rule says, without quotes: `Jesse`, or `aaaa… (100000 characters)`.
  package static func bare(_ text: some StringProtocol) -> String {
    guard let (prefix, length) = cut(text) else { return String(text) }
    return "\(prefix)… (\(length) characters)"
  }

  /// Whether `text` is longer than an error shows whole.
  package static func isCut(_ text: some StringProtocol) -> Bool {
    cut(text) != nil
  }

  /// The first ``limit`` Unicode scalars of `text` and its length, or nil when it is short.
  private static func cut(_ text: some StringProtocol) -> (prefix: String, length: Int)? {
    // Each scalar takes at least one byte of UTF-8: a short byte count is a short text.
    if text.utf8.count <= limit { return nil }
    let scalars = text.unicodeScalars
    let length = scalars.count
    if length <= limit { return nil }
    var prefix = String.UnicodeScalarView()
    prefix.append(contentsOf: scalars.prefix(limit))
    return (String(prefix), length)
  }
}
