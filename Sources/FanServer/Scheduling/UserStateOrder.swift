import JSONRPC

/// The ordering keys of the service's methods that read or change users' state.
///
/// Every such call runs after every earlier one, one at a time, on one queue per connection
/// (`UserStateQueue`): a request without a token acts for the current user, which a pipelined
/// `auth.login`, `auth.switch` or `auth.logout` changes, and a read that spans users
/// (`favorites.top`) sees every write that arrived before it.
enum UserStateOrder: OrderingKey {
  /// Commits on its own.
  case alone
  /// May share one commit with the sharing calls queued next to it: they still run one at a
  /// time in arrival order, but what they write is made durable together, and each is answered
  /// only once that is done. A method says so when its writes are short and independent of the
  /// replies of the requests before it (`favorites.toggle`).
  case sharingCommit
}
