import FanCore
import Testing

/// The standard library's search, the one FanCore's `contains(_:)` is (here, with Foundation
/// loaded by the tests, `contains(_:)` would be Foundation's, which differs on "" and "\r\n").
private func standardContains(_ text: String, _ part: String) -> Bool {
  text.firstRange(of: part) != nil
}

@Suite("A folded name search answers what the standard library's search answers")
struct FoldedSearchTests {
  static let names = [
    "Rick Sanchez", "Walter White", "Mr. Poopybutthole", "Jesse Pinkman", "Héctor Salamanca",
    "Gustavo Fring", "Abradolf Lincler", "Ñoño", "ﬁve", "e\u{301}clair", "a\r\nb", "🥒 Rick",
    "Krombopulos Michael", "", "r",
  ]
  static let searches = [
    "rick", "walt", "white", "mr. p", "sanchez", "hector", "héctor", "e", "é", "\n", "\r", "b",
    "a", "ick sanch", "rick sanchez and more", "🥒", "fi", "ñ", "n", "krombopulos michael", " ",
  ]

  @Test("every name against every search, both folded", arguments: names)
  func sameAnswers(name: String) {
    for search in Self.searches {
      let text = TextFolding.fold(name)
      let part = TextFolding.fold(search)
      #expect(
        text.folded(contains: part) == standardContains(text, part), "\(name) holding \(search)")
    }
  }

  /// Texts with characters beside ASCII: ones that stand alone (punctuation, letters, digits,
  /// symbols, spaces) and ones that join their neighbour (combining and spacing marks, a
  /// prepended sign, joiners, emoji modifiers, CR LF).
  static let mixedTexts = [
    "fascist rick’s clone", "morty’s lawyer", "«rick»", "Ωrick1", "ricκ", "rick€", "rick≠",
    "rick\u{301}", "rick\u{301}s", "e\u{301}rick", "\u{600}rick", "rick\u{E33}", "rick\u{903}",
    "rick\u{200D}🥒", "rick🏻", "🥒rick", "rick\u{3000}x", "\r\nrick", "\rrick\u{301} rick", "rick\r\n",
    "x\u{301}\nrick", "ríck rick", "árick", "rick\u{E0067}", "\u{1F1E6}rick", "rick\u{FF9E}",
  ]
  static let mixedSearches = ["rick", "ick", "r", "k", "s", "\nrick", "rick ", " rick", "x", "e"]

  @Test(
    "an ASCII search in text with other characters answers as the standard search",
    arguments: mixedTexts)
  func mixedText(text: String) {
    for search in Self.mixedSearches {
      #expect(
        text.folded(contains: search) == standardContains(text, search), "\(text) holding \(search)"
      )
    }
  }

  @Test(
    "text with a carriage return, and an empty search, are searched by the standard library",
    arguments: [("a\r\nb", "\n"), ("a\r\nb", "a"), ("a\r\nb", "\r"), ("abc", ""), ("", "")])
  func carriageReturn(text: String, part: String) {
    #expect(text.folded(contains: part) == standardContains(text, part))
  }
}
