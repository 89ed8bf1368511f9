/// What a connection can subscribe to with `notifications.subscribe`.
public enum NotificationTopic: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
  /// Favourite counts and the Top 3 (`favorites.changed`).
  case favorites
  /// Catalogs replaced by a refresh (`catalog.changed`).
  case catalog

  /// By wire name.
  public static func < (lhs: NotificationTopic, rhs: NotificationTopic) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
