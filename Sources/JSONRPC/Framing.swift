/// How a message is delimited on the byte stream; a reply uses the framing of its request.
package enum Framing: Sendable, Hashable {
  /// One compact JSON text per line, ended by `\n` (`\r\n` tolerated on input).
  case newlineDelimited
  /// `Content-Length: N` headers, a blank line, then exactly N bytes of JSON (as LSP does).
  case contentLength

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
