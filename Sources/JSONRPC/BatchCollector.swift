import JSON
import Synchronization

/// Gathers the replies of a batch and delivers them as one array, in request order, once every
/// element is done; notifications leave no slot, and an all-notification batch yields nothing.
final class BatchCollector: Sendable {
  private struct State {
    var replies: [JSONValue?]
    var remaining: Int
  }

  private let state: Mutex<State>
  private let completion: @Sendable (JSONValue?) -> Void

  init(count: Int, completion: @escaping @Sendable (JSONValue?) -> Void) {
    state = Mutex(State(replies: Array(repeating: nil, count: count), remaining: count))
    self.completion = completion
  }

  func set(_ index: Int, _ reply: JSONValue?) {
    let finished = state.withLock { state -> [JSONValue]? in
      state.replies[index] = reply
      state.remaining -= 1
      return state.remaining == 0 ? state.replies.compactMap { $0 } : nil
    }
    guard let finished else { return }
    completion(finished.isEmpty ? nil : .array(finished))
  }
}
