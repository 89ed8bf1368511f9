import FanCore

/// Every universe the service knows, in one list; the first is the default.
///
/// Adding a universe is adding its folders (`FanCore/Universes/<Name>/`,
/// `FanAPI/Universes/<Name>/`, `Data/<id>/`) and one entry here.
package enum Universes {
  /// Every universe, the default first.
  package static let all: [any CatalogUniverse] = [BreakingBad(), RickAndMorty()]

  /// The universe a request means when it names none (Breaking Bad, as in wave 1).
  package static var `default`: any CatalogUniverse { all[0] }

  /// The universe with this wire name, if there is one.
  package static func named(_ id: UniverseID) -> (any CatalogUniverse)? {
    all.first { $0.id == id }
  }

  /// The series with this wire name in any universe, with its universe.
  package static func series(named name: String) -> Series? {
    all.lazy.flatMap(\.series).first { $0.rawValue == name }
  }

  /// Every series' wire name, for error messages (`breaking-bad, better-call-saul`).
  package static var seriesWireNames: String {
    all.flatMap(\.series).map(\.rawValue).joined(separator: ", ")
  }

  /// Every universe's wire name, for error messages.
  package static var wireNames: String {
    all.map(\.id.rawValue).joined(separator: ", ")
  }
}
