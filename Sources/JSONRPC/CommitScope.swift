/// Runs a group of user-state requests that share one commit, for the service behind a
/// connection (the JSON-RPC layer knows nothing of what a commit is).
///
/// The connection calls it with `body`, which runs the group's requests one after another in
/// arrival order and keeps their replies; the scope makes what they write durable together once
/// `body` has returned (one transaction for all of them, say, each request in a savepoint of its
/// own) and returns, or throws when that failed. Only then are the replies sent: each its own
/// result or error when the scope returned, and the scope's error for every one of them when it
/// threw, so that no reply claims a change that was not kept.
package typealias CommitScope =
  @concurrent @Sendable (_ body: @concurrent () async -> Void) async throws -> Void
