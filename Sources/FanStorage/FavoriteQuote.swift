import FanCore
import FanProtocol

/// A quote as favourites key it: its universe and its id in that universe.
package struct FavoriteQuote: Sendable, Hashable {
  /// The universe whose ids `id` is among.
  package var universe: UniverseID
  /// The quote's id in its universe.
  package var id: Int

  /// The quote `id` of `universe`.
  package init(universe: UniverseID, id: Int) {
    self.universe = universe
    self.id = id
  }
}
