import FanCore
import FanProtocol

/// The universes the shipped binary serves, in one list; the first is the default.
///
/// Adding a universe is adding its folders (`FanCore/Universes/<Name>/`,
/// `FanAPI/Universes/<Name>/`, `Data/<id>/`) and one entry here (Docs/AddingAUniverse.md). The
/// service reads the list it is built with (`ServiceConfiguration.universes`, this one unless a
/// test adds a fixture universe), never this one directly.
package enum Universes {
  /// Every universe of the shipped binary, the default first.
  package static let shipped = UniverseList([BreakingBad(), RickAndMorty()])

  /// Every universe of the shipped binary, the default first.
  package static var all: [any CatalogUniverse] { shipped.all }

  /// The universe a request means when it names none (Breaking Bad, so that requests written
  /// before there were other universes keep their replies).
  package static var `default`: any CatalogUniverse { shipped.default }

  /// The shipped universe with this wire name, if there is one.
  package static func named(_ id: UniverseID) -> (any CatalogUniverse)? {
    shipped.named(id)
  }
}
