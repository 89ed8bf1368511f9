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

  /// The bytes of the regular file at `path`, read whole; nil when it cannot be.
  ///
  /// Read with `open` and `read` (retried on EINTR); nil when the file cannot be opened or
  /// read, is not a regular file, holds more than `limit` bytes, or does not hold the size it
  /// had when opened (it changed while read). For a file its reader can do without (a cache),
  /// whatever the reason.
  package static func readFile(_ path: String, atMost limit: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit
    else { return nil }
    // One byte more than the size, to see a file that grew since.
    let capacity = Int(info.st_size) + 1
    var count = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      while count < capacity {
        let got = read(fd, buffer.baseAddress.map { $0 + count }, capacity - count)
        if got < 0, errno == EINTR { continue }
        guard got > 0 else {
          if got < 0 { count = -1 }
          break
        }
        count += got
      }
      initialized = max(count, 0)
    }
    guard count == Int(info.st_size) else { return nil }
    return bytes
  }
}
