import FanCore
import FanProtocol

/// A small catalog with the data's shapes: aliases, an unlinked name, a presumed-dead character.
enum Fixtures {
  static func date(_ text: String) -> CalendarDate {
    guard let date = CalendarDate(iso: text) else { fatalError("bad fixture date \(text)") }
    return date
  }

  static func character(
    _ id: Int, _ name: String, _ nickname: String, _ status: CharacterStatus, breakingBad: [Int],
    betterCallSaul: [Int] = []
  ) -> ShowCharacter {
    var series: [Series] = []
    if !breakingBad.isEmpty { series.append(.breakingBad) }
    if !betterCallSaul.isEmpty { series.append(.betterCallSaul) }
    return ShowCharacter(
      id: id, name: name, nickname: nickname, birthday: nil, occupations: [], status: status,
      imageURL: "", portrayedBy: "", series: series,
      appearances: [.breakingBad: breakingBad, .betterCallSaul: betterCallSaul])
  }

  static let catalog: Catalog = {
    let characters = [
      character(1, "Walter White", "Heisenberg", .presumedDead, breakingBad: [1, 2, 3, 4, 5]),
      character(2, "Jesse Pinkman", "Cap n' Cook", .alive, breakingBad: [1, 2, 3, 4, 5]),
      character(5, "Henry Schrader", "Hank", .deceased, breakingBad: [1, 2, 3, 4, 5]),
      character(
        8, "Saul Goodman", "Jimmy McGill", .alive, breakingBad: [2, 3, 4, 5],
        betterCallSaul: [1, 2]),
      character(45, "Tomás Cantillo", "Andrea's brother", .deceased, breakingBad: [3]),
    ]
    func mentions(_ names: [String]) -> [CharacterMention] {
      names.map { CharacterMention(name: $0) }
    }
    let episodes = [
      Episode(
        id: 2, title: "Cat's in the Bag...", series: .breakingBad, season: 1, episode: 2,
        airDate: date("2008-01-27"), characters: mentions(["Walter White", "Jesse Pinkman"])),
      Episode(
        id: 1, title: "Pilot", series: .breakingBad, season: 1, episode: 1,
        airDate: date("2008-01-20"),
        characters: mentions(["Walter White", "Hank Schrader", "a fly"])),
      Episode(
        id: 8, title: "Seven Thirty-Seven", series: .breakingBad, season: 2, episode: 1,
        airDate: date("2009-03-08"),
        characters: mentions(["Walter White", "Jesse Pinkman", "Hank Schrader"])),
      Episode(
        id: 63, title: "Uno", series: .betterCallSaul, season: 1, episode: 1,
        airDate: date("2015-02-08"),
        characters: mentions(["Jimmy McGill", "Don Eladio"])),
    ]
    let quotes = [
      Quote(id: 1, text: "I am the one who knocks!", author: "Walter White", series: .breakingBad),
      Quote(
        id: 71, text: "Some people are immune to good advice.", author: "Saul Goodman",
        series: .breakingBad),
      Quote(
        id: 93, text: "Some people are immune to good advice.", author: "Jimmy McGill",
        series: .betterCallSaul),
      Quote(id: 4, text: "Yeah, science!", author: "Jesse Pinkman", series: .breakingBad),
    ]
    return Catalog(
      universe: BreakingBad(), episodes: episodes, characters: characters, quotes: quotes)
  }()
}
