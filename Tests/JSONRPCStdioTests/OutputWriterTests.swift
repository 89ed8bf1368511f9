import POSIXSupport
import Testing

@testable import JSON
@testable import JSONRPC
@testable import JSONRPCStdio

@Suite("OutputWriter and its queue", .timeLimit(.minutes(5)))
struct OutputWriterTests {
  @Test("the queue counts exactly the unwritten bytes and gives them back in order")
  func queueOrder() {
    var queue = OutputQueue()
    var expected: [UInt8] = []
    for index in 0..<200 {
      let body = [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: index * 37)
      queue.append(body, framing: .newlineDelimited, frontInUse: index % 3 == 0)
      expected += body + [0x0A]
    }
    #expect(queue.count == expected.count)
    var taken: [UInt8] = []
    while let front = queue.front(limit: 1000) {
      let part = Array(front.prefix(777))
      taken += part
      queue.removeFirst(part.count)
    }
    #expect(taken == expected)
    #expect(queue.isEmpty)
  }

  @Test("written blocks are reused for later messages, which still come out whole and in order")
  func queueReuse() {
    var queue = OutputQueue()
    var expected: [UInt8] = []
    var taken: [UInt8] = []
    // Fill several blocks, write most of them, and fill again, many times over.
    for round in 0..<20 {
      for index in 0..<300 {
        let body = [UInt8](repeating: UInt8(ascii: "a") + UInt8((round + index) % 26), count: 700)
        queue.append(body, framing: .newlineDelimited, frontInUse: false)
        expected += body + [0x0A]
      }
      while queue.count > 10_000, let front = queue.front(limit: 50_000) {
        taken += front
        queue.removeFirst(front.count)
      }
    }
    while let front = queue.front(limit: 50_000) {
      taken += front
      queue.removeFirst(front.count)
    }
    #expect(taken == expected)
    #expect(queue.isEmpty)
  }

  @Test("past the limit, hasRoom is false and waitForRoom waits until half of it has been read")
  func backPressure() async throws {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    signal(SIGPIPE, SIG_IGN)
    let writer = OutputWriter(fd: fds[1], limit: 200_000, log: DiagnosticLog(level: .off))
    let line = JSONValue.string(String(repeating: "x", count: 10_000))
    // The pipe takes 64 KiB; the rest waits in the writer.
    for _ in 0..<30 { writer.send(line, framing: .newlineDelimited) }
    #expect(!writer.hasRoom)
    async let room: Void = writer.waitForRoom()
    var buffer = [UInt8](repeating: 0, count: 65536)
    var total = 0
    while !writer.hasRoom {
      let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      try #require(count > 0)
      total += count
    }
    await room
    // 30 lines of 10,003 bytes: at least 100,000 of them were read before room came back.
    #expect(total >= 30 * 10_003 - 100_000 - 65536)
    // With the reader gone, the rest fails to write (EPIPE) and close() returns.
    close(fds[0])
    writer.close()
    #expect(writer.hasRoom)
    close(fds[1])
  }

  @Test("a pipe is written without blocking through a description of its own, whole and in order")
  func pipeWrittenInBlocks() async throws {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    signal(SIGPIPE, SIG_IGN)
    let writer = OutputWriter(fd: fds[1], limit: 64 << 20, log: DiagnosticLog(level: .off))
    // The description the writer was given, which the process at the other end may share, is
    // left blocking.
    #expect(fcntl(fds[1], F_GETFL) & O_NONBLOCK == 0)
    var expected: [UInt8] = []
    writer.cork()
    for index in 0..<2_000 {
      let text = String(
        repeating: String(UnicodeScalar(UInt8(97 + index % 26))), count: index % 900)
      writer.send(.string(text), framing: .newlineDelimited)
      expected += Array("\"\(text)\"\n".utf8)
    }
    writer.uncork()
    // Read slowly, a little at a time, so that the writer meets a full pipe again and again.
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 3_000)
    while received.count < expected.count {
      let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      try #require(count > 0)
      received += buffer[..<count]
    }
    #expect(received == expected)
    writer.close()
    close(fds[0])
    close(fds[1])
  }
}
