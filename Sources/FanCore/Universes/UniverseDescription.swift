import FanProtocol

/// What the domain knows of one universe: its name, its series and how its names resolve.
///
/// Each universe has one type conforming to it, in `FanCore/Universes/<Name>/`; the catalog
/// layer (`FanAPI`) adds its data and routes to the same type.
package protocol UniverseDescription: Sendable {
  /// The universe's wire name.
  var id: UniverseID { get }
  /// Its series, in the order lists show them.
  var series: [Series] { get }
  /// The series whose seasons a character filter means when the query names none.
  var defaultSeasonSeries: Series? { get }
  /// Names the data uses for characters whose records carry another name, and the record's name.
  var aliases: [String: String] { get }
  /// Names in the data that refer to no character record, left unlinked on purpose.
  var unlinkedNames: Set<String> { get }
  /// The universe as people name it (`Rick and Morty`), for documents such as exports.
  var displayName: String { get }
  /// Each series as people name it (`Better Call Saul`).
  var seriesDisplayNames: [Series: String] { get }
}

extension UniverseDescription {
  /// Orders series as the universe lists them; series it does not list come last, by name.
  package func seriesOrder(_ lhs: Series, _ rhs: Series) -> Bool {
    let left = series.firstIndex(of: lhs) ?? series.count
    let right = series.firstIndex(of: rhs) ?? series.count
    return (left, lhs.rawValue) < (right, rhs.rawValue)
  }
}
