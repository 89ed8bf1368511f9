import FanAPI
import FoundationEssentials
import JSONRPCStdio
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// HTTP through `bbfan-fetch`, the helper executable installed beside `bbfan`.
///
/// The helper is started on the first request and kept for the life of this process, or until
/// `stop()`; requests go to it as lines on its stdin and come back, each with its id, on its
/// stdout, where a reader thread hands them to their callers. A running service uses it, so that
/// libcurl and the twenty-odd libraries it brings stay out of a long-running process (a one-shot
/// `bbfan call` loads libcurl itself instead: see `CurlTransport` and the README), and only its
/// first request pays for starting the helper. Cancelling a request answers its
/// caller at once and tells the helper to stop it. If the helper dies, the requests in flight
/// fail and the next one starts a new helper. It exits when this process closes its stdin
/// (at exit).
package final class FetchHelperTransport: HTTPTransport, Sendable {
  private struct Running {
    var pid: pid_t
    var input: Int32
  }

  private struct Waiter {
    var continuation: CheckedContinuation<HTTPAnswer, any Error>
    var url: String
  }

  private struct State {
    var running: Running?
    var reader: OSThread?
    var nextID = 0
    var pending: [Int: Waiter] = [:]
  }

  /// The helper's path.
  package let helperPath: String
  private let state = Mutex(State())

  /// A transport running the helper at `helperPath` when it is first needed.
  package init(helperPath: String) {
    self.helperPath = helperPath
  }

  /// `$BBFAN_FETCH` if set, else `bbfan-fetch` in the folder of the running executable.
  package static func defaultHelperPath() -> String {
    if let path = getenv("BBFAN_FETCH"), path.pointee != 0 { return String(cString: path) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
          readlink("/proc/self/exe", $0, pointer.count - 1)
        }
      } ?? -1
    }
    let executable =
      count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : CommandLine.arguments[0]
    let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    return (folder.isEmpty && !executable.hasPrefix("/") ? "." : folder) + "/bbfan-fetch"
  }

  /// Sends `exchange` to the helper and waits for its answer.
  package func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
    let id = state.withLock {
      $0.nextID += 1
      return $0.nextID
    }
    let line: [UInt8]
    do {
      line = Array(try JSONEncoder().encode(HelperRequest(id: id, exchange: exchange))) + [0x0A]
    } catch {
      throw UpstreamError(url: exchange.url, failure: .network("cannot encode the request"))
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let refusal = state.withLock { state -> (any Error)? in
          // The flag is set before the cancellation handler runs, and both look under the lock:
          // either this sees it, or the handler finds the request pending.
          if Task.isCancelled { return CancellationError() }
          do {
            let running = try start(&state, url: exchange.url)
            state.pending[id] = Waiter(continuation: continuation, url: exchange.url)
            if let problem = POSIXIO.writeAll(running.input, line) {
              state.pending[id] = nil
              return UpstreamError(
                url: exchange.url,
                failure: .network("cannot reach the HTTP helper \(helperPath) (\(problem))"))
            }
            return nil
          } catch {
            return error
          }
        }
        if let refusal { continuation.resume(throwing: refusal) }
      }
    } onCancel: {
      cancel(id)
    }
  }

  /// Stops the helper, if one is running, and waits until it has ended and the requests still
  /// waiting on it have failed.
  ///
  /// The next request starts a new helper.
  package func stop() {
    let reader = state.withLock { state -> OSThread? in
      // The reader forgets the helper before it reaps it, so this pid is still the helper's.
      if let running = state.running { kill(running.pid, SIGKILL) }
      defer { state.reader = nil }
      return state.reader
    }
    reader?.join()  // its output ends with it, and the reader reaps it
  }

  /// Answers request `id` with a cancellation now, and asks the helper to stop it.
  private func cancel(_ id: Int) {
    let waiter = state.withLock { state -> Waiter? in
      guard let waiter = state.pending.removeValue(forKey: id) else { return nil }
      if let running = state.running {
        // Best effort: if the helper has gone, there is nothing left to stop.
        _ = POSIXIO.writeAll(running.input, Array(#"{"id":\#(id),"cancel":true}"#.utf8) + [0x0A])
      }
      return waiter
    }
    waiter?.continuation.resume(throwing: CancellationError())
  }

  /// The running helper, started if there is none; called with the state locked.
  private func start(_ state: inout State, url: String) throws -> Running {
    if let running = state.running { return running }
    guard access(helperPath, X_OK) == 0 else {
      throw UpstreamError(
        url: url,
        failure: .network(
          "bbfan's HTTP helper \(helperPath) is missing; install bbfan-fetch beside bbfan, or "
            + "set BBFAN_FETCH to its path"))
    }
    state.reader?.join()  // the reader of a helper that has ended
    let (pid, input, output) = try spawn(url: url)
    let running = Running(pid: pid, input: input)
    state.running = running
    state.reader = OSThread { [self] in readReplies(from: output, pid: pid) }
    return running
  }

  // MARK: - The reader thread

  /// Reads replies until the helper's output ends, handing each to its caller; then fails
  /// whatever is still waiting and forgets the helper.
  private func readReplies(from output: Int32, pid: pid_t) {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var header: HelperReplyHeader?
    reading: while true {
      // Hand out every complete reply in the buffer.
      while true {
        if header == nil {
          guard let newline = buffer.firstIndex(of: 0x0A) else { break }
          let line = Data(buffer[..<newline])
          buffer.removeSubrange(...newline)
          guard let decoded = try? JSONDecoder().decode(HelperReplyHeader.self, from: line) else {
            break reading  // not the helper's protocol: give up on this helper
          }
          header = decoded
        }
        guard let current = header else { break }
        let length = current.bodyBytes ?? 0
        guard buffer.count >= length else { break }
        let body = Data(buffer[..<length])
        buffer.removeSubrange(..<length)
        header = nil
        deliver(current, body: body)
      }
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      buffer += chunk[..<count]
    }
    close(output)
    let orphans = state.withLock { state -> [Waiter] in
      if let running = state.running, running.pid == pid {
        close(running.input)
        state.running = nil
      }
      defer { state.pending = [:] }
      return Array(state.pending.values)
    }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    for orphan in orphans {
      orphan.continuation.resume(
        throwing: UpstreamError(
          url: orphan.url, failure: .network("the HTTP helper \(helperPath) stopped; try again")))
    }
  }

  private func deliver(_ header: HelperReplyHeader, body: Data) {
    guard let waiter = state.withLock({ $0.pending.removeValue(forKey: header.id) }) else {
      return  // cancelled meanwhile
    }
    if let failure = header.failure {
      waiter.continuation.resume(throwing: UpstreamError(url: waiter.url, failure: failure.failure))
    } else if let status = header.status {
      waiter.continuation.resume(
        returning: HTTPAnswer(status: status, headers: header.headers ?? [:], body: body))
    } else {
      waiter.continuation.resume(
        throwing: UpstreamError(
          url: waiter.url, failure: .network("the HTTP helper sent no status")))
    }
  }

  // MARK: - Starting the helper

  /// Starts the helper with pipes on its stdin and stdout (stderr is shared with bbfan's).
  private func spawn(url: String) throws -> (pid: pid_t, input: Int32, output: Int32) {
    var toChild: [Int32] = [-1, -1]
    var fromChild: [Int32] = [-1, -1]
    guard pipe(&toChild) == 0 else { throw spawnFailure(url) }
    guard pipe(&fromChild) == 0 else {
      close(toChild[0])
      close(toChild[1])
      throw spawnFailure(url)
    }
    // No other child may inherit these ends (pipe2 is not in Glibc's Swift module).
    for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    // Nothing else open in the helper: not a descriptor that bbfan inherited without
    // close-on-exec, nor one that another thread has just made (Foundation's Process, in a
    // process that embeds the service, makes a socket pair for each child it starts, and learns
    // that the child has ended only when every copy of one end has closed), which the helper
    // would otherwise hold for as long as it runs. The helper closes nothing itself (see its
    // main). glibc 2.34 and later close them all in the child (closefrom, atomic with respect
    // to other threads); elsewhere, those open now are closed.
    if let closeFrom = Self.addCloseFrom() {
      _ = closeFrom(&actions, 3)
    } else {
      for fd in Self.openDescriptors() where fd > 2 {
        posix_spawn_file_actions_addclose(&actions, fd)
      }
    }
    var pid: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(helperPath), nil]
    defer { for argument in arguments { free(argument) } }
    let result = posix_spawn(&pid, helperPath, &actions, nil, arguments, environ)
    close(toChild[0])
    close(fromChild[1])
    guard result == 0 else {
      close(toChild[1])
      close(fromChild[0])
      throw spawnFailure(url, String(cString: strerror(result)))
    }
    return (pid, toChild[1], fromChild[0])
  }

  private typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
  /// module does not declare; nil where there is none.
  private static func addCloseFrom() -> AddCloseFrom? {
    #if canImport(Glibc)
      dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: AddCloseFrom.self)
      }
    #else
      nil
    #endif
  }

  /// The descriptors open in this process now (none where there is no `/proc/self/fd`); one
  /// closed meanwhile is harmless: closing it in the child then fails quietly.
  private static func openDescriptors() -> [Int32] {
    guard let directory = opendir("/proc/self/fd") else { return [] }
    defer { closedir(directory) }
    let own = dirfd(directory)
    var descriptors: [Int32] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let fd = Int32(name), fd != own { descriptors.append(fd) }
    }
    return descriptors
  }

  private func spawnFailure(_ url: String, _ reason: String? = nil) -> UpstreamError {
    UpstreamError(
      url: url,
      failure: .network(
        "cannot start the HTTP helper \(helperPath) (\(reason ?? String(cString: strerror(errno))))"
      ))
  }
}
