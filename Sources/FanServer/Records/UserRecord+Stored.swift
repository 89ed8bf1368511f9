import FanProtocol
import FanStorage

extension UserRecord {
  /// The record of `user`.
  package init(_ user: StoredUser) {
    self.init(id: user.id, username: user.username)
  }
}
