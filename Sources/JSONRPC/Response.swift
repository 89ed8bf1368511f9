import JSON

/// Builders for the messages the service writes, with a fixed member order so replies are
/// byte-stable: `jsonrpc`, `id`, then `result` or `error`; `jsonrpc`, `method`, `params`.
package enum Response {
  /// A successful reply.
  package static func success(id: RequestID, result: JSONValue) -> JSONValue {
    .object(JSONObject(["jsonrpc": .string("2.0"), "id": id.json, "result": result]))
  }

  /// An error reply.
  package static func failure(id: RequestID, error: JSONRPCError) -> JSONValue {
    .object(JSONObject(["jsonrpc": .string("2.0"), "id": id.json, "error": error.json]))
  }

  /// A notification from the service.
  package static func notification(method: String, params: JSONValue) -> JSONValue {
    .object(JSONObject(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
  }
}
