import JSON
import JSONRPC
import Testing

@testable import JSONRPCStdio

/// A connection served by the stdio transport over real pipes: framing in, framing out, end of
/// input.
@Suite("Serving a connection over pipes", .timeLimit(.minutes(5)))
struct StdioServingTests {
  private enum Echo: RPCMethod {
    static let name = "test.echo"
    struct Params: Codable, Sendable {
      var text: String
    }
    typealias Result = String
  }

  private enum Sleep: RPCMethod {
    static let name = "test.sleep"
    static let isLongRunning = true
    struct Params: Codable, Sendable {
      var milliseconds: Int
    }
    typealias Result = Bool
  }

  private func connection() -> JSONRPCConnection {
    var router = MethodRouter()
    router.register(Echo.self) { params, _ in params.text }
    router.register(Sleep.self) { params, _ in
      try await Task.sleep(for: .milliseconds(params.milliseconds))
      return true
    }
    return JSONRPCConnection(router: router, log: DiagnosticLog(level: .off)) { _ in
      .internalError()
    }
  }

  @Test("answers each line with one line, in the order the lines were sent")
  func lines() async throws {
    let replies = try await PipeClient.session(connection()) { client in
      client.send(
        #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"},"id":1}"# + "\r\n\n"
          + #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"b"},"id":2}"# + "\n")
      return [await client.nextLine(), await client.nextLine()]
    }
    #expect(
      replies == [
        #"{"jsonrpc":"2.0","id":1,"result":"a"}"#, #"{"jsonrpc":"2.0","id":2,"result":"b"}"#,
      ])
  }

  @Test("finishes in-flight requests at end of input and answers in the request's framing")
  func endOfInputAndFraming() async throws {
    let output = try await PipeClient.session(connection()) { client in
      let body = #"{"jsonrpc":"2.0","method":"test.sleep","params":{"milliseconds":100},"id":9}"#
      client.send("Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
      client.closeInput()
      return await client.readToEnd()
    }
    let reply = #"{"jsonrpc":"2.0","id":9,"result":true}"#
    #expect(output == "Content-Length: \(reply.utf8.count)\r\n\r\n\(reply)")
  }

  @Test("answers a line that is not JSON with -32700 and goes on")
  func parseError() async throws {
    let replies = try await PipeClient.session(connection()) { client in
      client.sendLine("{nope")
      client.sendLine(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"c"},"id":3}"#)
      return [try await client.nextMessage(), try await client.nextMessage()]
    }
    #expect(replies.first??["error"]?["code"] == .integer(-32700))
    #expect(replies.last??["result"] == .string("c"))
  }
}
