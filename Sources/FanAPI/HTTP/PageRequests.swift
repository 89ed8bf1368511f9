import FoundationEssentials

/// The requests of one refresh, up to `limit` in flight at once, each body taken in order.
///
/// Bodies are planned by slot (a list and a page) with the URL they are expected at; the
/// earliest planned ones are requested while fewer than `limit` are in flight and fewer than
/// four times `limit` wait, arrived, to be taken (the memory a refresh holds ahead stays
/// bounded). `take` gives the body of a slot at a URL: the one requested for it when the URL is
/// the same, else a request made then (the guess is dropped, with the guesses after it).
struct PageRequests {
  /// A list (its index among the universe's) and a page of it, from 1: ordered as they are
  /// taken.
  struct Slot: Hashable, Comparable, Sendable {
    /// The list's index.
    var list: Int
    /// The page, from 1.
    var page: Int

    static func < (a: Slot, b: Slot) -> Bool {
      (a.list, a.page) < (b.list, b.page)
    }
  }

  /// A request's outcome.
  struct Arrival: Sendable {
    /// What it was for.
    var slot: Slot
    /// The URL it asked.
    var url: String
    /// The body, or why there is none.
    var outcome: Result<HTTPCatalogSource.FetchedResource, any Error>
  }

  /// What performs one request.
  typealias Fetch =
    @Sendable (Slot, URL) async -> Result<HTTPCatalogSource.FetchedResource, any Error>

  private let limit: Int
  private let perform: Fetch
  private var planned: [Slot: URL] = [:]
  private var requested: [Slot: String] = [:]
  private var arrived: [Slot: Arrival] = [:]
  private var inFlight = 0

  /// Requests made with `perform`, at most `limit` at once.
  init(limit: Int, perform: @escaping Fetch) {
    self.limit = limit
    self.perform = perform
  }

  /// Plans a request of `url` for `slot`, unless one is planned or made for it already.
  mutating func plan(_ slot: Slot, url: URL) {
    guard planned[slot] == nil, requested[slot] == nil else { return }
    planned[slot] = url
  }

  /// Forgets whatever is planned, on its way or arrived for `list` (its pages are all taken).
  mutating func forget(list: Int) {
    planned = planned.filter { $0.key.list != list }
    requested = requested.filter { $0.key.list != list }
    arrived = arrived.filter { $0.key.list != list }
  }

  /// The body of `slot` at `url`, waiting for it (and requesting it, if no request of it is
  /// made or planned); throws what its request threw.
  mutating func take(
    _ slot: Slot, url: URL, group: inout ThrowingTaskGroup<Arrival, any Error>
  ) async throws -> HTTPCatalogSource.FetchedResource {
    let text = url.absoluteString
    let guessed = requested[slot] ?? planned[slot]?.absoluteString
    if guessed != text {
      // A wrong guess (or none): it and the guesses after it in this list are dropped.
      drop(list: slot.list, from: slot.page)
      planned[slot] = url
    }
    while true {
      if let arrival = arrived[slot], arrival.url == text {
        arrived[slot] = nil
        return try arrival.outcome.get()
      }
      if planned[slot] != nil, inFlight < limit { start(slot, group: &group) }
      startPlanned(group: &group)
      guard let arrival = try await group.next() else { throw CancellationError() }
      inFlight -= 1
      if requested[arrival.slot] == arrival.url { arrived[arrival.slot] = arrival }
    }
  }

  /// Drops what is planned, on its way or arrived for `list` from `page` on.
  private mutating func drop(list: Int, from page: Int) {
    let keep = { (slot: Slot) in slot.list != list || slot.page < page }
    planned = planned.filter { keep($0.key) }
    requested = requested.filter { keep($0.key) }
    arrived = arrived.filter { keep($0.key) }
  }

  /// Starts the earliest planned requests while there is room.
  private mutating func startPlanned(group: inout ThrowingTaskGroup<Arrival, any Error>) {
    while inFlight < limit, inFlight + arrived.count < 4 * limit,
      let slot = planned.keys.min()
    {
      start(slot, group: &group)
    }
  }

  private mutating func start(_ slot: Slot, group: inout ThrowingTaskGroup<Arrival, any Error>) {
    guard let url = planned.removeValue(forKey: slot) else { return }
    let text = url.absoluteString
    requested[slot] = text
    inFlight += 1
    let perform = self.perform
    group.addTask { Arrival(slot: slot, url: text, outcome: await perform(slot, url)) }
  }
}
