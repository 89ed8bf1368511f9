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

  /// Why `readFile` gave no bytes.
  package enum ReadFailure: Error, Sendable, Equatable {
    /// `open(2)` failed; `reason` is `strerror(errno)`.
    case cannotOpen(reason: String)
    /// It is a folder, a FIFO, a device: not a regular file.
    case notRegularFile
    /// It holds `bytes` bytes, more than the limit (nothing was read).
    case tooLarge(bytes: Int)
    /// `read(2)` failed; `reason` is `strerror(errno)`.
    case cannotRead(reason: String)
    /// It did not hold the size it had when it was opened: it changed while it was read.
    case changedWhileRead

    /// What went wrong, in a few words a person can act on.
    package var reason: String {
      switch self {
      case .cannotOpen(let reason), .cannotRead(let reason): reason
      case .notRegularFile: "it is not a regular file"
      case .tooLarge(let bytes): "it holds \(bytes) bytes, more than can be read"
      case .changedWhileRead: "it changed while it was read"
      }
    }
  }

  /// The bytes of the regular file at `path`, read whole with `open` and `read` (retried on
  /// EINTR), when it holds at most `limit` bytes; otherwise what went wrong.
  ///
  /// The size is taken when the file is opened, and a file larger than `limit` is refused
  /// without being read; one that does not hold that size when read (it changed meanwhile) is
  /// refused too, rather than given cut short or grown.
  package static func readFile(_ path: String, atMost limit: Int) -> Result<[UInt8], ReadFailure> {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return .failure(.cannotOpen(reason: String(cString: strerror(errno)))) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return .failure(.notRegularFile)
    }
    let size = Int(info.st_size)
    guard size <= limit else { return .failure(.tooLarge(bytes: size)) }
    // One byte more than the size, to see a file that grew since.
    let capacity = size + 1
    var count = 0
    var failure: String?
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      while count < capacity {
        let got = read(fd, buffer.baseAddress.map { $0 + count }, capacity - count)
        if got < 0, errno == EINTR { continue }
        if got < 0 { failure = String(cString: strerror(errno)) }
        guard got > 0 else { break }
        count += got
      }
      initialized = count
    }
    if let failure { return .failure(.cannotRead(reason: failure)) }
    guard count == size else { return .failure(.changedWhileRead) }
    return .success(bytes)
  }
}
