import JSON
import JSONRPC
import Synchronization

/// Methods that exist only to exercise the connection: echo, sleep, ordered append, progress.
enum Echo: RPCMethod {
  static let name = "test.echo"
  static let positionalParameters: [String]? = ["text", "times"]
  struct Params: Codable, Sendable {
    var text: String
    var times: Int?
  }
  typealias Result = String
}

enum Sleep: RPCMethod {
  static let name = "test.sleep"
  static let isLongRunning = true
  struct Params: Codable, Sendable {
    var milliseconds: Int
  }
  typealias Result = Bool
}

enum Append: RPCMethod {
  static let name = "test.append"
  static let scheduling = Scheduling.inArrivalOrder
  struct Params: Codable, Sendable {
    var value: Int
    var delayMilliseconds: Int?
  }
  typealias Result = [Int]
}

enum Count: RPCMethod {
  static let name = "test.count"
  struct Params: Codable, Sendable {
    var steps: Int
  }
  typealias Result = Int
}

enum Fail: RPCMethod {
  static let name = "test.fail"
  typealias Params = NoParams
  typealias Result = Bool
}

/// A long-running method whose reply is followed by news: `test.news` with its text.
enum News: RPCMethod {
  static let name = "test.news"
  static let isLongRunning = true
  struct Params: Codable, Sendable {
    var text: String
  }
  typealias Result = Bool
}

/// A quick method that is expensive when its text is longer than 8 characters; an expensive
/// call waits for `Search.latch` before it answers, so a test decides when it ends.
enum Search: RPCMethod {
  static let name = "test.search"
  struct Params: Codable, Sendable {
    var text: String
  }
  typealias Result = String

  static func isExpensive(_ params: JSONValue?) -> Bool {
    if case .string(let text)? = params?["text"] { text.count > 8 } else { false }
  }
}

/// A gate that waiters pass once it is opened.
final class Latch: Sendable {
  private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  /// Waits until the latch is open.
  func wait() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.open { return true }
        state.waiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Opens the latch: every waiter goes on, and later ones do not wait.
  func open() {
    let waiters = state.withLock { state in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

struct DomainProblem: Error {}

actor Journal {
  private(set) var values: [Int] = []
  func append(_ value: Int) -> [Int] {
    values.append(value)
    return values
  }
}

/// A router with the test methods; `test.append` appends to a journal of this router's own, and
/// an expensive `test.search` waits for `latch`.
func testRouter(latch: Latch = Latch()) -> MethodRouter {
  let journal = Journal()
  var router = MethodRouter()
  router.register(Echo.self) { params, _ in
    String(repeating: params.text, count: params.times ?? 1)
  }
  router.register(Sleep.self) { params, context in
    // Polls for cancellation as a long computation would, between short sleeps.
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(params.milliseconds)
    while clock.now < deadline {
      try context.checkCancellation()
      try await Task.sleep(for: .milliseconds(5))
    }
    return true
  }
  router.register(Append.self) { params, _ in
    if let delay = params.delayMilliseconds { try await Task.sleep(for: .milliseconds(delay)) }
    return await journal.append(params.value)
  }
  router.register(Count.self) { params, context in
    guard context.wantsProgress else { return params.steps }
    for step in 1...max(1, params.steps) {
      context.reportProgress(Double(step), total: Double(params.steps), message: "step \(step)")
    }
    return params.steps
  }
  router.register(Fail.self) { _, _ in throw DomainProblem() }
  router.register(Search.self) { params, _ in
    if params.text.count > 8 { await latch.wait() }
    return params.text
  }
  router.register(News.self) { params, context in
    context.notifyAfterReply(method: News.name, params: .string(params.text))
    return true
  }
  return router
}

/// A connection with the test methods; `test.fail` throws an error the mapper turns into -32001.
func makeTestConnection(limits: MessageLimits = MessageLimits(), latch: Latch = Latch())
  -> JSONRPCConnection
{
  JSONRPCConnection(
    router: testRouter(latch: latch), limits: limits, log: DiagnosticLog(level: .off)
  ) {
    error in
    if error is DomainProblem {
      return JSONRPCError(
        code: -32001, message: "The domain said no.",
        data: .object(JSONObject(["reason": .string("no")])))
    }
    return .internalError()
  }
}
