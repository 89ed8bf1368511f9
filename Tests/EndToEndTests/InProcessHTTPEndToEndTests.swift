import Foundation
import JSON
import TestSupport
import Testing

/// One HTTP path: a one-shot `bbfan call` and a running `bbfan serve` both do their HTTP in their
/// own process, with libcurl loaded on the first transfer and each transfer on a thread of its
/// own; a cancelled request stops its download, bodies over the cap are refused without being
/// read to their end, redirects of catalog lists are refused, and the memory stays bounded.
@Suite("HTTP in process, in a one-shot call and in a running service", .serialized)
struct InProcessHTTPEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  private func call(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    try Subprocess.run(
      [BuiltProducts.bbfan.path(), "call"] + arguments + ["--data-dir", directory],
      environment: environment)
  }

  /// The running children of `pid`, from `/proc/PID/status`.
  private static func children(of pid: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> Int32? in
      guard let child = Int32(entry), let fields = status(of: child) else { return nil }
      return fields["PPid"] == "\(pid)" ? child : nil
    }
  }

  /// The fields of `/proc/PID/status`, or nil when there is none.
  private static func status(of pid: Int32) -> [String: String]? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    var fields: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 {
        fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return fields
  }

  /// The peak resident memory of `pid` (VmHWM) in KiB, if the system says.
  private static func peakResidentKiB(of pid: Int32) -> Int? {
    status(of: pid)?["VmHWM"].flatMap { Int($0.split(separator: " ").first ?? "") }
  }

  /// Whether `pid` has libcurl mapped.
  private static func mapsLibcurl(_ pid: Int32) throws -> Bool {
    let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
    defer { try? handle.close() }
    return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self).contains("libcurl")
  }

  @Test("a one-shot call fetches, revalidates and refreshes in its own process")
  func oneShot() throws {
    defer { cleanUp() }
    let image = #"{"url":"\#(server.image("early-300.png"))"}"#
    let fetched = try call(["images.fetch", image])
    #expect(fetched.status == 0, "\(fetched.output)")
    #expect(fetched.output.contains(#""freshness":"downloaded""#))
    let again = #"{"url":"\#(server.image("early-300.png"))","maxAge":0}"#
    let revalidated = try call(["images.fetch", again])
    #expect(revalidated.output.contains(#""freshness":"revalidated""#), "\(revalidated.output)")
    // A refresh asks for three lists, then three again with 304s.
    for _ in 0..<2 {
      let refreshed = try call(["catalog.refresh", "--source", server.api()])
      #expect(refreshed.status == 0, "\(refreshed.output)")
    }
  }

  @Test(
    "a call that fails before it needs HTTP fails as it did",
    arguments: [
      ["images.fetch", #"{"url":"ftp://host/a.png"}"#],
      ["catalog.refresh", #"{"universe":"rick-and-morty"}"#, "--source", "http://127.0.0.1:1/api"],
    ])
  func failsBeforeHTTP(arguments: [String]) throws {
    defer { cleanUp() }
    let outcome = try call(arguments)
    #expect(outcome.status == 1, "\(outcome.output)")
    #expect(!outcome.output.contains("upstream-unavailable"), "\(outcome.output)")
  }

  @Test("without libcurl, a one-shot fetch fails with -32011 saying what to install")
  func missingLibcurl() throws {
    defer { cleanUp() }
    let environment = ["BBFAN_LIBCURL": "/nonexistent/libcurl.so.4"]
    let image = #"{"url":"\#(server.image("early-300.png"))"}"#
    let outcome = try call(["images.fetch", image], environment: environment)
    #expect(outcome.status == 1)
    #expect(outcome.output.contains(#""reason":"upstream-unavailable""#), "\(outcome.output)")
    #expect(outcome.output.contains("HTTP needs libcurl"), "\(outcome.output)")
    #expect(outcome.output.contains("/nonexistent/libcurl.so.4"), "\(outcome.output)")
    let catalog = try call(["episodes.get", #"{"id":1}"#], environment: environment)
    #expect(catalog.status == 0, "\(catalog.output)")
  }

  @Test("a running service loads libcurl on its first transfer and starts no other process")
  func serviceInProcess() throws {
    defer { cleanUp() }
    let session = try LiveSession(source: server.api(), directory: directory)
    let pid = session.service.pid
    let episode = try session.call(1, "episodes.get", #"{"id":1}"#)
    #expect(episode["result"] != nil)
    #if os(Linux)
      #expect(try !Self.mapsLibcurl(pid), "a service that did no HTTP loaded libcurl")
    #endif
    let image = #"{"url":"\#(server.image("early-300.png"))"}"#
    let fetched = try session.call(2, "images.fetch", image)
    #expect(fetched["result"]?["freshness"] == .string("downloaded"), "\(fetched.serializedText)")
    let refreshed = try session.call(3, "catalog.refresh")
    #expect(refreshed["result"] != nil, "\(refreshed.serializedText)")
    #if os(Linux)
      #expect(try Self.mapsLibcurl(pid))
      #expect(Self.children(of: pid).isEmpty, "\(Self.children(of: pid))")
    #endif
    try session.close()
  }

  @Test("a cancelled images.fetch answers -32800 at once and closes the stalled connection")
  func cancelledFetchStops() async throws {
    defer { cleanUp() }
    let path = "/stall/img/slow-1000.png"
    // A long timeout: only the cancellation can end the transfer within the test.
    let session = try LiveSession(
      source: server.api(), directory: directory, extra: ["--http-timeout", "600"])
    try session.send(1, "images.fetch", #"{"url":"http://127.0.0.1:\#(server.port)\#(path)"}"#)
    // Wait for the first half of the body to be on its way, then cancel.
    var sent = 0
    for _ in 0..<200 where sent == 0 {
      try await Task.sleep(for: .milliseconds(50))
      sent = try await server.sent()[path, default: 0]
    }
    #expect(sent > 0, "the server never sent the first half of the body")
    try session.service.send(
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"# + "\n")
    let (cancelled, _) = try session.reply(to: 1)
    #expect(cancelled["error"]?["code"] == .integer(-32800), "\(cancelled.serializedText)")
    // A generous bound: the transfer's poll is woken at once, so this takes milliseconds.
    var closed = 0
    for _ in 0..<200 where closed == 0 {
      try await Task.sleep(for: .milliseconds(50))
      closed = try await server.closed()[path, default: 0]
    }
    #expect(closed == 1, "the service kept the connection open after the cancellation")
    // The service goes on answering, HTTP included.
    let image = try session.call(2, "images.fetch", #"{"url":"\#(server.image("after-200.png"))"}"#)
    #expect(image["result"]?["freshness"] == .string("downloaded"), "\(image.serializedText)")
    try session.close()
  }

  @Test(
    "twenty 200 MB images, declared and streamed: refused, the service's memory stays bounded",
    .timeLimit(.minutes(3)))
  func overCapBodiesKeepMemoryBounded() async throws {
    defer { cleanUp() }
    // Odd requests declare their length and send the body at once (so only the declared length
    // keeps it out); even ones stream it without a length until the client goes.
    let paths = (1...20).map { index in
      "/\(index % 2 == 1 ? "huge" : "hugestream")-200000000/img/body-\(index).png"
    }
    let session = try LiveSession(source: server.api(), directory: directory)
    let pid = session.service.pid
    let warm = try session.call(0, "images.fetch", #"{"url":"\#(server.image("warm-100.png"))"}"#)
    #expect(warm["result"] != nil, "\(warm.serializedText)")
    let before = Self.peakResidentKiB(of: pid)
    for (index, path) in paths.enumerated() {
      let reply = try session.call(
        index + 1, "images.fetch", #"{"url":"http://127.0.0.1:\#(server.port)\#(path)"}"#)
      #expect(reply["error"]?["code"] == .integer(-32012), "\(path): \(reply.serializedText)")
      #expect(reply["error"]?["data"]?["failure"] == .string("too-large"), "\(path)")
    }
    let after = Self.peakResidentKiB(of: pid)
    try session.close()
    if let before, let after {
      // The images' cap is 8 MiB: however large the bodies, the service grew by at most a few
      // caps (read to their end, twenty would have taken 4 GB).
      #expect(after - before < 48 << 10, "peak resident memory grew from \(before) to \(after) KiB")
    } else {
      Issue.record("cannot measure the service's memory: /proc/PID/status has no VmHWM here")
    }
    // The cap plus what the sockets' buffers held when the service closed: far from 200 MB.
    let sent = try await server.sent()
    for path in paths {
      let bytes = sent[path, default: 0]
      #expect(bytes < 64 << 20, "the server wrote \(bytes) bytes of \(path)")
    }
  }

  @Test("a running service refuses a redirect of a catalog page: -32011 redirected")
  func redirectRefused() throws {
    defer { cleanUp() }
    let session = try LiveSession(
      source: "rick-and-morty=" + server.rickAndMorty("redirect"), directory: directory)
    let reply = try session.call(1, "catalog.refresh", #"{"universe":"rick-and-morty"}"#)
    #expect(reply["error"]?["code"] == .integer(-32011), "\(reply.serializedText)")
    #expect(reply["error"]?["data"]?["failure"] == .string("redirected"))
    #expect(reply["error"]?["data"]?["location"]?.stringValue?.contains("localhost") == true)
    try session.close()
  }
}
