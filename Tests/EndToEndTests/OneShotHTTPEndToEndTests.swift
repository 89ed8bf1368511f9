import Foundation
import JSON
import TestSupport
import Testing

/// `bbfan call` of a method that does HTTP does it in its own process, with libcurl loaded on
/// demand, and never starts the helper; a running service does its HTTP through one helper,
/// started on its first request, and never loads libcurl itself.
@Suite("HTTP in a one-shot call and in a running service", .serialized)
struct OneShotHTTPEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  /// A helper that appends its pid to a log as it starts, then becomes the real one (the same
  /// process), and the log.
  private func loggingHelper(body: String? = nil) throws -> (path: String, log: String) {
    let folder = directory + "-helper"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let log = folder + "/starts"
    let path = folder + "/bbfan-fetch"
    let real = FetchHelperProcess.executable.path()
    let script = "#!/bin/sh\necho $$ >> '\(log)'\n" + (body ?? "exec '\(real)'") + "\n"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return (path, log)
  }

  /// The pids the helper logged, one per start.
  private static func starts(_ log: String) -> [Int32] {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { Int32($0) }
  }

  private func call(_ arguments: [String], environment: [String: String]) throws -> (
    status: Int32, output: String
  ) {
    try Subprocess.run(
      [BuiltProducts.bbfan.path(), "call"] + arguments + ["--data-dir", directory],
      environment: environment)
  }

  private func removeAll() {
    cleanUp()
    try? FileManager.default.removeItem(atPath: directory + "-helper")
  }

  @Test("a one-shot call fetches, revalidates and refreshes in its own process: no helper starts")
  func inProcess() throws {
    defer { removeAll() }
    let (helper, log) = try loggingHelper()
    let environment = ["BBFAN_FETCH": helper]
    let image = #"{"url":"\#(server.image("early-300.png"))"}"#
    let fetched = try call(["images.fetch", image], environment: environment)
    #expect(fetched.status == 0, "\(fetched.output)")
    #expect(fetched.output.contains(#""freshness":"downloaded""#))
    let revalidated = try call(["images.fetch", image], environment: environment)
    #expect(revalidated.output.contains(#""freshness":"revalidated""#), "\(revalidated.output)")
    // A refresh asks for three lists, then three again with 304s.
    for _ in 0..<2 {
      let refreshed = try call(
        ["catalog.refresh", "--source", server.api()], environment: environment)
      #expect(refreshed.status == 0, "\(refreshed.output)")
    }
    #expect(Self.starts(log).isEmpty, "\(Self.starts(log))")
  }

  @Test(
    "a call that fails before it needs HTTP fails as it did",
    arguments: [
      ["images.fetch", #"{"url":"ftp://host/a.png"}"#],
      ["catalog.refresh", #"{"universe":"rick-and-morty"}"#, "--source", "http://127.0.0.1:1/api"],
    ])
  func failsBeforeHTTP(arguments: [String]) throws {
    defer { removeAll() }
    let (helper, log) = try loggingHelper()
    let outcome = try call(arguments, environment: ["BBFAN_FETCH": helper])
    #expect(outcome.status == 1, "\(outcome.output)")
    #expect(Self.starts(log).isEmpty)
  }

  @Test("without libcurl, a one-shot fetch fails with -32011 saying what to install")
  func missingLibcurl() throws {
    defer { removeAll() }
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

  @Test("a running service starts one helper for all its requests and maps no libcurl itself")
  func serviceUsesOneHelper() throws {
    defer { removeAll() }
    let (helper, log) = try loggingHelper()
    let session = try LiveSession(
      source: server.api(), directory: directory, environment: ["BBFAN_FETCH": helper])
    let image = #"{"url":"\#(server.image("early-300.png"))"}"#
    let fetched = try session.call(1, "images.fetch", image)
    #expect(fetched["result"]?["freshness"] == .string("downloaded"), "\(fetched.serializedText)")
    let revalidated = try session.call(2, "images.fetch", image)
    #expect(revalidated["result"]?["freshness"] == .string("revalidated"))
    let refreshed = try session.call(3, "catalog.refresh")
    #expect(refreshed["result"] != nil, "\(refreshed.serializedText)")
    #if os(Linux)
      let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(session.service.pid)/maps"))
      let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
      try handle.close()
      #expect(!maps.contains("libcurl"))
    #endif
    try session.close()
    let pids = Self.starts(log)
    #expect(pids.count == 1, "\(pids)")
  }

  @Test("a helper that ends as it starts fails the service's request with -32011 naming it")
  func helperEndsAtOnce() throws {
    defer { removeAll() }
    let (helper, _) = try loggingHelper(body: "exit 3")
    let session = try LiveSession(
      source: server.api(), directory: directory, environment: ["BBFAN_FETCH": helper])
    let image = #"{"url":"\#(server.image("early-300.png"))"}"#
    let reply = try session.call(1, "images.fetch", image)
    #expect(reply["error"]?["data"]?["reason"] == .string("upstream-unavailable"))
    #expect(reply.serializedText.contains(helper), "\(reply.serializedText)")
    try session.close()
  }
}
