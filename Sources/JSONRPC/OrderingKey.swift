/// What a server's `CallScheduler` knows an ordered call by (its place in the server's policy:
/// whose state it touches, what it may be grouped with).
///
/// The wire carries keys from the route to the scheduler and never reads them.
package protocol OrderingKey: Sendable {}
