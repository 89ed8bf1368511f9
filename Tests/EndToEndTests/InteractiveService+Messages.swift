import JSON

/// One JSON-RPC request as a line of newline-delimited JSON, as the end-to-end tests write them.
func jsonRPCLine(_ id: Int, _ method: String, _ params: String = "{}") -> String {
  #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n"
}

extension InteractiveService {
  /// The next message whose `method` or `id` is the one wanted, skipping the others; nil when
  /// none comes within 30 seconds of the last line.
  func nextMessage(method: String? = nil, id: Int? = nil) throws -> JSONValue? {
    while let line = readLine(timeout: 30) {
      let message = try JSONParser.parse(line)
      if let method, message["method"]?.stringValue == method { return message }
      if let id, message["id"] == .integer(Int64(id)) { return message }
    }
    return nil
  }
}
