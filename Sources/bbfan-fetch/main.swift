// bbfan-fetch: the HTTP helper of bbfan. It performs GET requests with libcurl (`CurlTransport`)
// for one bbfan process, for as long as that process keeps its stdin open.
//
// A running bbfan starts it on its first catalog.refresh or images.fetch, so that a long-running
// service never holds libcurl and the libraries it brings (TLS, HTTP/2, Kerberos, LDAP...); and
// it keeps it running, so that only the first request pays for starting it. (A one-shot
// `bbfan call` does its one exchange itself, loading libcurl with dlopen: one process to start
// instead of two.) Transfers to one host reuse the connection an earlier one left open.
//
// stdin: `HelperRequest` lines (JSON): perform an exchange, or cancel one. stdout: for each
// exchange, a `HelperReplyHeader` line with the same id, followed by exactly `bodyBytes` bytes of
// body. Exchanges run concurrently; each reply is written whole. At the end of stdin, whatever is
// still running is cancelled and the helper exits 0.
//
// It uses FoundationEssentials only (JSON and Data), not Foundation, which would bring ICU and its
// start-up cost to the service's first HTTP request.
import FanAPI
import FanCurl
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// It closes no descriptor it did not open, even one it inherited by mistake: a parent may hand
// one down on purpose. Foundation's Process on Linux learns that its child has ended when the
// child's copy of a socket closes, then waits for it with a blocking waitpid on the one thread
// that watches every child: a helper that closed that socket at start left the thread waiting
// until the helper exited, so no other child's exit was seen meanwhile (a test process that
// started the helper this way hung). bbfan starts it with nothing open beyond stdin, stdout and
// stderr (FetchHelperTransport), so it cannot hold another child's pipe open.

// libcurl runs with CURLOPT_NOSIGNAL (transfers run on threads of their own), so it does not
// ignore SIGPIPE itself: a TLS peer that resets the connection must be an error, not the end of
// the helper. A closed stdout is seen as a failed write.
signal(SIGPIPE, SIG_IGN)

/// Writes `message` and a newline to stderr (bbfan's, which the helper shares).
func complain(_ message: String) {
  let line = Array((message + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Writes each reply whole, one at a time.
final class ReplyWriter: Sendable {
  private let lock = Mutex(())

  /// Writes `header` as a line, then `body` (not copied after it); exits if bbfan has gone.
  func send(_ header: HelperReplyHeader, body: Data) {
    var line: Data
    do {
      line = try JSONEncoder().encode(header)
    } catch {
      complain("bbfan-fetch: cannot encode a reply: \(error)")
      exit(2)
    }
    line.append(0x0A)
    lock.withLock { _ in
      guard Self.writeAll(line), Self.writeAll(body) else {
        exit(0)  // bbfan closed the pipe: nobody is waiting for anything.
      }
    }
  }

  /// Writes all of `bytes` to stdout; false if it cannot (the pipe is closed).
  private static func writeAll(_ bytes: Data) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(1, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }
}

/// Cancellation requests from bbfan, by request id, for the requests waiting on them.
///
/// A signal (a cancellation, or the release of a finished request) may come before its request
/// has started waiting: it is then kept, and the wait returns at once when it starts.
final class Cancellations: Sendable {
  private struct State {
    var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    var signalled: Set<Int> = []
    var all = false
  }

  private let state = Mutex(State())

  /// Returns when request `id` is cancelled, or released by `release(_:)`.
  func wait(_ id: Int) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        if state.all || state.signalled.remove(id) != nil { return true }
        state.waiting[id] = continuation
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Cancels request `id`.
  func cancel(_ id: Int) {
    signal(id)
  }

  /// Lets the waiter of a finished request `id` go.
  func release(_ id: Int) {
    signal(id)
  }

  private func signal(_ id: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if let waiter = state.waiting.removeValue(forKey: id) { return waiter }
      state.signalled.insert(id)
      return nil
    }
    waiter?.resume()
  }

  /// Cancels every request, present and future.
  func cancelAll() {
    let waiters = state.withLock { state in
      state.all = true
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Performs request `id` unless it is cancelled first; nil when it was.
func serve(_ id: Int, _ exchange: HTTPExchange, cancellations: Cancellations) async
  -> HelperReplyHeader.Outcome?
{
  await withTaskGroup(of: HelperReplyHeader.Outcome?.self) { group in
    group.addTask {
      do {
        return .answer(try await CurlTransport().perform(exchange))
      } catch let error as UpstreamError {
        return .failure(error.failure)
      } catch is CancellationError {
        return nil
      } catch {
        return .failure(.network(String(describing: error)))
      }
    }
    group.addTask {
      await cancellations.wait(id)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    cancellations.release(id)
    return first
  }
}

let lines = AsyncStream<String> { continuation in
  let started = DetachedThread.start {
    while let line = readLine() { continuation.yield(line) }
    continuation.finish()
  }
  if started != 0 {
    complain("bbfan-fetch: cannot start a thread (error \(started))")
    exit(2)
  }
}
// libcurl's process-wide set-up (OpenSSL's included) is done now, not by the first request: the
// service starts the helper on its first HTTP request, whose line is read as soon as this is
// done. A libcurl that cannot be initialised
// fails every request, saying so.
CurlTransport.prepare()
let writer = ReplyWriter()
let cancellations = Cancellations()
await withTaskGroup(of: Void.self) { group in
  for await line in lines {
    let request: HelperRequest
    do {
      request = try JSONDecoder().decode(HelperRequest.self, from: Data(line.utf8))
    } catch {
      complain("bbfan-fetch: not a request: \(error)")
      continue
    }
    if request.cancel == true {
      cancellations.cancel(request.id)
    } else if let exchange = request.exchange {
      group.addTask {
        switch await serve(request.id, exchange, cancellations: cancellations) {
        case .answer(let answer)?:
          writer.send(HelperReplyHeader(id: request.id, answer: answer), body: answer.body)
        case .failure(let failure)?:
          writer.send(HelperReplyHeader(id: request.id, failure: failure), body: Data())
        case nil:
          break  // cancelled: bbfan has already answered its caller
        }
      }
    }
  }
  cancellations.cancelAll()
}
exit(0)
