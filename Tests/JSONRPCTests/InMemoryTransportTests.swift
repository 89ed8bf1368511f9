import JSON
import JSONRPC
import JSONRPCTestSupport
import Testing

@Suite("JSONRPCConnection over an in-memory transport", .timeLimit(.minutes(5)))
struct InMemoryTransportTests {
  let connection = makeTestConnection()

  @Test("answers a request in its framing")
  func request() async throws {
    let replies = try await InMemoryClient.session(connection) { client in
      client.send(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"},"id":1}"#)
      let first = await client.next()
      client.send(
        #"{"jsonrpc":"2.0","method":"test.echo","params":["b",2],"id":"x"}"#,
        framing: .contentLength)
      let second = await client.next()
      return [first, second]
    }
    #expect(replies[0]?.text == #"{"jsonrpc":"2.0","id":1,"result":"a"}"#)
    #expect(replies[0]?.framing == .newlineDelimited)
    #expect(replies[1]?.text == #"{"jsonrpc":"2.0","id":"x","result":"bb"}"#)
    #expect(replies[1]?.framing == .contentLength)
  }

  @Test("answers a batch with one array in request order, leaving out notifications")
  func batch() async throws {
    let reply = try await InMemoryClient.session(connection) { client in
      client.send(
        #"[{"jsonrpc":"2.0","method":"test.sleep","params":{"milliseconds":30},"id":"slow"},"#
          + #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"n"}},"#
          + #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"fast"},"id":"fast"},1]"#)
      return await client.nextText()
    }
    #expect(
      reply
        == #"[{"jsonrpc":"2.0","id":"slow","result":true},{"jsonrpc":"2.0","id":"fast","result":"fast"},"#
        + #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: expected a request object, found the number 1.","data":{"reason":"not-an-object"}}}]"#
    )
  }

  @Test("never answers a notification, and answers what is not JSON with id null")
  func notification() async throws {
    let replies = try await InMemoryClient.session(connection) { client in
      client.transport.feed([
        #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"}}"#,
        #"{"jsonrpc":"2.0","method":"nope"}"#,
        #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"b"},"id":2}"#,
        "{",
      ])
      client.transport.finishInput()
      return await client.rest()
    }
    // What cannot be read is answered as it is read, before the quick requests of its group run.
    #expect(replies.count == 2)
    #expect(
      replies.first?.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"#) == true)
    #expect(replies.last == #"{"jsonrpc":"2.0","id":2,"result":"b"}"#)
  }

  @Test(
    "cancels a running request with -32800, by either cancellation method",
    arguments: [
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"s"}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"s"}}"#,
    ])
  func cancellation(cancel: String) async throws {
    // The sleep is far longer than any run: an answer at all shows it was stopped.
    let replies = try await InMemoryClient.session(connection) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"test.sleep","params":{"milliseconds":3600000},"id":"s"}"#)
      client.send(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"ping"},"id":"p"}"#)
      let first = await client.nextText()
      client.send(cancel)
      let second = await client.nextText()
      return [first, second]
    }
    #expect(replies[0] == #"{"jsonrpc":"2.0","id":"p","result":"ping"}"#)
    #expect(
      replies[1]
        == #"{"jsonrpc":"2.0","id":"s","error":{"code":-32800,"message":"Request cancelled: the client cancelled this request."}}"#
    )
  }

  @Test("strips progressToken and sends progress before the reply, in the request's framing")
  func progress() async throws {
    let sent = try await InMemoryClient.session(connection) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"test.count","params":{"steps":2,"progressToken":7},"id":1}"#,
        framing: .contentLength)
      client.transport.finishInput()
      var sent: [InMemoryTransport.Sent] = []
      while let message = await client.next() { sent.append(message) }
      return sent
    }
    #expect(
      sent.map(\.text) == [
        #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1,"total":2,"message":"step 1"}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":2,"total":2,"message":"step 2"}}"#,
        #"{"jsonrpc":"2.0","id":1,"result":2}"#,
      ])
    #expect(sent.allSatisfy { $0.framing == .contentLength })
  }

  @Test(
    "answers every quick request of a large group, cheap ones on the loop and expensive ones split",
    arguments: [1, 20_000])
  func largeGroups(times: Int) async throws {
    let replies = try await InMemoryClient.session(connection) { client in
      client.transport.feed(
        (1...200).map { id in
          #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"\#(id % 10)","times":\#(times)},"id":\#(id)}"#
        })
      client.transport.finishInput()
      return await client.rest()
    }
    let expected = (1...200).map { id in
      #"{"jsonrpc":"2.0","id":\#(id),"result":"\#(String(repeating: String(id % 10), count: times))"}"#
    }
    #expect(replies.count == 200)
    #expect(Set(replies) == Set(expected))
  }

  @Test("runs user-state methods in arrival order, even fed in separate groups")
  func ordering() async throws {
    let replies = try await InMemoryClient.session(connection) { client in
      for value in 1...10 {
        // The earlier ones take longer: only the lane keeps them in order.
        let delay = (10 - value) * 5
        client.send(
          #"{"jsonrpc":"2.0","method":"test.append","params":{"value":\#(value),"delayMilliseconds":\#(delay)},"id":\#(value)}"#
        )
      }
      client.transport.finishInput()
      return await client.rest()
    }
    #expect(replies.count == 10)
    let results = (1...10).map { value in
      let appended = (1...value).map(String.init).joined(separator: ",")
      return #"{"jsonrpc":"2.0","id":\#(value),"result":[\#(appended)]}"#
    }
    #expect(replies == results)
  }

  @Test("records every exchange, with the notifications sent for it")
  func recording() async throws {
    let recorder = CollectingRecorder()
    _ = try await InMemoryClient.session(connection, recorder: recorder) { client in
      client.transport.feed([
        #"{"jsonrpc":"2.0","method":"test.count","params":{"steps":1,"progressToken":"t"},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"}}"#,
      ])
      client.transport.finishInput()
      return await client.rest()
    }
    let exchanges = recorder.exchanges.sorted { $0.sequence < $1.sequence }
    #expect(exchanges.map(\.sequence) == [0, 1])
    #expect(exchanges[0].raw.hasPrefix(#"{"jsonrpc":"2.0","method":"test.count""#))
    #expect(exchanges[0].notifications == 1)
    #expect(exchanges[0].reply == #"{"jsonrpc":"2.0","id":1,"result":1}"#)
    #expect(exchanges[1].reply == nil)
  }

  @Test("after the grace period, cancels what runs and drops what has not started")
  func gracePeriod() async throws {
    let replies = try await InMemoryClient.session(connection) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"test.sleep","params":{"milliseconds":3600000},"id":"s"}"#)
      client.send(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"},"id":1}"#)
      let first = await client.nextText()
      client.transport.expireGracePeriod()
      let second = await client.nextText()
      client.send(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"b"},"id":2}"#)
      client.transport.finishInput()
      return [first, second] + (await client.rest())
    }
    #expect(replies.count == 2)
    #expect(replies[0] == #"{"jsonrpc":"2.0","id":1,"result":"a"}"#)
    #expect(replies[1]?.contains(#""id":"s","error":{"code":-32800"#) == true)
  }

  @Test("a router may choose a call's scheduling from its params")
  func forwardingRouter() async throws {
    let router = ForwardingRouter(target: testRouter())
    let append = router.route(
      name: "tools.call", params: try JSONParser.parse(#"{"name":"test.append"}"#))
    #expect(append?.scheduling.isOrdered == true)
    let sleep = router.route(
      name: "tools.call", params: try JSONParser.parse(#"{"name":"test.sleep"}"#))
    #expect(sleep?.scheduling.isOrdered == false)
    #expect(sleep?.isLongRunning == true)
    #expect(router.route(name: "tools.call", params: nil) == nil)
    #expect(router.route(name: "test.echo", params: nil) == nil)

    // Forwarded, a long sleep is long-running, so a cancellation stops it.
    let connection = JSONRPCConnection(router: router, log: DiagnosticLog(level: .off)) { _ in
      .internalError()
    }
    let replies = try await InMemoryClient.session(connection) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"tools.call","params":{"name":"test.sleep","arguments":{"milliseconds":3600000}},"id":"s"}"#
      )
      client.send(
        #"{"jsonrpc":"2.0","method":"tools.call","params":{"name":"test.echo","arguments":{"text":"e"}},"id":"e"}"#
      )
      let first = await client.nextText()
      client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"s"}}"#)
      let second = await client.nextText()
      client.send(#"{"jsonrpc":"2.0","method":"tools.cal","id":"n"}"#)
      let third = await client.nextText()
      return [first, second, third]
    }
    #expect(replies[0] == #"{"jsonrpc":"2.0","id":"e","result":"e"}"#)
    #expect(replies[1]?.contains(#""id":"s","error":{"code":-32800"#) == true)
    #expect(replies[2]?.contains(#"Did you mean \"tools.call\"?"#) == true)
  }
}
