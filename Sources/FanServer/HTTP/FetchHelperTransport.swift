import FanAPI
import FoundationEssentials
import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// HTTP through `bbfan-fetch`, the helper executable installed beside `bbfan`: one process per
/// request, which performs it with URLSession and writes the answer back over a pipe.
///
/// This keeps Foundation's networking stack (libcurl and its libraries) out of `bbfan` itself,
/// whose every start would otherwise take about 7 ms longer. Cancelling the calling task kills
/// the helper at once.
package struct FetchHelperTransport: HTTPTransport {
  /// The helper's path.
  package let helperPath: String

  /// A transport running the helper at `helperPath`.
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

  /// Runs the helper for `exchange` and reads its answer.
  package func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
    guard access(helperPath, X_OK) == 0 else {
      throw UpstreamError(
        url: exchange.url,
        failure: .network(
          "bbfan's HTTP helper \(helperPath) is missing; install bbfan-fetch beside bbfan, or "
            + "set BBFAN_FETCH to its path"))
    }
    let request: Data
    do {
      request = try JSONEncoder().encode(exchange)
    } catch {
      throw UpstreamError(url: exchange.url, failure: .network("cannot encode the request"))
    }
    let child = try spawn(url: exchange.url)
    _ = POSIXIO.writeAll(child.input, Array(request))
    close(child.input)
    let reader = Mutex<OSThread?>(nil)
    let output = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<[UInt8], Never>) in
        let thread = OSThread {
          var bytes: [UInt8] = []
          var chunk = [UInt8](repeating: 0, count: 65_536)
          while true {
            let count = chunk.withUnsafeMutableBytes {
              read(child.output, $0.baseAddress, $0.count)
            }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[..<count]
          }
          close(child.output)
          var status: Int32 = 0
          while waitpid(child.pid, &status, 0) < 0, errno == EINTR {}
          continuation.resume(returning: bytes)
        }
        reader.withLock { $0 = thread }
      }
    } onCancel: {
      kill(child.pid, SIGKILL)
    }
    reader.withLock { $0?.join() }
    try Task.checkCancellation()
    return try FetchHelperTransport.answer(from: output, url: exchange.url)
  }

  /// The answer in the helper's output: a `HelperReplyHeader` line, then the body.
  private static func answer(from output: [UInt8], url: String) throws -> HTTPAnswer {
    guard let newline = output.firstIndex(of: 0x0A),
      let header = try? JSONDecoder().decode(
        HelperReplyHeader.self, from: Data(output[..<newline]))
    else {
      throw UpstreamError(
        url: url, failure: .network("bbfan-fetch, the HTTP helper, ended without an answer"))
    }
    if let failure = header.failure {
      throw UpstreamError(url: url, failure: failure.failure)
    }
    let body = output[(newline + 1)...]
    guard let status = header.status, header.bodyBytes == body.count else {
      throw UpstreamError(url: url, failure: .connectionLost)
    }
    return HTTPAnswer(status: status, headers: header.headers ?? [:], body: Data(body))
  }

  private struct Child: Sendable {
    var pid: pid_t
    var input: Int32
    var output: Int32
  }

  /// Starts the helper with pipes on its stdin and stdout (stderr is shared with bbfan's).
  private func spawn(url: String) throws -> Child {
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
    return Child(pid: pid, input: toChild[1], output: fromChild[0])
  }

  private func spawnFailure(_ url: String, _ reason: String? = nil) -> UpstreamError {
    UpstreamError(
      url: url,
      failure: .network(
        "cannot start the HTTP helper \(helperPath) (\(reason ?? String(cString: strerror(errno))))"
      ))
  }
}
