/// How a message is delimited on the byte stream; a reply uses the framing of its request.
///
/// The dispatcher only carries it from a request to its reply; a transport decides what it means
/// on the wire.
package enum Framing: Sendable, Hashable {
  /// One compact JSON text per line, ended by `\n` (`\r\n` tolerated on input).
  case newlineDelimited
  /// `Content-Length: N` headers, a blank line, then exactly N bytes of JSON (as LSP does).
  case contentLength
}
