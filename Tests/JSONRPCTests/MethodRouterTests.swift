import JSON
import JSONRPC
import Testing

@Suite("MethodRouter keeping one method")
struct MethodRouterTests {
  private static func router(keepingOnly kept: String?) -> MethodRouter {
    var router = kept.map(MethodRouter.init(keepingOnly:)) ?? MethodRouter()
    router.register(Echo.self) { params, _ in params.text }
    router.register(Count.self) { params, _ in params.steps }
    router.register(Fail.self, readyResult: nil) { _, _ in .bool(false) }
    return router
  }

  @Test(
    "only the kept method is made; the names and suggestions are the full router's",
    arguments: [Echo.name, Count.name, Fail.name, "test.nope"])
  func keepsOne(kept: String) {
    let full = Self.router(keepingOnly: nil)
    let one = Self.router(keepingOnly: kept)
    #expect(one.names == full.names)
    for name in full.names {
      #expect((one.method(named: name) != nil) == (name == kept), "\(name)")
      #expect((one.route(name: name, params: nil) != nil) == (name == kept), "\(name)")
    }
    for typo in ["test.ech", "test.cont", "tset.fail", "nothing.like.it"] {
      #expect(one.suggestion(for: typo) == full.suggestion(for: typo), "\(typo)")
    }
  }

  @Test("the kept method answers as in the full router")
  func answersAlike() async throws {
    for router in [Self.router(keepingOnly: nil), Self.router(keepingOnly: Echo.name)] {
      let connection = JSONRPCConnection(router: router) { _ in JSONRPCError.internalError() }
      let reply = await connection.respond(
        to: try JSONParser.parse(
          #"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"hi"}}"#),
        send: { _ in }, afterReply: { _ in })
      #expect(reply?["result"] == .string("hi"))
    }
  }
}
