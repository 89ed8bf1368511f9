/// `notifications.subscribe`: adds to the connection's subscriptions, so that it gets
/// `favorites.changed` and `catalog.changed` when those change, whoever changed them.
public enum NotificationsSubscribe: WireMethod {
  /// The wire name.
  public static let name = "notifications.subscribe"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]

  /// `{topics, universe?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// What to subscribe to: 1 or 2 topics, each once.
    public var topics: [NotificationTopic]
    /// The universe whose changes to send; every universe when absent.
    public var universe: UniverseID?

    /// A value with these members.
    public init(topics: [NotificationTopic], universe: UniverseID? = nil) {
      self.topics = topics
      self.universe = universe
    }

    /// Decodes; `topics` must name 1 or 2 topics, each once.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      topics = try container.decode([NotificationTopic].self, forKey: .topics)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      let problem: String? =
        topics.isEmpty
        ? "must name at least one topic"
        : Set(topics).count != topics.count ? "must name each topic once" : nil
      if let problem {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.topics], debugDescription: problem))
      }
    }
  }

  /// `{subscriptions: [...]}`: all of the connection's, by topic then universe (every universe
  /// first).
  public struct Result: Codable, Sendable, Equatable {
    /// One subscription.
    public struct Subscription: Codable, Sendable, Equatable, Hashable {
      /// What it sends.
      public var topic: NotificationTopic
      /// The universe whose changes it sends; null for every universe.
      @EncodedAsNull public var universe: UniverseID?

      /// A value with these members.
      public init(topic: NotificationTopic, universe: UniverseID?) {
        self.topic = topic
        self.universe = universe
      }

      /// Hashes the topic and universe.
      public func hash(into hasher: inout Hasher) {
        hasher.combine(topic)
        hasher.combine(universe)
      }
    }

    /// The connection's subscriptions.
    public var subscriptions: [Subscription]

    /// A value with these members.
    public init(subscriptions: [Subscription]) {
      self.subscriptions = subscriptions
    }
  }
}

/// `notifications.unsubscribe`: removes the connection's subscriptions that match (all of them
/// when the params name nothing).
public enum NotificationsUnsubscribe: WireMethod {
  /// The wire name.
  public static let name = "notifications.unsubscribe"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]

  /// `{topics?, universe?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The topics to remove; every topic when absent.
    public var topics: [NotificationTopic]?
    /// The universe whose subscriptions to remove; those of every universe when absent.
    public var universe: UniverseID?

    /// A value with these members.
    public init(topics: [NotificationTopic]? = nil, universe: UniverseID? = nil) {
      self.topics = topics
      self.universe = universe
    }

    /// Decodes; `topics` must name each topic once.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      topics = try container.decodeIfPresent([NotificationTopic].self, forKey: .topics)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      if let topics, Set(topics).count != topics.count {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.topics],
            debugDescription: "must name each topic once"))
      }
    }
  }

  /// What is left, as `notifications.subscribe` gives it.
  public typealias Result = NotificationsSubscribe.Result
}
