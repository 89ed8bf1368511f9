import JSON
import JSONRPC

extension MethodRouter {
  /// Binds method `M`, which takes no params, to `handler`, run only when `version` (of the state
  /// its result is computed from: it changes whenever that state does) has changed since the
  /// last call; otherwise the last result is sent again, as it was serialized, without running
  /// anything (see `ResultMemo`).
  mutating func registerMemoized<M: RPCMethod>(
    _ method: M.Type, version: @escaping @Sendable () -> UInt64,
    handler: @escaping @Sendable (M.Params, RequestContext) async throws -> M.Result
  ) where M.Params: EmptyParams {
    let memo = ResultMemo()
    register(
      method,
      readyResult: { params in
        RegisteredMethod.isNone(params) ? memo.current(for: version()) : nil
      },
      answer: { params, context in
        try await memo.result(for: version()) { try await handler(params, context) }
      })
  }
}
