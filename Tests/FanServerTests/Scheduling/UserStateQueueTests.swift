import JSON
import JSONRPC
import JSONRPCTestSupport
import Testing

@testable import FanServer

@Suite("User-state requests that share a commit", .timeLimit(.minutes(5)))
struct SharedCommitTests {
  /// Serves `messages` (fed as one group, then the end of input) over a transport that logs
  /// every reply into `log`; returns the replies in the order they were sent.
  private func serve(_ messages: [String], on connection: JSONRPCConnection, log: EventLog)
    async -> [String]
  {
    let transport = LoggingTransport(log: log)
    transport.inner.feed(messages)
    transport.inner.finishInput()
    await connection.serve(over: transport)
    var replies: [String] = []
    for await sent in transport.inner.sent { replies.append(sent.text) }
    return replies
  }

  private func share(_ value: Int, fail: Bool = false) -> String {
    let failure = fail ? #","fail":true"# : ""
    return #"{"jsonrpc":"2.0","method":"test.share","params":{"value":\#(value)\#(failure)},"#
      + #""id":\#(value)}"#
  }

  @Test("runs them in arrival order with the others, each answered after the commit that kept it")
  func order() async throws {
    let log = EventLog()
    var messages = (1...40).map { share($0) }
    messages.insert(
      #"{"jsonrpc":"2.0","method":"test.note","params":{"value":100},"id":100}"#, at: 20)
    messages.insert(
      #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"e"},"id":"e"}"#, at: 10)
    let replies = await serve(messages, on: makeSharingConnection(log: log), log: log)

    #expect(replies.count == 42)
    let shared = replies.filter { !$0.contains(#""id":100"#) && !$0.contains(#""id":"e""#) }
    #expect(shared == (1...40).map { #"{"jsonrpc":"2.0","id":\#($0),"result":\#($0)}"# })
    #expect(replies.contains(#"{"jsonrpc":"2.0","id":100,"result":100}"#))

    // The lane ran them one at a time in arrival order, the note in its place.
    let runs = log.all.filter { $0.hasPrefix("run ") || $0.hasPrefix("note ") }
    #expect(runs == (1...20).map { "run \($0)" } + ["note 100"] + (21...40).map { "run \($0)" })

    // Every reply went out after a commit that came after its request ran.
    let events = log.all
    for value in 1...40 {
      let ran = try #require(events.firstIndex(of: "run \(value)"))
      let sent = try #require(events.firstIndex(of: "sent \(value)"))
      let committed = try #require(events[ran...].firstIndex(of: "commit"))
      #expect(committed < sent, "request \(value) was answered before its commit")
    }
    // A note commits on its own: it never runs inside a group.
    let note = try #require(events.firstIndex(of: "note 100"))
    let before = events[..<note]
    #expect(before.filter { $0 == "begin" }.count == before.filter { $0 == "commit" }.count)
  }

  @Test("a request that fails gets its own error; the others of its group their results")
  func failingMember() async throws {
    let log = EventLog()
    let replies = await serve(
      [share(1), share(2, fail: true), share(3)], on: makeSharingConnection(log: log), log: log)
    #expect(
      replies == [
        #"{"jsonrpc":"2.0","id":1,"result":1}"#,
        #"{"jsonrpc":"2.0","id":2,"error":{"code":-32001,"message":"The domain said no."}}"#,
        #"{"jsonrpc":"2.0","id":3,"result":3}"#,
      ])
    #expect(log.all.last == "sent 3")
  }

  @Test("a failed commit answers every request of its group with its error")
  func failedCommit() async throws {
    let log = EventLog()
    let replies = await serve(
      [share(1), share(2, fail: true), share(3)],
      on: makeSharingConnection(log: log, fails: { true }), log: log)
    let error = #""error":{"code":-32002,"message":"The commit failed."}}"#
    #expect(replies == [1, 2, 3].map { #"{"jsonrpc":"2.0","id":\#($0),"# + error })
    // Not one reply went out before the commit was known.
    let events = log.all
    let failed = try #require(events.lastIndex(of: "commit failed"))
    #expect(events[..<failed].allSatisfy { !$0.hasPrefix("sent") })
  }

  @Test("a batch of them is answered in request order")
  func batch() async throws {
    let log = EventLog()
    let connection = makeSharingConnection(log: log)
    let batch = "[" + [share(1), share(2, fail: true), share(3)].joined(separator: ",") + "]"
    let reply = await connection.respond(to: try JSONParser.parse(batch))
    #expect(
      reply?.serializedText
        == #"[{"jsonrpc":"2.0","id":1,"result":1},"#
        + #"{"jsonrpc":"2.0","id":2,"error":{"code":-32001,"message":"The domain said no."}},"#
        + #"{"jsonrpc":"2.0","id":3,"result":3}]"#)
    #expect(log.all.filter { $0.hasPrefix("run") } == ["run 1", "run 2", "run 3"])
  }

  // MARK: - The queue

  /// A sharing call that adds `run NAME` to `log` when it runs and `answer NAME` (or
  /// `answer NAME failed`) when it is answered.
  private func sharingCall(_ name: String, log: EventLog) -> OrderedCall {
    call(name, key: .sharingCommit, log: log)
  }

  private func call(_ name: String, key: UserStateOrder, log: EventLog) -> OrderedCall {
    OrderedCall(
      key: key,
      run: { scope in
        // The group's handle the scope handed out, when run in a group.
        log.add("run \(name)" + ((scope as? String).map { " in \($0)" } ?? ""))
        return .success(.string(name))
      },
      answer: { outcome in
        if case .failure = outcome {
          log.add("answer \(name) failed")
        } else {
          log.add("answer \(name)")
        }
      })
  }

  /// No gate; an error outside a call becomes -32002.
  private static let failed = CallEnvironment(error: { _ in
    JSONRPCError(code: -32002, message: "The commit failed.")
  })

  @Test(
    "takes the sharing calls queued together, up to its bound, after room, each given the group handle; answers after commit"
  )
  func grouping() async {
    let log = EventLog()
    let queue = UserStateQueue(
      commitScope: { body in
        log.add("begin")
        await body("g")
        log.add("commit")
      },
      environment: CallEnvironment(gate: { log.add("room") }, error: { _ in .internalError() }),
      maxGroup: 3)
    for name in ["a", "b", "c", "d", "e"] { queue.enqueue(sharingCall(name, log: log)) }
    queue.enqueue(call("x", key: .alone, log: log))
    queue.enqueue(sharingCall("f", log: log))
    queue.finish()
    await queue.run()
    #expect(
      log.all == [
        "room", "begin", "run a in g", "run b in g", "run c in g", "commit",
        "answer a", "answer b", "answer c",
        "room", "begin", "run d in g", "run e in g", "commit", "answer d", "answer e",
        "room", "run x", "answer x",
        "room", "begin", "run f in g", "commit", "answer f",
      ])
  }

  @Test("a failed commit answers each call of the group with the failure")
  func queueFailure() async {
    let log = EventLog()
    let queue = UserStateQueue(
      commitScope: { body in
        await body("g")
        throw CommitProblem()
      }, environment: Self.failed)
    for name in ["a", "b"] { queue.enqueue(sharingCall(name, log: log)) }
    queue.finish()
    await queue.run()
    #expect(log.all == ["run a in g", "run b in g", "answer a failed", "answer b failed"])
  }

  @Test("a lone call commits at once, without waiting for another to arrive")
  func loneCall() async {
    let log = EventLog()
    let queue = UserStateQueue(
      commitScope: { body in
        await body("g")
        log.add("commit")
      }, environment: Self.failed)
    await withDiscardingTaskGroup { group in
      group.addTask { await queue.run() }
      // The queue is not finished: an answer here means it did not wait for more.
      await withCheckedContinuation { (answered: CheckedContinuation<Void, Never>) in
        queue.enqueue(
          OrderedCall(
            key: UserStateOrder.sharingCommit,
            run: { _ in
              log.add("run a")
              return .success(.null)
            }, answer: { _ in answered.resume() }))
      }
      queue.finish()
    }
    #expect(log.all == ["run a", "commit"])
  }

  @Test("a scope that fails before running its body leaves the calls to run alone")
  func scopeFailsFirst() async {
    let log = EventLog()
    let queue = UserStateQueue(
      commitScope: { _ in throw CommitProblem() }, environment: Self.failed)
    for name in ["a", "b"] { queue.enqueue(sharingCall(name, log: log)) }
    queue.finish()
    await queue.run()
    #expect(log.all == ["run a", "answer a", "run b", "answer b"])
  }

  @Test("without a commit scope, sharing calls run one at a time, each after room")
  func withoutScope() async {
    let log = EventLog()
    let queue = UserStateQueue(
      commitScope: nil,
      environment: CallEnvironment(gate: { log.add("room") }, error: { _ in .internalError() }))
    for name in ["a", "b"] { queue.enqueue(sharingCall(name, log: log)) }
    queue.finish()
    await queue.run()
    #expect(log.all == ["room", "run a", "answer a", "room", "run b", "answer b"])
  }
}
