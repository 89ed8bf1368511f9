import FuzzyMatch
import Testing

@Suite("EditDistance")
struct EditDistanceTests {
  @Test(
    "counts single-character insertions, deletions and substitutions",
    arguments: [
      ("kitten", "sitting", 3),
      ("flaw", "lawn", 2),
      ("", "", 0),
      ("", "abc", 3),
      ("abc", "", 3),
      ("same", "same", 0),
      ("ab", "ba", 2),
      ("season", "seasn", 1),
      ("characters.get", "characters.list", 3),
    ])
  func distance(a: String, b: String, expected: Int) {
    #expect(EditDistance.between(a, b) == expected)
    #expect(EditDistance.between(b, a) == expected, "the distance is symmetric")
  }

  @Test("counts characters, not bytes or code units")
  func characters() {
    #expect(EditDistance.between("café", "cafe") == 1)
    #expect(EditDistance.between("😀a", "a") == 1)
    // One character however it is spelt: é precomposed and e with a combining acute.
    #expect(EditDistance.between("\u{E9}", "e\u{301}") == 0)
  }

  @Test("is case-sensitive; closest(to:among:) is not")
  func caseSensitivity() {
    #expect(EditDistance.between("Walter", "walter") == 1)
    #expect(EditDistance.closest(to: "WALTER", among: ["walter"]) == "walter")
  }

  @Test("suggests the nearest candidate within two edits or a quarter of its length")
  func closest() {
    let methods = ["quotes.random", "quotes.byCharacter", "characters.get", "characters.filter"]
    #expect(EditDistance.closest(to: "quotes.randm", among: methods) == "quotes.random")
    #expect(EditDistance.closest(to: "characters.gt", among: methods) == "characters.get")
    // Four edits from a 17-character name are within a quarter of its length; five are not.
    #expect(EditDistance.closest(to: "chractrs.fltr", among: methods) == "characters.filter")
    #expect(EditDistance.closest(to: "chrctrs.fltr", among: methods) == nil)
    // Nothing close: no suggestion rather than a wild one.
    #expect(EditDistance.closest(to: "auth.login", among: methods) == nil)
    #expect(EditDistance.closest(to: "x", among: [String]()) == nil)
  }

  @Test("two edits are always close enough, even for a short candidate")
  func shortCandidates() {
    #expect(EditDistance.closest(to: "ab", among: ["id"]) == "id")
    #expect(EditDistance.closest(to: "abc", among: ["id"]) == nil)
  }

  @Test("a tie goes to the first candidate, a nearer later one wins")
  func ties() {
    #expect(EditDistance.closest(to: "cat", among: ["bat", "hat"]) == "bat")
    #expect(EditDistance.closest(to: "cat", among: ["bat", "hat", "cat"]) == "cat")
  }

  @Test("the bounded distance is the distance when it is within the limit, and nil past it")
  func bounded() {
    var generator = SystemRandomNumberGenerator()
    let letters = Array("abcé ")
    func word() -> String {
      String(
        (0..<Int.random(in: 0...9, using: &generator)).map { _ in
          letters.randomElement(using: &generator) ?? "a"
        })
    }
    for _ in 0..<3_000 {
      let (a, b) = (word(), word())
      let exact = EditDistance.between(a, b)
      for limit in 0...6 {
        #expect(
          EditDistance.between(a, b, atMost: limit) == (exact <= limit ? exact : nil),
          "\(a) / \(b) within \(limit)")
      }
    }
  }

  @Test("a long input is refused at once against short candidates, whatever its length")
  func longInput() {
    let long = String(repeating: "heisenberg", count: 100_000)
    #expect(EditDistance.between(long, "Walter White", atMost: 4) == nil)
    #expect(EditDistance.closest(to: long, among: ["season", "name"]) == nil)
    #expect(EditDistance.closest(to: "seasn", among: ["name", "season", "series"]) == "season")
  }
}
