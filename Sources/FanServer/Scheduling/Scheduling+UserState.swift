import JSONRPC

extension Scheduling {
  /// Reads or changes users' state: after every earlier user-state call (see `UserStateOrder`).
  package static let userState = Scheduling.ordered(UserStateOrder.alone)

  /// Changes users' state in a short write that may share a commit with its neighbours (see
  /// `UserStateOrder.sharingCommit`).
  package static let userStateSharingCommit = Scheduling.ordered(UserStateOrder.sharingCommit)
}
