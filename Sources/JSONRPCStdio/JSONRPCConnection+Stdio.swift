import JSONRPC

extension JSONRPCConnection {
  /// Serves messages read from `input` until it ends, lets every request in progress finish,
  /// writes every reply to `output`, and returns.
  ///
  /// `stopSource` gets the trigger that stops the reading (`bbfan` pulls it on SIGTERM or
  /// SIGINT): then requests already read go on, and their replies are written for
  /// `gracePeriod`. After that, unsent output is dropped, requests that have not started are
  /// cancelled, long-running ones are stopped as by a cancellation, and it returns as soon as
  /// the ones running are done.
  package func serve(
    input: Int32 = 0, output: Int32 = 1, recorder: TapeRecorder? = nil,
    gracePeriod: Duration = .seconds(1), stopSource: (any StopSource)? = nil
  ) async {
    let transport = StdioTransport(
      input: input, output: output, limits: limits, log: log, keepRaw: recorder != nil,
      gracePeriod: gracePeriod, stopSource: stopSource)
    await serve(over: transport, recorder: recorder)
  }
}
