import Foundation
import JSONRPC
import TestSupport
import Testing

/// `bbfan-fetch` against bodies far over its cap and transfers that are cancelled: it stops
/// reading them, so its memory stays bounded by the cap however large they are.
@Suite("bbfan-fetch against bodies over the cap", .serialized, .timeLimit(.minutes(3)))
struct FetchHelperMemoryTests {
  @Test("twenty 200 MB bodies, declared and streamed: refused, with peak memory under 64 MiB")
  func overCapBodies() async throws {
    let server = try FakeAPIServer()
    let cap = 16 << 20
    // Odd requests declare their length and send the body at once (so only the declared length
    // keeps it out); even ones stream it without a length until the client goes.
    let paths = (1...20).map { index in
      "/\(index % 2 == 1 ? "huge" : "hugestream")-200000000/api/body-\(index)"
    }
    let (replies, peak, status) = try await DedicatedThread.run {
      let helper = try FetchHelperProcess()
      var replies: [FetchHelperProcess.Reply?] = []
      for (index, path) in paths.enumerated() {
        replies.append(
          try helper.get(index + 1, "http://127.0.0.1:\(server.port)\(path)", maxBytes: cap))
      }
      let peak = try helper.peakResidentMiB()
      return (replies, peak, try helper.finish())
    }
    #expect(status == 0)
    for (index, reply) in replies.enumerated() {
      #expect(reply?.header["id"] == .integer(index + 1))
      #expect(reply?.header["failure"]?["kind"] == .string("too-large"), "\(paths[index])")
      #expect(reply?.header["failure"]?["limit"] == .integer(cap))
    }
    guard let peak else {
      Issue.record("cannot measure the helper's memory: /proc/PID/status has no VmHWM here")
      return
    }
    // URLSession read every body to its end: 761 MB resident after five, 1.2 GB after six.
    #expect(peak < 64, "bbfan-fetch's peak resident memory (VmHWM) was \(peak) MiB")
    // The cap plus what the sockets' buffers held when the helper closed: far from 200 MB.
    let sent = try await server.sent()
    for path in paths {
      let bytes = sent[path, default: 0]
      #expect(bytes < 64 << 20, "the server wrote \(bytes) bytes of \(path)")
    }
  }

  @Test("a cancelled transfer stops: the helper closes the connection of a stalled body")
  func cancelledTransferStops() async throws {
    let server = try FakeAPIServer()
    let path = "/stall/api/characters"
    let helper = try FetchHelperProcess()
    // A long timeout: only the cancellation can end it within the test.
    try helper.send(
      1, "http://127.0.0.1:\(server.port)\(path)", maxBytes: 16 << 20, timeoutSeconds: 600)
    // Wait for the first half of the body to be on its way, then cancel.
    var sent = 0
    for _ in 0..<200 where sent == 0 {
      try await Task.sleep(for: .milliseconds(50))
      sent = try await server.sent()[path, default: 0]
    }
    #expect(sent > 0, "the server never sent the first half of the body")
    try helper.cancel(1)
    // A generous bound: the transfer's poll is woken at once, so this takes milliseconds.
    var closed = 0
    for _ in 0..<200 where closed == 0 {
      try await Task.sleep(for: .milliseconds(50))
      closed = try await server.closed()[path, default: 0]
    }
    #expect(closed == 1, "the helper kept the connection open after the cancellation")
    let status = try await DedicatedThread.run { try helper.finish() }
    #expect(status == 0)
  }
}
