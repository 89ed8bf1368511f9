import FuzzyMatch

/// Links the names that episode lists, quote authors and users write to character records.
///
/// A name resolves, in this order: as a character's own name; through the universe's explicit
/// alias table (the data's other spellings and typos); then, for what people type, folded (case, diacritics
/// and spacing ignored) against names, unambiguous nicknames and aliases.
package struct NameResolver: Sendable {
  private let byName: [String: Int]
  private let shared: [String: [Int]]
  private let byFolded: [String: Int]
  private let display: [(folded: String, name: String)]

  /// Builds the resolver for these characters and the universe's alias table (other name →
  /// the record's name).
  package init(characters: [ShowCharacter], aliases: [String: String]) {
    self.init(
      characters: characters, foldedNames: characters.map { TextFolding.fold($0.name) },
      foldedNicknames: characters.map { TextFolding.fold($0.nickname) }, aliases: aliases)
  }

  /// Builds the resolver as `init(characters:aliases:)` does, given each character's name and
  /// nickname already folded (`TextFolding.fold`), in the order of `characters`.
  package init(
    characters: [ShowCharacter], foldedNames names: [String], foldedNicknames nicknames: [String],
    aliases: [String: String]
  ) {
    self.init(
      characters: characters, foldedNames: names, foldedNicknames: nicknames, aliases: aliases,
      exactNames: nil)
  }

  /// Every character's own name, and every alias whose name is one, by the character's id:
  /// what `resolveExactly` reads (a name two characters carry is the later one's).
  package static func exactNames(characters: [ShowCharacter], aliases: [String: String])
    -> [String: Int]
  {
    var byName: [String: Int] = [:]
    for character in characters { byName[character.name] = character.id }
    for (alias, name) in aliases {
      if let id = byName[name] { byName[alias] = id }
    }
    return byName
  }

  /// Builds the resolver as `init(characters:foldedNames:foldedNicknames:aliases:)` does, with
  /// `exactNames` made already by `exactNames(characters:aliases:)` from the same characters and
  /// aliases (nil: made here).
  package init(
    characters: [ShowCharacter], foldedNames names: [String], foldedNicknames nicknames: [String],
    aliases: [String: String], exactNames: [String: Int]?
  ) {
    let byName = exactNames ?? Self.exactNames(characters: characters, aliases: aliases)
    var foldedNames: [String: String] = [:]
    for (character, folded) in zip(characters, names) { foldedNames[character.name] = folded }
    // Folded keys; a nickname shared by two characters links neither.
    var byFolded: [String: Int] = [:]
    var ambiguous = Set<String>()
    func add(folded: String, _ id: Int) {
      guard !folded.isEmpty, !ambiguous.contains(folded) else { return }
      if let existing = byFolded[folded], existing != id {
        byFolded[folded] = nil
        ambiguous.insert(folded)
      } else {
        byFolded[folded] = id
      }
    }
    for (name, id) in byName { add(folded: foldedNames[name] ?? TextFolding.fold(name), id) }
    for (character, folded) in zip(characters, nicknames) { add(folded: folded, character.id) }
    // A full name always wins over another character's nickname.
    for (character, folded) in zip(characters, names) { byFolded[folded] = character.id }
    // A name that several characters carry ("Rick Sanchez") resolves to none of them.
    var idsByName: [String: [Int]] = [:]
    for (character, folded) in zip(characters, names) {
      idsByName[folded, default: []].append(character.id)
    }
    self.shared = idsByName.filter { $0.value.count > 1 }.mapValues { $0.sorted() }
    self.byName = byName
    self.byFolded = byFolded
    self.display =
      zip(names, characters).map { ($0, $1.name) }
      + zip(nicknames, characters).map { ($0, $1.name) }
  }

  /// The character id `name` resolves to, exactly (own name or alias).
  package func resolveExactly(_ name: String) -> Int? {
    byName[name]
  }

  /// The character id `name` resolves to, exactly or folded; nil when it resolves to none or
  /// to several (see `candidates(for:)`).
  package func resolve(_ name: String) -> Int? {
    guard shared.isEmpty || shared[TextFolding.fold(name)] == nil else { return nil }
    return byName[name] ?? byFolded[TextFolding.fold(name)]
  }

  /// The ids of every character whose name is `name` (folded) when there are several, by id;
  /// empty when the name is one character's or none's.
  package func candidates(for name: String) -> [Int] {
    shared[TextFolding.fold(name)] ?? []
  }

  /// Up to `limit` character names close to `name`, closest first, for "did you mean".
  package func suggestions(for name: String, limit: Int = 3) -> [String] {
    let folded = TextFolding.fold(name)
    guard !folded.isEmpty else { return [] }
    var best: [String: Int] = [:]
    let within = max(2, folded.count / 3)
    for entry in display {
      let distance: Int
      // A prefix or part of a name ("jesse") is as good as a near miss.
      if entry.folded.hasPrefix(folded)
        || entry.folded.split(separator: " ").contains(Substring(folded))
      {
        distance = min(EditDistance.between(folded, entry.folded, atMost: 1) ?? 1, 1)
      } else if let near = EditDistance.between(folded, entry.folded, atMost: within) {
        // Bounded: a name too far in length from the input is never compared letter by letter.
        distance = near
      } else {
        continue
      }
      best[entry.name] = min(best[entry.name] ?? Int.max, distance)
    }
    return best.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(limit).map(\.key)
  }
}
