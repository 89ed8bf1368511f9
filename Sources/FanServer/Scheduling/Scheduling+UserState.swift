import JSONRPC

extension Scheduling {
  /// Reads or changes users' state: after every earlier user-state call (see `UserStateOrder`).
  package static let userState = Scheduling.ordered(UserStateOrder.alone)

  /// Changes users' state in a short write that may share a commit with its neighbours (see
  /// `UserStateOrder.sharingCommit`).
  package static let userStateSharingCommit = Scheduling.ordered(UserStateOrder.sharingCommit)

  /// Whether the call may share a commit with the sharing calls queued next to it.
  package var sharesCommit: Bool {
    if case .ordered(let key) = self, let order = key as? UserStateOrder {
      order == .sharingCommit
    } else {
      false
    }
  }
}
