import Synchronization

/// The requests that have arrived and not yet been answered, by id, for cancellation.
package final class InFlightRegistry: Sendable {
  private let entries = Mutex<[RequestID: [CancellationSignal]]>([:])

  /// Creates an empty registry.
  package init() {}

  /// Registers a request and returns the signal its handler watches.
  package func register(_ id: RequestID) -> CancellationSignal {
    let signal = CancellationSignal()
    entries.withLock { $0[id, default: []].append(signal) }
    return signal
  }

  /// Removes a request once it has been answered.
  package func remove(_ id: RequestID, _ signal: CancellationSignal) {
    entries.withLock { entries in
      entries[id]?.removeAll { $0 === signal }
      if entries[id]?.isEmpty == true { entries[id] = nil }
    }
  }

  /// Cancels every in-flight request with this id; returns whether there was one.
  @discardableResult
  package func cancel(_ id: RequestID) -> Bool {
    let signals = entries.withLock { $0[id] ?? [] }
    for signal in signals { signal.cancel() }
    return !signals.isEmpty
  }

  /// Cancels every request in flight (when the service stops).
  package func cancelAll() {
    let signals = entries.withLock { $0.values.flatMap { $0 } }
    for signal in signals { signal.cancel() }
  }
}
