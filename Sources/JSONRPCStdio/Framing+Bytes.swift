import JSONRPC

extension Framing {
  /// Wraps a serialized message for the wire.
  package func frame(_ body: [UInt8], into output: inout [UInt8]) {
    switch self {
    case .newlineDelimited:
      output.append(contentsOf: body)
      output.append(UInt8(ascii: "\n"))
    case .contentLength:
      output.append(contentsOf: "Content-Length: \(body.count)\r\n\r\n".utf8)
      output.append(contentsOf: body)
    }
  }
}
