/// The universes and series a server serves: decoding params against it refuses any other name
/// with an error that lists these.
///
/// A server puts its vocabulary into its decoder's `userInfo` (under `userInfoKey`); a client
/// decodes without one, so that a universe or series it does not know (from a newer server)
/// decodes as its wire name instead of failing.
public struct WireVocabulary: Sendable, Equatable {
  /// Every universe, in the server's order.
  public var universes: [UniverseID]
  /// Every series of those universes, in their order.
  public var series: [Series]

  /// A vocabulary of these universes and series.
  public init(universes: [UniverseID], series: [Series]) {
    self.universes = universes
    self.series = series
  }

  /// The `userInfo` key a server's decoder carries its vocabulary under.
  public static let userInfoKey = CodingUserInfoKey(rawValue: "bbfan.wireVocabulary")

  /// Every universe's wire name, for error messages (`breaking-bad, rick-and-morty`).
  var universeWireNames: String { universes.map(\.rawValue).joined(separator: ", ") }

  /// Every series' wire name, for error messages (`breaking-bad, better-call-saul`).
  var seriesWireNames: String { series.map(\.rawValue).joined(separator: ", ") }
}

extension WireVocabulary {
  /// The vocabulary a decoder's `userInfo` holds, or nil (a client's: any name decodes).
  static func held<Value>(in userInfo: [CodingUserInfoKey: Value]) -> WireVocabulary? {
    userInfoKey.flatMap { userInfo[$0] as? WireVocabulary }
  }
}

extension Decoder {
  /// The vocabulary the decoder holds names to, or nil (a client's decoder: any name decodes).
  public var wireVocabulary: WireVocabulary? { WireVocabulary.held(in: userInfo) }
}
