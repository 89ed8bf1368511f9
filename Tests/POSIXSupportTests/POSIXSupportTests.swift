import POSIXSupport
import Testing

/// A pipe's two descriptors, closed by the test that opened them.
private struct Pipe {
  let readEnd: Int32
  let writeEnd: Int32

  init() throws {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0, "pipe(2) failed: \(String(cString: strerror(errno)))")
    readEnd = fds[0]
    writeEnd = fds[1]
  }

  /// Reads until `count` bytes have arrived or the write end is closed.
  func readBytes(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < count {
      let got = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if got <= 0 { break }
      bytes += chunk[0..<got]
    }
    return bytes
  }

  func closeBoth() {
    _ = close(readEnd)
    _ = close(writeEnd)
  }
}

@Suite("OSThread")
struct OSThreadTests {
  @Test("a joined thread has run its body by the time join returns")
  func joinWaitsForTheBody() {
    let steps = ConditionLock<[String]>([])
    let thread = OSThread {
      steps.withLock { $0.append("body") }
    }
    thread.join()
    steps.withLock { $0.append("after join") }
    #expect(steps.withLock { $0 } == ["body", "after join"])
  }

  @Test("joining a second time returns at once")
  func joinTwice() {
    let runs = ConditionLock(0)
    let thread = OSThread { runs.withLock { $0 += 1 } }
    thread.join()
    thread.join()
    #expect(runs.withLock { $0 } == 1)
  }

  @Test("a detached thread runs its body, on a thread of its own")
  func detachedThreadRuns() {
    let caller = pthread_self()
    let seen = ConditionLock<Bool?>(nil)
    let result = OSThread.detach {
      let other = pthread_equal(pthread_self(), caller) == 0
      seen.withLock { $0 = other }
      seen.broadcast()
    }
    #expect(result == 0)
    let onAnotherThread = seen.wait(until: { $0 != nil }, then: { $0 })
    #expect(onAnotherThread == true)
  }

  @Test("threads started together all run, each once")
  func manyThreads() {
    let total = ConditionLock(0)
    let threads = (1...8).map { value in OSThread { total.withLock { $0 += value } } }
    for thread in threads { thread.join() }
    #expect(total.withLock { $0 } == 36)
  }
}

@Suite("ConditionLock")
struct ConditionLockTests {
  @Test("wait blocks until another thread makes the condition hold and broadcasts")
  func waitUntilBroadcast() {
    let lock = ConditionLock<[Int]>([])
    let producer = OSThread {
      for value in 1...5 {
        lock.withLock { $0.append(value) }
        lock.broadcast()
      }
    }
    let seen = lock.wait(until: { $0.count == 5 }, then: { $0 })
    producer.join()
    #expect(seen == [1, 2, 3, 4, 5])
  }

  @Test("withLock gives its body's result and keeps its change")
  func withLockKeepsTheChange() {
    let lock = ConditionLock("a")
    let length = lock.withLock { state -> Int in
      state += "bc"
      return state.count
    }
    #expect(length == 3)
    #expect(lock.withLock { $0 } == "abc")
  }

  @Test("an error thrown in the body reaches the caller and the lock is released")
  func throwingBodyReleasesTheLock() {
    struct Refused: Error {}
    let lock = ConditionLock(1)
    #expect(throws: Refused.self) {
      try lock.withLock { _ in throw Refused() }
    }
    // Taken again from another thread: a lock left held would block it for ever.
    let other = OSThread { lock.withLock { $0 += 1 } }
    other.join()
    #expect(lock.withLock { $0 } == 2)
  }
}

@Suite("POSIXIO")
struct POSIXIOTests {
  @Test("writeAll carries every byte through a pipe, in order")
  func writeAllThroughAPipe() throws {
    let pipe = try Pipe()
    defer { pipe.closeBoth() }
    // More than a default pipe buffer (64 KiB), so the writer blocks until the reader drains.
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let received = ConditionLock<[UInt8]>([])
    let reader = OSThread {
      let got = pipe.readBytes(bytes.count)
      received.withLock { $0 = got }
    }
    let failure = POSIXIO.writeAll(pipe.writeEnd, bytes)
    reader.join()
    #expect(failure == nil)
    #expect(received.withLock { $0 } == bytes)
  }

  @Test("writeOnce writes what fits and says how much")
  func writeOnceCounts() throws {
    let pipe = try Pipe()
    defer { pipe.closeBoth() }
    let bytes: [UInt8] = Array("hello".utf8)
    let written = bytes.withUnsafeBytes {
      POSIXIO.writeOnce(pipe.writeEnd, $0.baseAddress, $0.count)
    }
    #expect(written == 5)
    #expect(pipe.readBytes(5) == bytes)
  }

  @Test("a closed descriptor is an error, with the system's reason")
  func closedDescriptorErrors() throws {
    let pipe = try Pipe()
    // The highest number the process may open (a new descriptor takes the lowest free one),
    // closed: a test running meanwhile that opens a file or a pipe is never given it, and never
    // gets the bytes written here (the pipe's own numbers were, now and then).
    let highest = Int32(clamping: sysconf(Int32(_SC_OPEN_MAX)) - 1)
    let closed = fcntl(pipe.writeEnd, F_DUPFD, highest)
    try #require(closed == highest && closed > 100)
    pipe.closeBoth()
    close(closed)
    let failure = POSIXIO.writeAll(closed, Array("lost".utf8))
    #expect(failure == String(cString: strerror(EBADF)))
    let written = [UInt8(1)].withUnsafeBytes {
      POSIXIO.writeOnce(closed, $0.baseAddress, $0.count)
    }
    #expect(written == -1)
    #expect(errno == EBADF)
  }

  @Test("widenPipe widens a pipe and leaves anything else alone")
  func widenPipe() throws {
    let pipe = try Pipe()
    defer { pipe.closeBoth() }
    let size = POSIXIO.widenPipe(pipe.writeEnd)
    #if os(Linux)
      let widened = try #require(size)
      // The system may refuse 1 MiB (a lower limit); the buffer is never below the default.
      #expect(widened >= 65_536 && widened <= POSIXIO.pipeBufferBytes)
    #else
      #expect(size == nil)
    #endif
    let devNull = open("/dev/null", O_WRONLY)
    try #require(devNull >= 0)
    defer { _ = close(devNull) }
    #expect(POSIXIO.widenPipe(devNull) == nil)
  }
}

@Suite("POSIXIO.readFile")
struct ReadFileTests {
  /// A file of `bytes` in a folder of its own, removed by the caller.
  private static func file(_ bytes: [UInt8]) throws -> (folder: String, path: String) {
    var template = Array("/tmp/bbfan-readfile-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    let folder = try #require(made)
    let path = folder + "/file"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(fd >= 0)
    #expect(POSIXIO.writeAll(fd, bytes) == nil)
    close(fd)
    return (folder, path)
  }

  @Test("a regular file is read whole, an empty one too", arguments: [0, 1, 4095, 4096, 70_000])
  func whole(size: Int) throws {
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let (folder, path) = try Self.file(bytes)
    defer {
      unlink(path)
      rmdir(folder)
    }
    #expect(POSIXIO.readFile(path, atMost: 70_000) == .success(bytes))
  }

  @Test("a missing file, a folder, a FIFO and a file over the limit are refused, each saying why")
  func refused() throws {
    let (folder, path) = try Self.file(Array(repeating: 1, count: 10))
    defer {
      unlink(path)
      rmdir(folder)
    }
    #expect(
      POSIXIO.readFile(folder + "/missing", atMost: 100)
        == .failure(.cannotOpen(reason: "No such file or directory")))
    #expect(POSIXIO.readFile(folder, atMost: 100) == .failure(.notRegularFile))
    // A FIFO: opened without waiting for a writer (O_NONBLOCK), and refused.
    let fifo = folder + "/fifo"
    try #require(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    #expect(POSIXIO.readFile(fifo, atMost: 100) == .failure(.notRegularFile))
    #expect(POSIXIO.readFile(path, atMost: 9) == .failure(.tooLarge(bytes: 10)))
    #expect(POSIXIO.readFile(path, atMost: 10) == .success(Array(repeating: 1, count: 10)))
    #expect(POSIXIO.ReadFailure.notRegularFile.reason == "it is not a regular file")
  }
}
