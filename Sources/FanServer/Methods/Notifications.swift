import FanCore
import FanProtocol
import JSONRPC

extension NotificationsSubscribe: RPCMethod {
  /// In order with the user-state requests: the counts it starts from are those after the
  /// changes requested before it.
  package static let scheduling = Scheduling.userState
}

extension NotificationsUnsubscribe: RPCMethod {
  /// In order with `notifications.subscribe`.
  package static let scheduling = Scheduling.userState
}

extension FanService {
  /// Registers the `notifications.*` methods.
  func registerNotificationMethods(into router: inout MethodRouter) {
    let service = self
    router.register(NotificationsSubscribe.self) { params, context in
      // Every connection has one; a one-shot answer's ends with it.
      guard let push = context.push else { return NotificationsSubscribe.Result(subscriptions: []) }
      if let universe = params.universe, !service.servedCatalogs.universes.contains(universe) {
        throw CatalogError.invalidValue(
          field: "universe", problem: "\(universe) is not served")
      }
      // The counts changes are compared with, read now when nobody was subscribed to
      // favourites (and so nobody kept them up to date).
      let prime =
        params.topics.contains(.favorites) && service.notifier.generationOfCounts == nil
        ? try service.currentFavoriteCounts() : nil
      return NotificationsSubscribe.Result(
        subscriptions: service.notifier.subscribe(
          params.topics.map { .init(topic: $0, universe: params.universe) }, push: push,
          prime: prime))
    }
    router.register(NotificationsUnsubscribe.self) { params, context in
      NotificationsUnsubscribe.Result(
        subscriptions: context.push.map {
          service.notifier.unsubscribe(
            topics: params.topics, universe: params.universe, push: $0)
        } ?? [])
    }
  }
}
