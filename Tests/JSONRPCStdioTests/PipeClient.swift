import JSON
import JSONRPC
import JSONRPCStdio
import POSIXSupport

/// Runs a connection in-process over real pipes and talks to it as a client would.
final class PipeClient: Sendable {
  let inputWrite: Int32
  private let chunks: AsyncStream<[UInt8]>
  private let inputClosed = ConditionLock(false)
  private let reader: OSThread

  private init(inputWrite: Int32, outputRead: Int32) {
    self.inputWrite = inputWrite
    let (chunks, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    self.chunks = chunks
    reader = OSThread {
      var storage = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = storage.withUnsafeMutableBytes { read(outputRead, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        continuation.yield(Array(storage[0..<count]))
      }
      close(outputRead)
      continuation.finish()
    }
  }

  /// Serves `connection` on fresh pipes while `body` runs; closes the input when `body` returns
  /// (unless it did already) and waits for the connection to finish.
  static func session<R: Sendable>(
    _ connection: JSONRPCConnection, _ body: @Sendable (PipeClient) async throws -> R
  ) async throws -> R {
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    guard pipe(&input) == 0, pipe(&output) == 0 else { throw POSIXFailure(call: "pipe") }
    let client = PipeClient(inputWrite: input[1], outputRead: output[0])
    let (serverInput, serverOutput) = (input[0], output[1])
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        await connection.serve(input: serverInput, output: serverOutput)
        close(serverInput)
        close(serverOutput)
      }
      let result = try await body(client)
      client.closeInput()
      try await group.waitForAll()
      return result
    }
  }

  /// Writes raw text to the service's input.
  func send(_ text: String) {
    POSIXIO.writeAll(inputWrite, Array(text.utf8))
  }

  /// Writes one line.
  func sendLine(_ text: String) { send(text + "\n") }

  /// Signals end of input; calling it twice is harmless.
  func closeInput() {
    let shouldClose = inputClosed.withLock { closed -> Bool in
      defer { closed = true }
      return !closed
    }
    if shouldClose { close(inputWrite) }
  }

  private let iteratorBox = IteratorBox()

  private final class IteratorBox: @unchecked Sendable {
    var iterator: AsyncStream<[UInt8]>.Iterator?
    var pending: [UInt8] = []
  }

  /// The next line of output, parsed; nil at end of output.
  func nextMessage() async throws -> JSONValue? {
    guard let line = await nextLine() else { return nil }
    return try JSONParser.parse(line)
  }

  /// The next line of output as text; nil at end of output.
  func nextLine() async -> String? {
    if iteratorBox.iterator == nil { iteratorBox.iterator = chunks.makeAsyncIterator() }
    while true {
      if let newline = iteratorBox.pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(iteratorBox.pending[..<newline])
        iteratorBox.pending.removeSubrange(...newline)
        return String(decoding: line, as: UTF8.self)
      }
      guard let chunk = await iteratorBox.iterator?.next() else {
        if iteratorBox.pending.isEmpty { return nil }
        defer { iteratorBox.pending = [] }
        return String(decoding: iteratorBox.pending, as: UTF8.self)
      }
      iteratorBox.pending += chunk
    }
  }

  /// Everything left on the output until the service closes it.
  func readToEnd() async -> String {
    if iteratorBox.iterator == nil { iteratorBox.iterator = chunks.makeAsyncIterator() }
    var all = iteratorBox.pending
    iteratorBox.pending = []
    while let chunk = await iteratorBox.iterator?.next() { all += chunk }
    reader.join()
    return String(decoding: all, as: UTF8.self)
  }
}

struct POSIXFailure: Error {
  var call: String
}
