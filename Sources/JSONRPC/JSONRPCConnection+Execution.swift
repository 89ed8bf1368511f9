import JSON

extension JSONRPCConnection {
  func execute(
    _ route: Route, params: JSONValue?, context: RequestContext
  ) async -> Result<JSONValue, JSONRPCError> {
    let signal = context.signal
    if signal.isCancelled || stopped.load(ordering: .relaxed) {
      return .failure(.requestCancelled())
    }
    switch route.scheduling {
    case .ordered:
      return await run(route, params: params, context: context)
    case .concurrent where !route.isLongRunning:
      let outcome = await run(route, params: params, context: context)
      return signal.isCancelled ? .failure(.requestCancelled()) : outcome
    case .concurrent:
      let outcome = await withTaskGroup(of: Result<JSONValue, JSONRPCError>?.self) { race in
        race.addTask { await self.run(route, params: params, context: context) }
        race.addTask {
          await signal.wait()
          return nil
        }
        let first = await race.next() ?? nil
        race.cancelAll()
        return first
      }
      guard let outcome, !signal.isCancelled else { return .failure(.requestCancelled()) }
      return outcome
    }
  }

  func run(
    _ route: Route, params: JSONValue?, context: RequestContext
  ) async -> Result<JSONValue, JSONRPCError> {
    do {
      return .success(try await route.invoke(params, context))
    } catch {
      return .failure(jsonRPCError(for: error))
    }
  }

  /// The error a request is answered with for `error`: a `JSONRPCError` as it is, -32800 for
  /// cancellation, else what the error mapper makes of it.
  func jsonRPCError(for error: any Error) -> JSONRPCError {
    switch error {
    case let error as JSONRPCError: error
    case is CancellationError: .requestCancelled()
    default: errorMapper(error)
    }
  }
}
