import FanCore
import FanProtocol

/// The universes a service serves, the default first: what its params, messages, catalogs,
/// exports and MCP interface read (the schemas' lists are checked against the shipped one by a test).
///
/// The shipped binary serves `Universes.shipped`; a test may serve another list (a fixture
/// universe added), which the service is built with (`ServiceConfiguration.universes`).
package struct UniverseList: Sendable {
  /// Every universe, the default first.
  package let all: [any CatalogUniverse]

  /// The list `all` (the first is the default); a later universe with an id already listed is
  /// left out.
  package init(_ all: [any CatalogUniverse]) {
    // A few universes: compared one by one (no set to make at every start).
    var kept: [any CatalogUniverse] = []
    for universe in all where !kept.contains(where: { $0.id == universe.id }) {
      kept.append(universe)
    }
    self.all = kept
  }

  /// The universe a request means when it names none (Breaking Bad, so that requests written
  /// before there were other universes keep their replies).
  package var `default`: any CatalogUniverse { all[0] }

  /// The ids, in order.
  package var ids: [UniverseID] { all.map(\.id) }

  /// The universe with this wire name, if there is one.
  package func named(_ id: UniverseID) -> (any CatalogUniverse)? {
    all.first { $0.id == id }
  }

  /// The series with this wire name in any universe.
  package func series(named name: String) -> Series? {
    all.lazy.flatMap(\.series).first { $0.rawValue == name }
  }

  /// The universe `series` belongs to, if any.
  package func owner(of series: Series) -> (any CatalogUniverse)? {
    all.first { $0.series.contains(series) }
  }

  /// Every series' wire name, in the universes' order.
  package var seriesNames: [String] {
    all.flatMap(\.series).map(\.rawValue)
  }

  /// Every series' wire name, for error messages (`breaking-bad, better-call-saul`).
  package var seriesWireNames: String {
    seriesNames.joined(separator: ", ")
  }

  /// Every universe's wire name, for error messages.
  package var wireNames: String {
    all.map(\.id.rawValue).joined(separator: ", ")
  }

  /// The same list with `universe` added at the end (a test's fixture universe).
  package func adding(_ universe: any CatalogUniverse) -> UniverseList {
    UniverseList(all + [universe])
  }
}

extension UniverseList: Equatable {
  /// Two lists are equal when they list the same universes in the same order.
  package static func == (lhs: UniverseList, rhs: UniverseList) -> Bool {
    lhs.ids == rhs.ids
  }
}
