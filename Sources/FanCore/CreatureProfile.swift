/// What an API of the Rick and Morty shape says of a character beyond its name and status.
package struct CreatureProfile: Sendable, Hashable {
  /// `Human`, `Alien`, ...
  package let species: String
  /// The subspecies or kind (`Genetic experiment`); nil where the source leaves it empty.
  package let type: String?
  /// `Female`, `Male`, `Genderless` or `unknown`, as the source writes it.
  package let gender: String
  /// Where the character comes from.
  package let origin: Place
  /// Where the character was last seen.
  package let location: Place

  /// Creates a profile.
  package init(species: String, type: String?, gender: String, origin: Place, location: Place) {
    self.species = species
    self.type = type
    self.gender = gender
    self.origin = origin
    self.location = location
  }
}
