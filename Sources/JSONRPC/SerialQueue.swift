import Synchronization

/// A queue of values taken one run at a time by one consumer, in the order they were appended;
/// the consumer waits while it is empty.
///
/// The building block of call queues: `ArrivalOrderQueue` takes its calls one at a time; a
/// server's queue may take a run of calls that belong together (`next(groupingWhile:limit:)`).
package final class SerialQueue<Element: Sendable>: Sendable {
  private struct State {
    var elements: [Element] = []
    var finished = false
    var waiter: CheckedContinuation<Void, Never>?

    /// The waiting consumer, taken so that it is resumed once.
    mutating func take() -> CheckedContinuation<Void, Never>? {
      defer { waiter = nil }
      return waiter
    }
  }

  private let state = Mutex(State())

  /// An empty queue.
  package init() {}

  /// Appends a value; it is taken after every value appended before it.
  package func append(_ element: Element) {
    let waiter = state.withLock { state in
      state.elements.append(element)
      return state.take()
    }
    waiter?.resume()
  }

  /// Lets the consumer's `next` return nil once the values already appended are taken.
  package func finish() {
    let waiter = state.withLock { state in
      state.finished = true
      return state.take()
    }
    waiter?.resume()
  }

  /// The next value; nil once finished and empty.
  package func next() async -> Element? {
    await next(groupingWhile: { _ in false }, limit: 1)?.first
  }

  /// The next value, with the values queued right behind it now (never waiting for more) while
  /// `belongs` holds for each of them and the first, at most `limit`; nil once finished and empty.
  package func next(groupingWhile belongs: (Element) -> Bool, limit: Int) async -> [Element]? {
    while true {
      let taken = state.withLock { state -> [Element]?? in
        guard let first = state.elements.first else { return state.finished ? .some(nil) : nil }
        guard belongs(first) else {
          state.elements.removeFirst()
          return .some([first])
        }
        var run: [Element] = []
        for element in state.elements.prefix(max(1, limit)) {
          guard belongs(element) else { break }
          run.append(element)
        }
        state.elements.removeFirst(run.count)
        return .some(run)
      }
      if let taken { return taken }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state -> Bool in
          if !state.elements.isEmpty || state.finished { return true }
          state.waiter = continuation
          return false
        }
        if ready { continuation.resume() }
      }
    }
  }
}
