import JSON
import Synchronization

/// A method's `ParamBounds`, compiled from its params schema on the method's first call whose
/// params the floor does not admit.
///
/// So a process that answers one call (`bbfan call`) reads one schema, not all of them, and none
/// when its params are short: params within the smallest bound of every schema (`floor`) are
/// within this one's.
package final class LazyParamBounds: Sendable {
  private let schema: @Sendable () -> JSONValue?
  private let floor: ParamBounds.Floor?
  private let compiled = Mutex<(done: Bool, bounds: ParamBounds?)>((false, nil))

  /// Bounds read from what `schema` gives (the params schema; nil: none) when first needed;
  /// `floor`, when given, is at most every bound of that schema.
  package init(floor: ParamBounds.Floor? = nil, schema: @escaping @Sendable () -> JSONValue?) {
    self.floor = floor
    self.schema = schema
  }

  /// The bounds, compiled on first use; nil when the schema has none.
  package var bounds: ParamBounds? {
    compiled.withLock { state in
      if !state.done {
        state = (true, schema().flatMap(ParamBounds.init(schema:)))
      }
      return state.bounds
    }
  }

  /// Throws -32602 for the first value of `params` over its bound (see `ParamBounds.check`).
  package func check(_ params: JSONValue?, positional: [String]?) throws(JSONRPCError) {
    switch params {
    case nil, .null?: return
    case let params? where floor?.admits(params) == true: return
    default: try bounds?.check(params, positional: positional)
    }
  }
}
