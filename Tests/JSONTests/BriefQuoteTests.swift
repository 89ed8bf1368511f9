import Testing

@testable import JSON

/// The one rule by which errors show input: whole up to 64 Unicode scalars, else a prefix, `…`
/// and the length.
@Suite("BriefQuote")
struct BriefQuoteTests {
  @Test(
    "short text is shown whole, quoted or bare",
    arguments: ["", "Jesse", String(repeating: "x", count: 64)])
  func short(_ text: String) {
    #expect(BriefQuote.quoted(text) == "\"\(text)\"")
    #expect(BriefQuote.bare(text) == text)
    #expect(!BriefQuote.isCut(text))
  }

  @Test("longer text is cut to 64 scalars, then an ellipsis and its length")
  func long() {
    let text = String(repeating: "abcdefghij", count: 10_000)
    let prefix = String(text.prefix(64))
    #expect(BriefQuote.quoted(text) == "\"\(prefix)…\" (100000 characters)")
    #expect(BriefQuote.bare(text) == "\(prefix)… (100000 characters)")
    #expect(BriefQuote.bare(String(repeating: "y", count: 65)).hasSuffix("y… (65 characters)"))
    #expect(BriefQuote.isCut(text))
  }

  @Test("lengths count Unicode scalars: 64 two-byte letters are short, a flag is two scalars")
  func scalars() {
    let accented = String(repeating: "é", count: 64)
    #expect(BriefQuote.bare(accented) == accented)
    let flags = String(repeating: "🇪🇸", count: 40)
    #expect(
      BriefQuote.bare(flags)
        == String(String.UnicodeScalarView(flags.unicodeScalars.prefix(64)))
        + "… (80 characters)")
    let megabyte = String(repeating: "é", count: 1_000_000)
    #expect(BriefQuote.quoted(megabyte).utf8.count < 200)
  }

  @Test("the kinds of values in errors follow it: strings quoted, numbers bare")
  func kinds() {
    let long = String(repeating: "7", count: 1000)
    #expect(JSONValue.string("2").kindDescription == "the string \"2\"")
    #expect(
      JSONValue.string(long).kindDescription
        == "the string \"\(long.prefix(64))…\" (1000 characters)")
    #expect(
      JSONValue.number(long).kindDescription == "the number \(long.prefix(64))… (1000 characters)")
  }
}
