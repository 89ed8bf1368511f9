import JSON

/// A call routed to the code that answers it, and how the call is scheduled.
///
/// Scheduling belongs to the route, not to the method name: a router that forwards a call (an
/// MCP `tools/call` that runs the tool it names, say) returns the scheduling of what it forwards
/// to, chosen from the call's params.
package struct Route: Sendable {
  /// How the call is ordered relative to others.
  package var scheduling: Scheduling
  /// Whether the call may take long; see `RPCMethod.isLongRunning`.
  ///
  /// A quick concurrent call runs on the dispatch loop right away; a long-running one gets a
  /// task of its own, which a cancellation cancels.
  package var isLongRunning: Bool
  /// Whether this call's params make it expensive; see `RPCMethod.isExpensive`.
  ///
  /// An expensive concurrent call that is not long-running leaves the dispatch loop: it runs as
  /// a task on the scheduler's expensive lane, so the quick calls read after it overtake it.
  package var isExpensive: Bool
  /// Decodes the params, runs the handler and encodes the result.
  package var invoke: Body
  /// The result, when the route can give it at once without running anything (a result
  /// memoized by the server that is still current, say); nil when the call must run.
  package var readyResult: (@Sendable (_ params: JSONValue?) -> JSONValue?)?

  /// What answers a call: from its params (`progressToken` taken out) and context to its result;
  /// it throws a `JSONRPCError` to answer with, or any error for the connection's error mapper.
  package typealias Body =
    @Sendable (_ params: JSONValue?, _ context: RequestContext) async throws -> JSONValue

  /// Creates a route.
  package init(
    scheduling: Scheduling = .concurrent, isLongRunning: Bool = false, isExpensive: Bool = false,
    readyResult: (@Sendable (_ params: JSONValue?) -> JSONValue?)? = nil,
    invoke: @escaping Body
  ) {
    self.scheduling = scheduling
    self.isLongRunning = isLongRunning
    self.isExpensive = isExpensive
    self.readyResult = readyResult
    self.invoke = invoke
  }

  /// Whether the call runs to completion on the dispatch loop as soon as it is read: quick and
  /// concurrent, so a task of its own would cost more than the call.
  var runsInline: Bool {
    if case .concurrent = scheduling { !isLongRunning && !isExpensive } else { false }
  }

  /// Whether the call runs on the scheduler's expensive lane: concurrent, not long-running, and
  /// expensive for its params.
  var runsOnExpensiveLane: Bool {
    if case .concurrent = scheduling { !isLongRunning && isExpensive } else { false }
  }
}
