import FanAPI
import Testing

@testable import FanServer

@Suite("ImageFailureMemory")
struct ImageFailureMemoryTests {
  let error = UpstreamError(url: "http://127.0.0.1:9/a.png", failure: .httpStatus(500))

  @Test("a failure is remembered for its seconds, with the whole seconds left, then forgotten")
  func remembers() throws {
    var memory = ImageFailureMemory(seconds: 30)
    memory.remember(error, of: "a", at: 1_000_000)
    #expect(memory.failure(of: "b", at: 1_000_000) == nil)
    #expect(memory.failure(of: "a", at: 1_000_000)?.retryAfter == 30)
    #expect(memory.failure(of: "a", at: 1_000_001)?.retryAfter == 30)
    #expect(memory.failure(of: "a", at: 1_029_000)?.retryAfter == 1)
    #expect(memory.failure(of: "a", at: 1_029_999)?.retryAfter == 1)
    #expect(memory.failure(of: "a", at: 1_030_000) == nil)
    // Once its time is over it is gone, even if the clock went back.
    #expect(memory.failure(of: "a", at: 1_000_000) == nil)
  }

  @Test("0 seconds remembers nothing; a success forgets; the oldest goes past the capacity")
  func bounds() {
    var off = ImageFailureMemory(seconds: 0)
    off.remember(error, of: "a", at: 0)
    #expect(off.failure(of: "a", at: 0) == nil)
    var memory = ImageFailureMemory(seconds: 10, capacity: 2)
    memory.remember(error, of: "a", at: 0)
    memory.remember(error, of: "b", at: 0)
    memory.remember(error, of: "c", at: 0)
    #expect(memory.failure(of: "a", at: 1) == nil)
    #expect(memory.failure(of: "b", at: 1) != nil)
    memory.forget("b")
    #expect(memory.failure(of: "b", at: 1) == nil)
    #expect(memory.failure(of: "c", at: 1)?.error.url == error.url)
  }
}
