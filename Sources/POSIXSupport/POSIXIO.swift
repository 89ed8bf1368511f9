/// `write(2)` done right: retried on EINTR, and looped until every byte is written.
package enum POSIXIO {
  /// One `write(2)`, retried on EINTR; returns what it returns.
  package static func writeOnce(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    while true {
      let result = write(fd, pointer, count)
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  /// Writes all of `bytes`; returns nil when done, or `strerror(errno)` of the failing write.
  @discardableResult
  package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { raw -> String? in
      var offset = 0
      while offset < raw.count {
        let written = writeOnce(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written <= 0 {
          return written < 0 ? String(cString: strerror(errno)) : "nothing was written"
        }
        offset += written
      }
      return nil
    }
  }
}
