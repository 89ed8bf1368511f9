import Testing

@testable import JSONRPCStdio

@Suite("Spin policy")
struct SpinPolicyTests {
  @Test(
    "the loop looks before sleeping while pauses are short, and sleeps at once after a long one")
  func adapts() {
    var policy = SpinPolicy()
    #expect(policy.limit == SpinPolicy.maximum)
    policy.idled(.microseconds(40))
    #expect(policy.limit == SpinPolicy.maximum)
    policy.idled(.milliseconds(30))
    #expect(policy.limit == nil)
    policy.idled(SpinPolicy.quickPause)
    #expect(policy.limit == SpinPolicy.maximum)
  }
}
