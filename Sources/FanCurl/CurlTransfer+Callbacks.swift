import CCurl
import FoundationEssentials

/// libcurl's header and write callbacks, on the transfer's thread.
extension CurlTransfer {
  /// Takes one header line: a status line starts a new response, `Name: value` adds a header.
  static let headerCallback: curl_write_callback = { data, size, count, context in
    let length = size * count
    guard let data, let context else { return length }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.header(UnsafeRawBufferPointer(start: data, count: length))
    return length
  }

  /// Takes a piece of the body; answering less than its length stops the transfer.
  static let writeCallback: curl_write_callback = { data, size, count, context in
    let length = size * count
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.body(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
  }

  private func header(_ line: UnsafeRawBufferPointer) {
    let bytes = Array(line)
    if bytes.starts(with: Array("HTTP/".utf8)) {
      received.withLock { $0.headers = [:] }
      return
    }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
    let name = String(decoding: Self.trimmed(bytes[..<colon]), as: UTF8.self)
    let value = String(decoding: Self.trimmed(bytes[(colon + 1)...]), as: UTF8.self)
    guard !name.isEmpty else { return }
    received.withLock { received in
      if let existing = received.headers[name] {
        received.headers[name] = existing + ", " + value
      } else {
        received.headers[name] = value
      }
    }
  }

  /// Appends `piece` to the body; false (and the body dropped) once it would pass the cap.
  private func body(_ piece: UnsafeRawBufferPointer) -> Bool {
    received.withLock { received in
      guard !received.overflowed else { return false }
      if received.body.count + piece.count > received.body.capacity {
        received.overflowed = true
        _ = received.body.take()  // unmapped at once
        return false
      }
      // Only a failure to map memory leaves the piece out.
      return received.body.append(piece)
    }
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let blank: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
    var slice = bytes
    while let first = slice.first, blank.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, blank.contains(last) { slice = slice.dropLast() }
    return slice
  }
}
