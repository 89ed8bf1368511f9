/// What the service tells a connection of when it changes, by the service's wire names (its
/// `notifications.subscribe` topics), and the notification each sends.
///
/// The MCP server follows these for the resources a client subscribed to, and translates the
/// service's notifications into `notifications/resources/updated` (a test checks these names
/// against the service's contract).
package enum ChangeTopic: String, Sendable, Hashable, CaseIterable {
  /// Favourite counts: `favorites.changed`, after any user's heart.
  case favorites
  /// A universe's catalog replaced by a refresh: `catalog.changed`.
  case catalog

  /// The name of the notification the service pushes for this topic.
  package var notification: String {
    switch self {
    case .favorites: "favorites.changed"
    case .catalog: "catalog.changed"
    }
  }
}
