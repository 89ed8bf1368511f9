import Foundation
import Synchronization

/// A running `bbfan serve` child process, with a typed async call for every method.
///
/// ```swift
/// let client = try BBFanClient.launch()  // the bbfan on PATH
/// let seasons = try await client.episodesList(series: .breakingBad)
/// _ = await client.shutdown()
/// ```
///
/// Calls may run concurrently; each reply goes to its own caller. Notifications (progress) arrive
/// on `notifications`. `shutdown()` ends the input, lets the service answer what is in flight and
/// waits for it to exit.
public final class BBFanClient: Sendable {
  private struct Pending: Sendable {
    var nextID = 0
    var waiting: [Int: CheckedContinuation<Data, any Error>] = [:]
    var ended = false
  }

  /// The notifications the service sends (such as `notifications/progress`), as JSON objects.
  public let notifications: AsyncStream<Data>
  private let process: Process
  private let input: FileHandle
  private let shared = Shared()

  /// State shared with the reader thread.
  private final class Shared: Sendable {
    let pending = Mutex(Pending())
    let readerDone = Mutex(false)
  }

  /// Starts `executable serve ARGUMENTS`.
  public static func launch(executable: URL, arguments: [String] = []) throws -> BBFanClient {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve"] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    return BBFanClient(
      process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading)
  }

  private init(process: Process, input: FileHandle, output: FileHandle) {
    self.process = process
    self.input = input
    let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
    notifications = stream
    let shared = self.shared
    // A thread of its own reads the replies and hands each to the call that waits for it.
    Thread {
      var buffer = Data()
      while true {
        let chunk = output.availableData
        if chunk.isEmpty { break }
        buffer.append(chunk)
        while let newline = buffer.firstIndex(of: 0x0A) {
          let line = buffer[buffer.startIndex..<newline]
          buffer.removeSubrange(buffer.startIndex...newline)
          BBFanClient.deliver(Data(line), shared: shared, notifications: continuation)
        }
      }
      continuation.finish()
      let orphans = shared.pending.withLock { state -> [CheckedContinuation<Data, any Error>] in
        state.ended = true
        defer { state.waiting = [:] }
        return Array(state.waiting.values)
      }
      for orphan in orphans {
        orphan.resume(
          throwing: BBFanError(code: -32603, message: "The service exited before answering."))
      }
      shared.readerDone.withLock { $0 = true }
    }.start()
  }

  private struct Envelope: Decodable {
    struct ErrorObject: Decodable {
      /// The members of `data` the client reads; one of an unexpected type is left out, so
      /// that the reply still reaches its caller.
      struct Details: Decodable {
        var reason: String?
        var field: String?
        var problem: String?
        var problems: [BBFanError.Problem]?
        var existingId: Int?

        private enum CodingKeys: String, CodingKey {
          case reason, field, problem, problems, existingId
        }

        init(from decoder: any Decoder) throws {
          guard let data = try? decoder.container(keyedBy: CodingKeys.self) else { return }
          reason = try? data.decodeIfPresent(String.self, forKey: .reason)
          field = try? data.decodeIfPresent(String.self, forKey: .field)
          problem = try? data.decodeIfPresent(String.self, forKey: .problem)
          problems = try? data.decodeIfPresent([BBFanError.Problem].self, forKey: .problems)
          existingId = try? data.decodeIfPresent(Int.self, forKey: .existingId)
        }
      }
      var code: Int
      var message: String
      var data: Details?
    }
    var id: Int?
    var method: String?
    var error: ErrorObject?
  }

  private static func deliver(
    _ line: Data, shared: Shared, notifications: AsyncStream<Data>.Continuation
  ) {
    guard let envelope = try? JSONDecoder().decode(Envelope.self, from: line) else { return }
    guard let id = envelope.id else {
      if envelope.method != nil { notifications.yield(line) }
      return
    }
    guard let waiter = shared.pending.withLock({ $0.waiting.removeValue(forKey: id) }) else {
      return
    }
    if let error = envelope.error {
      waiter.resume(
        throwing: BBFanError(
          code: error.code, message: error.message, reason: error.data?.reason,
          field: error.data?.field, problem: error.data?.problem, problems: error.data?.problems,
          existingId: error.data?.existingId))
    } else {
      waiter.resume(returning: line)
    }
  }

  private struct Reply<Result: Decodable>: Decodable {
    var result: Result
  }

  private struct Request<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: Int
    var method: String
    var params: Params
  }

  /// Sends `method` with `params` and decodes the result as `Result`; error replies throw
  /// `BBFanError`.
  public func call<Params: Encodable & Sendable, Result: Decodable>(
    _ method: String, _ params: Params, as type: Result.Type = Result.self
  ) async throws -> Result {
    let line = try await withCheckedThrowingContinuation {
      (waiter: CheckedContinuation<Data, any Error>) in
      let id = shared.pending.withLock { state -> Int? in
        guard !state.ended else { return nil }
        state.nextID += 1
        state.waiting[state.nextID] = waiter
        return state.nextID
      }
      guard let id else {
        waiter.resume(throwing: BBFanError(code: -32603, message: "The service has exited."))
        return
      }
      do {
        var data = try JSONEncoder().encode(Request(id: id, method: method, params: params))
        data.append(0x0A)
        try input.write(contentsOf: data)
      } catch {
        if let waiting = shared.pending.withLock({ $0.waiting.removeValue(forKey: id) }) {
          waiting.resume(throwing: error)
        }
      }
    }
    return try JSONDecoder().decode(Reply<Result>.self, from: line).result
  }

  /// Ends the input, lets the service answer what is in flight, waits for it; its exit status.
  public func shutdown() async -> Int32 {
    try? input.close()
    let process = self.process
    let shared = self.shared
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
      Thread {
        // Not waitUntilExit(): on Linux, on a thread other than the one that started the
        // process, it runs an empty run loop over and over, a whole core until the exit.
        while process.isRunning { usleep(1000) }
        while !shared.readerDone.withLock({ $0 }) { usleep(1000) }
        finished.resume()
      }.start()
    }
    return process.terminationStatus
  }
}
