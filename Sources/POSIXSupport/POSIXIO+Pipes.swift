extension POSIXIO {
  /// The pipe buffer the service asks for on its standard input and output: 1 MiB, the most
  /// an unprivileged process may set by default (`/proc/sys/fs/pipe-max-size`).
  package static let pipeBufferBytes: Int32 = 1 << 20

  /// Widens the buffer of `fd` to `pipeBufferBytes` when it is a pipe (Linux only; elsewhere,
  /// and for files, terminals and sockets, nothing changes); returns the buffer's size after,
  /// or nil when it is not a pipe or could not be asked.
  ///
  /// With the default 64 KiB, a client reading a burst of replies (or writing a burst of
  /// requests) meets a full pipe every 64 KiB, and each time one side sleeps until the other
  /// wakes to empty it: at a few hundred bytes a reply, that is a wake-up every hundred or so.
  /// A refusal (a lower system limit) leaves the pipe as it was, which only costs that.
  @discardableResult
  package static func widenPipe(_ fd: Int32) -> Int32? {
    #if os(Linux)
      var status = stat()
      guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return nil }
      // F_SETPIPE_SZ and F_GETPIPE_SZ (linux/fcntl.h), which Glibc's module does not export.
      let setPipeSize: Int32 = 1031
      let getPipeSize: Int32 = 1032
      _ = fcntl(fd, setPipeSize, pipeBufferBytes)
      let size = fcntl(fd, getPipeSize)
      return size > 0 ? size : nil
    #else
      return nil
    #endif
  }
}
