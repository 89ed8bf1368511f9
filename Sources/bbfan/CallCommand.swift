import FanServer
import JSON
import JSONRPC

/// `bbfan call METHOD [PARAMS_JSON]`: one request through the same dispatch as the service.
enum CallCommand {
  /// Runs the request; prints the result (stdout) or the error object (stderr).
  ///
  /// Returns the exit status: 0 for a result, 1 for an error.
  static func run(method: String, params: JSONValue?, configuration: ServiceConfiguration) async
    -> Int32
  {
    // Usually another call follows: the database's write-ahead log is left for it.
    var configuration = configuration
    configuration.checkpointsOnClose = false
    // A request that will do HTTP starts the helper now, so that its start-up (loading libcurl
    // and its libraries, setting them up) runs on another core while the service loads its
    // catalog and opens its database, instead of after them; it is stopped before this returns.
    let helper = FetchHelperTransport(helperPath: FetchHelperTransport.defaultHelperPath())
    if FanService.needsHTTP(method: method, configuration: configuration) {
      helper.startEarly()
    }
    defer { helper.stop() }
    let connection: JSONRPCConnection
    do {
      connection = try FanService(configuration: configuration, httpTransport: helper)
        .makeConnection()
    } catch {
      StandardStreams.writeLine("bbfan: cannot start: \(error)", to: .error)
      return 1
    }
    var request = JSONObject([
      "jsonrpc": .string("2.0"), "id": .integer(1), "method": .string(method),
    ])
    if let params { request.set("params", params) }
    let reply = await connection.respond(to: .object(request)) { notification in
      StandardStreams.writeLine(notification.serializedText, to: .error)
    }
    if let result = reply?["result"] {
      StandardStreams.writeLine(result.serializedText, to: .output)
      return 0
    }
    let error = reply?["error"] ?? JSONRPCError.internalError().json
    StandardStreams.writeLine(error.serializedText, to: .error)
    return 1
  }
}
