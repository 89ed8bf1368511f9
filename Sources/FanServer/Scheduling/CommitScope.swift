/// Runs a group of user-state requests that share one commit (`UserStateQueue`'s groups).
///
/// The queue calls it with `body`, which runs the group's requests one after another in arrival
/// order and keeps their outcomes; the scope hands `body` the group's handle, opaque here, which
/// the queue gives each request it runs (`OrderedCall.run`'s scope, read by the handler as
/// `RequestContext.queueScope` and passed to the store's write: storage's `WriteGroup`). The scope
/// makes what they write with it durable together once `body` has returned (one transaction for
/// all of them, each request in a savepoint of its own) and returns, or throws when that failed. Only then are the replies sent: each its own result or
/// error when the scope returned, and the scope's error for every one of them when it threw, so
/// that no reply claims a change that was not kept.
typealias CommitScope =
  @concurrent @Sendable (_ body: @concurrent (_ group: any Sendable) async -> Void) async throws
  -> Void
