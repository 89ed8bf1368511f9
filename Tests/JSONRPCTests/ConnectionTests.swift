import JSONRPCTestSupport
import Testing

@testable import JSON
@testable import JSONRPC

@Suite("JSONRPCConnection", .timeLimit(.minutes(5)))
struct ConnectionTests {
  let connection = makeTestConnection()

  private func respond(_ text: String) async throws -> String? {
    await connection.respond(to: try JSONParser.parse(text))?.serializedText
  }

  @Test("answers a request with result, keeping the id exactly")
  func request() async throws {
    #expect(
      try await respond(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"},"id":1.50}"#)
        == #"{"jsonrpc":"2.0","id":1.50,"result":"a"}"#)
    #expect(
      try await respond(#"{"jsonrpc":"2.0","method":"test.echo","params":["b",2],"id":"x"}"#)
        == #"{"jsonrpc":"2.0","id":"x","result":"bb"}"#)
  }

  @Test("never answers a notification, even for an unknown method or bad params")
  func notifications() async throws {
    #expect(
      try await respond(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"}}"#) == nil)
    #expect(try await respond(#"{"jsonrpc":"2.0","method":"nope"}"#) == nil)
    #expect(try await respond(#"{"jsonrpc":"2.0","method":"test.echo","params":{}}"#) == nil)
    #expect(
      try await respond(#"[{"jsonrpc":"2.0","method":"nope"},{"jsonrpc":"2.0","method":"x"}]"#)
        == nil)
  }

  @Test("maps params problems to -32602 naming the field")
  func invalidParams() async throws {
    let reply = try #require(
      try await respond(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":5},"id":1}"#))
    #expect(
      reply
        == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: text must be a string, not the number 5.","data":{"field":"text","problem":"must be a string, not the number 5"}}}"#
    )
    let tooMany = try #require(
      try await respond(#"{"jsonrpc":"2.0","method":"test.echo","params":["a",1,2],"id":2}"#))
    #expect(tooMany.contains(#""field":"params""#))
    let byPosition = try #require(
      try await respond(#"{"jsonrpc":"2.0","method":"test.sleep","params":[1],"id":3}"#))
    #expect(byPosition.contains("takes its parameters by name"))
  }

  @Test("suggests the closest method name")
  func methodNotFound() async throws {
    let reply = try #require(try await respond(#"{"jsonrpc":"2.0","method":"test.ecko","id":1}"#))
    #expect(reply.contains(#""code":-32601"#))
    #expect(reply.contains(#"Did you mean \"test.echo\"?"#))
  }

  @Test("maps handler errors through the error mapper, in one place")
  func handlerErrors() async throws {
    #expect(
      try await respond(#"{"jsonrpc":"2.0","method":"test.fail","id":7}"#)
        == #"{"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"The domain said no.","data":{"reason":"no"}}}"#
    )
  }

  @Test("answers a batch in request order, leaving out notifications")
  func batch() async throws {
    let reply = try await respond(
      #"[{"jsonrpc":"2.0","method":"test.sleep","params":{"milliseconds":30},"id":"slow"},"#
        + #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"n"}},"#
        + #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"fast"},"id":"fast"},1]"#)
    let ids = try JSONParser.parse(try #require(reply)).arrayValue?.map { $0["id"] }
    #expect(ids == [.string("slow"), .string("fast"), .null])
  }

  @Test("enforces the batch length limit")
  func batchLimit() async throws {
    var limits = MessageLimits()
    limits.maxBatchLength = 2
    let small = makeTestConnection(limits: limits)
    let request = #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"},"id":1}"#
    let reply = await small.respond(to: try JSONParser.parse("[\(request),\(request),\(request)]"))
    #expect(reply?["error"]?["data"]?["reason"] == .string("batch-too-long"))
  }

  @Test("strips progressToken and reports progress before the reply")
  func progress() async throws {
    let lines = try await InMemoryClient.session(connection) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"test.count","params":{"steps":3,"progressToken":"p1"},"id":1}"#
      )
      var lines: [String] = []
      for _ in 0..<4 { lines.append(await client.nextText() ?? "") }
      return lines
    }
    #expect(
      lines[0]
        == #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1,"total":3,"message":"step 1"}}"#
    )
    #expect(lines[3] == #"{"jsonrpc":"2.0","id":1,"result":3}"#)
    // Without a token, no notification at all.
    let plain = try await respond(
      #"{"jsonrpc":"2.0","method":"test.count","params":{"steps":3},"id":2}"#)
    #expect(plain == #"{"jsonrpc":"2.0","id":2,"result":3}"#)
  }

  @Test(
    "cancels a running request with -32800, by either cancellation method",
    arguments: [
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"s"}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"s","reason":"user"}}"#,
    ])
  func cancellation(cancel: String) async throws {
    // The sleep is far longer than any run: an answer at all shows it was stopped (a cancelled
    // request that ran on would hit the suite's time limit), so no timing is asserted.
    let reply = try await InMemoryClient.session(connection) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"test.sleep","params":{"milliseconds":3600000},"id":"s"}"#)
      client.send(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"ping"},"id":"p"}"#)
      let first = try await client.nextMessage()
      client.send(cancel)
      let second = try await client.nextMessage()
      return (first, second)
    }
    #expect(reply.0?["id"] == .string("p"))
    #expect(reply.1?["id"] == .string("s"))
    #expect(reply.1?["error"]?["code"] == .number("-32800"))
  }

  @Test("runs user-state methods in arrival order while others overtake them")
  func ordering() async throws {
    let replies = try await InMemoryClient.session(connection) { client in
      for value in 1...10 {
        let delay = (10 - value) * 5
        client.send(
          #"{"jsonrpc":"2.0","method":"test.append","params":{"value":\#(value),"delayMilliseconds":\#(delay)},"id":\#(value)}"#
        )
      }
      client.transport.finishInput()
      return try await client.rest().map { try JSONParser.parse($0) }
    }
    #expect(replies.count == 10)
    let last = try #require(replies.first { $0["id"] == .number("10") })
    #expect(last["result"] == .array((1...10).map { .integer($0) }))
  }

  @Test("a slow request does not delay a fast one")
  func concurrency() async throws {
    let first = try await InMemoryClient.session(connection) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"test.sleep","params":{"milliseconds":500},"id":"slow"}"#)
      client.send(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"x"},"id":"fast"}"#)
      return try await client.nextMessage()
    }
    #expect(first?["id"] == .string("fast"))
  }

  @Test("a quick request read right after an expensive one is answered first, while it runs")
  func quickOvertakesExpensive() async throws {
    let latch = Latch()
    let connection = makeTestConnection(latch: latch)
    let replies = try await InMemoryClient.session(connection) { client in
      // The expensive search waits for the latch, which opens only once the echo is answered:
      // had the search run on the loop ahead of the echo, neither would ever be answered.
      client.send(
        #"{"jsonrpc":"2.0","method":"test.search","params":{"text":"a long search"},"id":"slow"}"#)
      client.send(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"x"},"id":"fast"}"#)
      let first = try await client.nextMessage()
      latch.open()
      let second = try await client.nextMessage()
      return [first, second]
    }
    #expect(replies.map { $0?["id"] } == [.string("fast"), .string("slow")])
    #expect(replies[1]?["result"] == .string("a long search"))
  }

  @Test("a cheap call of a method that can be expensive runs in order on the loop")
  func cheapSearchRunsInline() async throws {
    let reply = try await respond(
      #"{"jsonrpc":"2.0","method":"test.search","params":{"text":"short"},"id":1}"#)
    #expect(reply == #"{"jsonrpc":"2.0","id":1,"result":"short"}"#)
    let route = try #require(testRouter().route(name: "test.search", params: nil))
    #expect(!route.isExpensive)
  }

  @Test("an expensive request cancelled before it ends is answered -32800")
  func expensiveCancelled() async throws {
    let latch = Latch()
    let connection = makeTestConnection(latch: latch)
    let reply = try await InMemoryClient.session(connection) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"test.search","params":{"text":"a long search"},"id":"s"}"#)
      client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"s"}}"#)
      client.send(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"x"},"id":"e"}"#)
      let first = try await client.nextMessage()
      latch.open()
      return (first, try await client.nextMessage())
    }
    #expect(reply.0?["id"] == .string("e"))
    #expect(reply.1?["id"] == .string("s"))
    #expect(reply.1?["error"]?["code"] == .number("-32800"))
  }

  @Test("a reply and the notifications meant for after it go out as one run, in that order")
  func newsAfterReply() async throws {
    let transport = RunLoggingTransport()
    transport.inner.feed([
      #"{"jsonrpc":"2.0","method":"test.news","params":{"text":"a"},"id":1}"#,
      #"{"jsonrpc":"2.0","method":"test.news","params":{"text":"b"}}"#,
    ])
    transport.inner.finishInput()
    await connection.serve(over: transport)
    let runs = transport.runs
    #expect(
      runs.contains([
        #"{"jsonrpc":"2.0","id":1,"result":true}"#,
        #"{"jsonrpc":"2.0","method":"test.news","params":"a"}"#,
      ]))
    // A notification has no reply; its news still goes out.
    #expect(runs.contains([#"{"jsonrpc":"2.0","method":"test.news","params":"b"}"#]))
    #expect(runs.count == 2)
  }
}
