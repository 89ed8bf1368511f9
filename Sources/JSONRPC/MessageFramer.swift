import JSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into messages, detecting the framing of each message on its own.
///
/// A message whose first line looks like a header (`Name: value`) is read with `Content-Length`
/// framing; anything else is one line of newline-delimited JSON. A UTF-8 byte order mark, blank
/// lines and `\r\n` endings are tolerated. Oversized messages are reported once and skipped, so the
/// stream goes on with the next message.
package struct MessageFramer {
  /// What the framer found in the stream.
  package enum Event: Equatable, Sendable {
    /// A complete message body.
    case message([UInt8], Framing)
    /// A message larger than the limit, skipped. `size` is known for `Content-Length` framing,
    /// and for a line whose end was reached; otherwise a lower bound. `id` is the message's own
    /// `id` member, read as its bytes were skipped (null when it could not be read).
    case oversized(Framing, size: Int, atLeast: Bool, id: RequestID)
    /// `Content-Length` headers that could not be used; the header block was skipped.
    case badHeaders(String)
    /// The input ended in the middle of a message.
    case truncated(Framing, String)
  }

  private enum Mode {
    case idle
    case line(scanned: Int)
    case headers
    case body(Int)
    /// Skipping the rest of an oversized line; `pending` holds its size so far while its id is
    /// still being read (nil once it was reported).
    case skipLine(pending: Pending?)
    /// Skipping the rest of an oversized `Content-Length` body.
    case skipBytes(Int, pending: Pending?)
  }

  /// An oversized message not reported yet, because its id is still being read.
  private struct Pending {
    var scanner: MessageIDScanner
    var size: Int
  }

  private var buffer: [UInt8] = []
  private var start = 0
  private var mode = Mode.idle
  private let limits: MessageLimits

  /// Creates a framer with the given limits.
  package init(limits: MessageLimits = MessageLimits()) {
    self.limits = limits
  }

  /// Adds bytes read from the stream.
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Adds bytes read from the stream.
  package mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  private var available: Int { buffer.count - start }

  /// The bytes appended and not yet taken as messages (or skipped).
  package var bufferedBytes: Int { available }

  /// The next event, or nil when more input is needed.
  package mutating func next() -> Event? {
    while true {
      switch mode {
      case .idle:
        skipBlank()
        guard available > 0 else { return nil }
        guard let isHeader = startsWithHeader() else { return nil }
        mode = isHeader ? .headers : .line(scanned: 0)
      case .line(let scanned):
        if let newline = find(UInt8(ascii: "\n"), from: start + scanned) {
          var end = newline
          if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
          let size = end - start
          let body = Array(buffer[start..<end])
          start = newline + 1
          mode = .idle
          if size > limits.maxMessageBytes {
            return .oversized(
              .newlineDelimited, size: size, atLeast: false, id: MessageIDScanner.id(in: body))
          }
          return .message(body, .newlineDelimited)
        }
        if available > limits.maxMessageBytes {
          var pending = Pending(scanner: MessageIDScanner(), size: available)
          pending.scanner.consume(buffer[start...])
          start = buffer.count
          if pending.scanner.isDone {
            mode = .skipLine(pending: nil)
            return .oversized(
              .newlineDelimited, size: pending.size, atLeast: true, id: pending.scanner.id)
          }
          mode = .skipLine(pending: pending)
          return nil
        }
        mode = .line(scanned: available)
        return nil
      case .skipLine(var pending):
        let from = start
        let newline = find(UInt8(ascii: "\n"), from: start)
        let end = newline ?? buffer.count
        if var report = pending {
          report.scanner.consume(buffer[start..<end])
          report.size += end - start
          pending = report
        }
        start = newline.map { $0 + 1 } ?? buffer.count
        mode = newline == nil ? .skipLine(pending: pending) : .idle
        if let report = pending, newline != nil || report.scanner.isDone {
          if newline == nil { mode = .skipLine(pending: nil) }
          var scanner = report.scanner
          scanner.finishValue()
          let endsInCR = newline != nil && end > from && buffer[end - 1] == UInt8(ascii: "\r")
          let size = endsInCR ? report.size - 1 : report.size
          return .oversized(
            .newlineDelimited, size: size, atLeast: newline == nil, id: scanner.id)
        }
        if newline == nil { return nil }
      case .headers:
        guard let event = readHeaders() else { return nil }
        if let event { return event }
      case .body(let length):
        guard available >= length else { return nil }
        let body = Array(buffer[start..<(start + length)])
        start += length
        mode = .idle
        return .message(body, .contentLength)
      case .skipBytes(let remaining, var pending):
        let skipped = min(remaining, available)
        pending?.scanner.consume(buffer[start..<(start + skipped)])
        start += skipped
        mode = skipped == remaining ? .idle : .skipBytes(remaining - skipped, pending: pending)
        if let report = pending, skipped == remaining || report.scanner.isDone {
          if skipped < remaining { mode = .skipBytes(remaining - skipped, pending: nil) }
          var scanner = report.scanner
          scanner.finishValue()
          return .oversized(.contentLength, size: report.size, atLeast: false, id: scanner.id)
        }
        if skipped < remaining { return nil }
      }
    }
  }

  /// Call at end of input: the last event, if the stream ended inside a message.
  package mutating func finish() -> Event? {
    switch mode {
    case .idle:
      skipBlank()
      guard available > 0 else { return nil }
      mode = .line(scanned: 0)
      return finish()
    case .line:
      var end = buffer.count
      if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let body = Array(buffer[start..<end])
      start = buffer.count
      mode = .idle
      if body.count > limits.maxMessageBytes {
        return .oversized(
          .newlineDelimited, size: body.count, atLeast: false, id: MessageIDScanner.id(in: body))
      }
      return .message(body, .newlineDelimited)
    case .headers:
      start = buffer.count
      mode = .idle
      return .truncated(.contentLength, "the input ended inside the Content-Length headers")
    case .body(let length):
      let have = available
      start = buffer.count
      mode = .idle
      return .truncated(
        .contentLength,
        "the input ended after \(have) of the \(length) bytes that Content-Length announced")
    case .skipLine(let pending):
      mode = .idle
      guard var report = pending else { return nil }
      report.scanner.finishValue()
      return .oversized(.newlineDelimited, size: report.size, atLeast: false, id: report.scanner.id)
    case .skipBytes(_, let pending):
      mode = .idle
      guard var report = pending else { return nil }
      report.scanner.finishValue()
      return .oversized(.contentLength, size: report.size, atLeast: false, id: report.scanner.id)
    }
  }

  // MARK: - Helpers

  private mutating func skipBlank() {
    while start < buffer.count {
      let byte = buffer[start]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: " ")
        || byte == UInt8(ascii: "\t")
      {
        start += 1
      } else if byte == 0xEF, buffer.count - start >= 3, buffer[start + 1] == 0xBB,
        buffer[start + 2] == 0xBF
      {
        start += 3
      } else {
        return
      }
    }
  }

  /// Whether the message at `start` begins with a `Name:` header; nil when it cannot tell yet.
  private func startsWithHeader() -> Bool? {
    var index = start
    while index < buffer.count {
      let byte = buffer[index]
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let isNameByte =
        isLetter || byte == UInt8(ascii: "-")
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      if index == start && !isLetter { return false }
      if byte == UInt8(ascii: ":") { return index > start }
      if !isNameByte { return false }
      index += 1
    }
    return available > 64 ? false : nil
  }

  private func find(_ byte: UInt8, from position: Int) -> Int? {
    guard position < buffer.count else { return nil }
    return buffer.withUnsafeBufferPointer { pointer -> Int? in
      guard let base = pointer.baseAddress else { return nil }
      guard let found = memchr(base + position, Int32(byte), pointer.count - position) else {
        return nil
      }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Reads a header block: nil when more input is needed, `.some(nil)` when the body follows.
  private mutating func readHeaders() -> Event?? {
    var lines: [String] = []
    var index = start
    var lineStart = start
    var end: Int?
    while index < buffer.count {
      if buffer[index] == UInt8(ascii: "\n") {
        var lineEnd = index
        if lineEnd > lineStart && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        if lineEnd == lineStart {
          end = index + 1
          break
        }
        lines.append(String(decoding: buffer[lineStart..<lineEnd], as: UTF8.self))
        lineStart = index + 1
      }
      index += 1
    }
    guard let end else {
      if available > limits.maxHeaderBytes {
        start = buffer.count
        mode = .skipLine(pending: nil)
        return .some(.badHeaders("the header block is longer than \(limits.maxHeaderBytes) bytes"))
      }
      return nil
    }
    start = end
    var length: Int?
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else {
        mode = .idle
        return .some(.badHeaders("the header line \(BriefQuote.quoted(line)) has no ':'"))
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpacesAndTabs()
      if name == "content-length" {
        guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), value.count <= 12,
          let parsed = Int(value)
        else {
          mode = .idle
          return .some(
            .badHeaders("Content-Length \(BriefQuote.quoted(value)) is not a whole number of bytes")
          )
        }
        length = parsed
      }
    }
    guard let length else {
      mode = .idle
      return .some(.badHeaders("the headers have no Content-Length"))
    }
    if length > limits.maxMessageBytes {
      mode = .skipBytes(length, pending: Pending(scanner: MessageIDScanner(), size: length))
      return .some(nil)
    }
    mode = .body(length)
    return .some(nil)
  }
}
