import FanCurl
import FanServer
import JSON
import JSONRPC
import POSIXSupport

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
    // Only the catalog the request uses is loaded, when it uses it.
    configuration.loadsCatalogsAtStart = false
    // HTTP runs in this process, as in a running service. A request that will do HTTP loads
    // libcurl and sets it up now, on a thread
    // of its own, while the service loads its catalog and opens its database; its transfer waits
    // for that if it comes first. Any other request never loads libcurl. The thread is joined
    // before this returns, so that the process never exits (running libcurl's and OpenSSL's
    // clean-up) in the middle of their set-up, as a call that fails before its HTTP would.
    let preparing =
      FanService.needsHTTP(method: method, configuration: configuration)
      ? OSThread { _ = CurlTransport.prepare() } : nil
    defer { preparing?.join() }
    let connection: JSONRPCConnection
    do {
      connection = try ServiceComposition.service(configuration).makeConnection(
        forOneCallOf: method)
    } catch {
      StandardStreams.writeLine("bbfan: cannot start: \(error)", to: .error)
      return 1
    }
    var request = JSONObject([
      "jsonrpc": .string("2.0"), "id": .integer(1), "method": .string(method),
    ])
    if let params { request.set("params", params) }
    // News after the reply (catalog.changed) is for a connection that goes on showing lists; a
    // one-shot call ends with its reply, whose result says it (`changed`).
    let reply = await connection.respond(
      to: .object(request),
      send: { notification in
        StandardStreams.writeLine(notification, to: .error)
      }, afterReply: { _ in })
    if let result = reply?["result"] {
      StandardStreams.writeLine(result, to: .output)
      return 0
    }
    let error = reply?["error"] ?? JSONRPCError.internalError().json
    StandardStreams.writeLine(error, to: .error)
    return 1
  }
}
