// The wire types are FanProtocol's, the very types the service answers with: re-exported so
// that a user writes only `import BBFanClient` and gets the params, results and records too.
@_exported import FanProtocol
import Foundation
import Synchronization

/// A running `bbfan serve` child process, with a typed async call for every method
/// (`BBFanClient+Methods.swift`: `episodes.get` is `episodesGet`).
///
/// ```swift
/// let client = try BBFanClient.launch()  // the bbfan on PATH
/// let seasons = try await client.episodesList(.init(series: .breakingBad)).seasons
/// _ = await client.shutdown()
/// ```
///
/// Calls may run concurrently; each reply goes to its own caller. Notifications (progress) arrive
/// on `notifications`. `shutdown()` ends the input, lets the service answer what is in flight and
/// waits for it to exit.
public final class BBFanClient: Sendable {
  private struct Pending: Sendable {
    /// A call waiting for its reply, and the size of the request it sent.
    struct Call: Sendable {
      var waiter: CheckedContinuation<Data, any Error>
      var size: Int
    }
    var nextID = 0
    var waiting: [Int: Call] = [:]
    var ended = false
  }

  /// bbfan's default `--max-message-bytes`: the largest request it reads (16 MiB).
  public static let defaultMaxMessageBytes = 16 * 1024 * 1024

  /// The largest request the service reads, in bytes: a larger one fails in the client, unsent.
  public let maxMessageBytes: Int

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

  /// Starts `executable serve ARGUMENTS`; the message limit is `maxMessageBytes` when given, else
  /// the `--max-message-bytes` of `arguments`, else bbfan's default.
  public static func launch(
    executable: URL, arguments: [String] = [], maxMessageBytes: Int? = nil
  ) throws -> BBFanClient {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve"] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    return BBFanClient(
      process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading,
      maxMessageBytes: maxMessageBytes ?? messageLimit(in: arguments))
  }

  /// The `--max-message-bytes` of a command line, else bbfan's default.
  static func messageLimit(in arguments: [String]) -> Int {
    for (index, argument) in arguments.enumerated() {
      if argument.hasPrefix("--max-message-bytes="),
        let limit = Int(argument.dropFirst("--max-message-bytes=".count))
      {
        return limit
      }
      if argument == "--max-message-bytes", index + 1 < arguments.count,
        let limit = Int(arguments[index + 1])
      {
        return limit
      }
    }
    return defaultMaxMessageBytes
  }

  private init(process: Process, input: FileHandle, output: FileHandle, maxMessageBytes: Int) {
    self.process = process
    self.input = input
    self.maxMessageBytes = maxMessageBytes
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
      let orphans = shared.pending.withLock { state -> [Pending.Call] in
        state.ended = true
        defer { state.waiting = [:] }
        return Array(state.waiting.values)
      }
      for orphan in orphans {
        orphan.waiter.resume(
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
        var limit: Int?

        private enum CodingKeys: String, CodingKey {
          case reason, field, problem, problems, existingId, limit
        }

        init(from decoder: any Decoder) throws {
          guard let data = try? decoder.container(keyedBy: CodingKeys.self) else { return }
          reason = try? data.decodeIfPresent(String.self, forKey: .reason)
          field = try? data.decodeIfPresent(String.self, forKey: .field)
          problem = try? data.decodeIfPresent(String.self, forKey: .problem)
          problems = try? data.decodeIfPresent([BBFanError.Problem].self, forKey: .problems)
          existingId = try? data.decodeIfPresent(Int.self, forKey: .existingId)
          limit = try? data.decodeIfPresent(Int.self, forKey: .limit)
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
      if envelope.method != nil {
        notifications.yield(line)
      } else if let error = envelope.error {
        failUnmatched(error, shared: shared)
      }
      return
    }
    guard let call = shared.pending.withLock({ $0.waiting.removeValue(forKey: id) }) else {
      return
    }
    if let error = envelope.error {
      call.waiter.resume(throwing: bbfanError(error))
    } else {
      call.waiter.resume(returning: line)
    }
  }

  /// The error an error reply stands for.
  private static func bbfanError(_ error: Envelope.ErrorObject) -> BBFanError {
    BBFanError(
      code: error.code, message: error.message, reason: error.data?.reason,
      field: error.data?.field, problem: error.data?.problem, problems: error.data?.problems,
      existingId: error.data?.existingId, limit: error.data?.limit)
  }

  /// Fails the calls an error with a null id may belong to.
  ///
  /// bbfan sends one only when it could not read the message's id: a `too-large` one belongs to
  /// a request larger than its `limit`, so each of those fails; any other cannot be matched, so
  /// every call still waiting fails.
  private static func failUnmatched(_ error: Envelope.ErrorObject, shared: Shared) {
    let limit = error.data?.reason == "too-large" ? error.data?.limit : nil
    let failed = shared.pending.withLock { state -> [Pending.Call] in
      let matching = state.waiting.filter { entry in limit.map { entry.value.size > $0 } ?? true }
      for id in matching.keys { state.waiting[id] = nil }
      return Array(matching.values)
    }
    for call in failed { call.waiter.resume(throwing: bbfanError(error)) }
  }

  private struct Reply<Result: Decodable>: Decodable {
    var result: Result
  }

  /// A method's params with the request's `progressToken`, in one object.
  private struct ProgressParams<Params: Encodable & Sendable>: Encodable, Sendable {
    var params: Params
    var progressToken: String?

    private enum CodingKeys: String, CodingKey { case progressToken }

    func encode(to encoder: any Encoder) throws {
      try params.encode(to: encoder)
      guard let progressToken else { return }
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(progressToken, forKey: .progressToken)
    }
  }

  private struct Request<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: Int
    var method: String
    var params: Params
  }

  /// Sends the method `M` with `params` and decodes its result with Foundation's `JSONDecoder`;
  /// error replies throw `BBFanError`.
  ///
  /// The decoder carries no wire vocabulary, so a universe, series or status this client does
  /// not know decodes as its raw value instead of failing. With a `progressToken`, each step of a
  /// long call arrives on `notifications` as `notifications/progress`.
  public func call<M: WireMethod>(
    _ method: M.Type, _ params: M.Params, progressToken: String? = nil
  ) async throws -> M.Result {
    try await call(
      M.name, ProgressParams(params: params, progressToken: progressToken), as: M.Result.self)
  }

  /// Sends the method `M`, which takes no params, and decodes its result.
  public func call<M: WireMethod>(_ method: M.Type) async throws -> M.Result
  where M.Params == NoParams {
    try await call(method, NoParams())
  }

  /// Sends the method named `method` with `params` and decodes the result as `Result`: for a
  /// request the typed calls cannot make (such as a deliberately wrong one); error replies throw
  /// `BBFanError`.
  public func call<Params: Encodable & Sendable, Result: Decodable>(
    _ method: String, _ params: Params, as type: Result.Type = Result.self
  ) async throws -> Result {
    let id = shared.pending.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    var data = try JSONEncoder().encode(Request(id: id, method: method, params: params))
    guard data.count <= maxMessageBytes else {
      // bbfan would skip it and answer -32600: refused here, at once, with the same error.
      throw BBFanError(
        code: -32600,
        message: "Invalid Request: the request is \(data.count) bytes, over bbfan's limit of "
          + "\(maxMessageBytes) bytes (--max-message-bytes); it was not sent",
        reason: "too-large", limit: maxMessageBytes)
    }
    data.append(0x0A)
    let request = data
    let line = try await withCheckedThrowingContinuation {
      (waiter: CheckedContinuation<Data, any Error>) in
      let registered = shared.pending.withLock { state -> Bool in
        guard !state.ended else { return false }
        state.waiting[id] = Pending.Call(waiter: waiter, size: request.count - 1)
        return true
      }
      guard registered else {
        waiter.resume(throwing: BBFanError(code: -32603, message: "The service has exited."))
        return
      }
      do {
        try input.write(contentsOf: request)
      } catch {
        if let call = shared.pending.withLock({ $0.waiting.removeValue(forKey: id) }) {
          call.waiter.resume(throwing: error)
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
