import FanProtocol
import FanStorage
import JSON
import JSONRPC
import Synchronization

/// The connections subscribed to changes (`notifications.subscribe`) and what they were last
/// told: sends each `favorites.changed` and `catalog.changed` through the connection's
/// `PushChannel`, coalesced per quote, never waiting for a subscriber.
///
/// The favourite counts it compares are read by `FanService.watchChanges()` after commits (this
/// process's or another's); it keeps the last counts and Top 3 of each universe, and each
/// subscriber the last Top 3 it was sent, so that `top` goes only with a notification of a
/// changed Top 3.
package final class ChangeNotifier: Sendable {
  /// A subscription: a topic, for one universe or every one (nil).
  typealias Subscription = NotificationsSubscribe.Result.Subscription

  /// The Top 3 of a universe as its notification carries it, and what it is compared by.
  struct Top: Sendable, Equatable {
    /// Each quote's id and count, in order.
    var ranking: [[Int]]
    /// The records, without `isFavorite`.
    var records: [QuoteRecord]

    static func == (lhs: Top, rhs: Top) -> Bool { lhs.ranking == rhs.ranking }
  }

  private struct Subscriber {
    let push: PushChannel
    var subscriptions: Set<Subscription> = []
    /// The Top 3 of each universe this subscriber last saw (or had when it subscribed).
    var sentTops: [UniverseID: [[Int]]] = [:]

    func wants(_ topic: NotificationTopic, of universe: UniverseID) -> Bool {
      subscriptions.contains(Subscription(topic: topic, universe: nil))
        || subscriptions.contains(Subscription(topic: topic, universe: universe))
    }
  }

  private struct State {
    var subscribers: [ObjectIdentifier: Subscriber] = [:]
    /// The last counts read, by universe and quote id (quotes with none left out); nil while
    /// nobody is subscribed to favourites.
    var counts: [UniverseID: [Int: Int]]?
    var tops: [UniverseID: Top] = [:]
    /// Grows when `counts` is set or dropped, so that a read begun before is not applied.
    var generation: UInt64 = 0
  }

  private let state = Mutex(State())

  private struct Watches {
    var made: [any ChangeWatch]?
    var followed = false
  }

  /// The stores' change watches, made on first use, and whether a connection follows them.
  private let watchState = Mutex(Watches())

  /// The connections waiting to follow the watches (`waitForWatchers()`), woken when a
  /// subscription is added or the watches are let go.
  private let idle = Mutex<[Int: AsyncStream<Void>.Continuation]>([:])
  private let nextIdle = Atomic<Int>(0)

  /// Wakes the connections waiting to follow the watches, to look again.
  private func wakeIdle() {
    for waiter in idle.withLock({ Array($0.values) }) { waiter.yield() }
  }

  /// The wake-ups of a connection waiting to follow the watches: one at once, then one each time
  /// a subscription is added or the watches are let go; it ends when the caller's iteration does.
  func wakeups() -> AsyncStream<Void> {
    let id = nextIdle.wrappingAdd(1, ordering: .relaxed).oldValue
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    continuation.onTermination = { [self] _ in _ = idle.withLock { $0.removeValue(forKey: id) } }
    idle.withLock { $0[id] = continuation }
    continuation.yield()
    return stream
  }

  /// The change watches of the service's stores, made by `make` on first use.
  func watches(make: () -> [any ChangeWatch]) -> [any ChangeWatch] {
    watchState.withLock { watches in
      if let made = watches.made { return made }
      let made = make()
      watches.made = made
      return made
    }
  }

  /// The watches to follow, when no other connection follows them; `releaseWatches` ends it.
  func claimWatches(make: () -> [any ChangeWatch]) -> [any ChangeWatch]? {
    let all = watches(make: make)
    return watchState.withLock { watches in
      if watches.followed { return nil }
      watches.followed = true
      return all
    }
  }

  /// Lets another connection follow the watches.
  func releaseWatches() {
    watchState.withLock { $0.followed = false }
    wakeIdle()
  }

  /// Whether any connection is subscribed to anything.
  var hasSubscribers: Bool {
    state.withLock { state in state.subscribers.values.contains { !$0.subscriptions.isEmpty } }
  }

  /// A notifier with no subscriber.
  package init() {}

  /// Whether any connection is subscribed to `topic`.
  package func hasSubscribers(to topic: NotificationTopic) -> Bool {
    state.withLock { state in
      state.subscribers.values.contains { $0.subscriptions.contains { $0.topic == topic } }
    }
  }

  /// Whether the counts are known (someone is subscribed to favourites and they were read).
  var generationOfCounts: UInt64? {
    state.withLock { $0.counts == nil ? nil : $0.generation }
  }

  /// Adds subscriptions for the connection of `push`.
  ///
  /// `prime` holds the counts and Top 3s as they are now, used when nobody was subscribed to
  /// favourites yet. Returns all of the connection's subscriptions, sorted.
  func subscribe(
    _ added: [Subscription], push: PushChannel,
    prime: (counts: [UniverseID: [Int: Int]], tops: [UniverseID: Top])?
  ) -> [Subscription] {
    let id = ObjectIdentifier(push)
    let (result, isNew) = state.withLock { state -> ([Subscription], Bool) in
      if let prime, state.counts == nil {
        state.counts = prime.counts
        state.tops = prime.tops
        state.generation &+= 1
      }
      let isNew = state.subscribers[id] == nil
      var subscriber = state.subscribers[id] ?? Subscriber(push: push)
      subscriber.subscriptions.formUnion(added)
      for (universe, top) in state.tops where subscriber.sentTops[universe] == nil {
        subscriber.sentTops[universe] = top.ranking
      }
      state.subscribers[id] = subscriber
      return (Self.sorted(subscriber.subscriptions), isNew)
    }
    if isNew { push.onClose { [self] in drop(id) } }
    wakeIdle()
    return result
  }

  /// Removes the connection's subscriptions to `topics` (all when nil) of `universe` (of every
  /// universe when nil); returns those left, sorted.
  func unsubscribe(topics: [NotificationTopic]?, universe: UniverseID?, push: PushChannel)
    -> [Subscription]
  {
    state.withLock { state -> [Subscription] in
      let id = ObjectIdentifier(push)
      guard var subscriber = state.subscribers[id] else { return [] }
      subscriber.subscriptions = subscriber.subscriptions.filter { subscription in
        let topicMatches = topics.map { $0.contains(subscription.topic) } ?? true
        let universeMatches = universe.map { subscription.universe == $0 } ?? true
        return !(topicMatches && universeMatches)
      }
      state.subscribers[id] = subscriber
      Self.forgetCountsIfUnwatched(&state)
      return Self.sorted(subscriber.subscriptions)
    }
  }

  /// Forgets a closed connection.
  private func drop(_ id: ObjectIdentifier) {
    state.withLock { state in
      state.subscribers[id] = nil
      Self.forgetCountsIfUnwatched(&state)
    }
  }

  /// Drops the counts once nobody is subscribed to favourites: they are not kept up to date then.
  private static func forgetCountsIfUnwatched(_ state: inout State) {
    let watched = state.subscribers.values.contains {
      $0.subscriptions.contains { $0.topic == .favorites }
    }
    if !watched, state.counts != nil {
      state.counts = nil
      state.tops = [:]
      state.generation &+= 1
    }
  }

  /// Takes counts read after a commit, by universe and quote id, and their Top 3s.
  ///
  /// Posts `favorites.changed` for every quote whose count differs from the last read to the
  /// connections subscribed to its universe's favourites. A read begun before `generation`
  /// changed is dropped.
  func countsRead(
    _ counts: [UniverseID: [Int: Int]], tops: [UniverseID: Top], generation: UInt64
  ) {
    let posts = state.withLock { state -> [(PushChannel, UniverseID, Int)] in
      guard state.generation == generation, var known = state.counts else { return [] }
      var changed: [(UniverseID, Int)] = []
      for (universe, now) in counts {
        let before = known[universe] ?? [:]
        for id in Set(before.keys).union(now.keys).sorted() where before[id] != now[id] {
          changed.append((universe, id))
        }
        known[universe] = now
      }
      state.counts = known
      state.tops.merge(tops) { _, new in new }
      return state.subscribers.values.flatMap { subscriber in
        changed.filter { subscriber.wants(.favorites, of: $0.0) }.map {
          (subscriber.push, $0.0, $0.1)
        }
      }
    }
    for (push, universe, quoteID) in posts {
      push.post(key: "favorites \(universe.rawValue) \(quoteID)") { [self] in
        render(universe: universe, quoteID: quoteID, push: push)
      }
    }
  }

  /// `favorites.changed` for the quote as things are when the writer takes it: its count now,
  /// and the Top 3 when it is not the one this subscriber last saw.
  private func render(universe: UniverseID, quoteID: Int, push: PushChannel) -> JSONValue? {
    let params = state.withLock { state -> FavoritesChanged.Params? in
      let id = ObjectIdentifier(push)
      guard var subscriber = state.subscribers[id], subscriber.wants(.favorites, of: universe),
        let counts = state.counts
      else { return nil }
      var params = FavoritesChanged.Params(
        universe: universe, quoteId: quoteID, favoriteCount: counts[universe]?[quoteID] ?? 0)
      if let top = state.tops[universe], subscriber.sentTops[universe] != top.ranking {
        params.top = top.records
        subscriber.sentTops[universe] = top.ranking
        state.subscribers[id] = subscriber
      }
      return params
    }
    guard let params, let encoded = try? JSONValueEncoder().encode(params) else { return nil }
    return Response.notification(method: FavoritesChanged.name, params: encoded)
  }

  /// Posts `catalog.changed` for `universe` to the connections subscribed to its catalog, but
  /// `except` (the connection whose refresh replaced it, which is told after its reply).
  func catalogChanged(_ universe: UniverseID, refreshedAt: String, except: PushChannel? = nil) {
    let pushes = state.withLock { state in
      state.subscribers.values.filter {
        $0.wants(.catalog, of: universe) && $0.push !== except
      }.map(\.push)
    }
    guard
      let params = try? JSONValueEncoder().encode(
        CatalogChanged.Params(universe: universe, refreshedAt: refreshedAt))
    else { return }
    let message = Response.notification(method: CatalogChanged.name, params: params)
    for push in pushes {
      push.post(key: "catalog \(universe.rawValue)") { message }
    }
  }

  /// By topic, then universe, every universe first.
  private static func sorted(_ subscriptions: Set<Subscription>) -> [Subscription] {
    subscriptions.sorted {
      if $0.topic != $1.topic { return $0.topic < $1.topic }
      return ($0.universe?.rawValue ?? "") < ($1.universe?.rawValue ?? "")
    }
  }
}
