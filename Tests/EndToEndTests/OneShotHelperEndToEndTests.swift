import Foundation
import TestSupport
import Testing

/// `bbfan call` of a method that does HTTP: it starts the helper as it starts itself, uses that
/// one helper for every request, and stops it before it exits, used or not.
@Suite("bbfan call and the HTTP helper it starts early", .serialized)
struct OneShotHelperEndToEndTests: LiveServerSuite {
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

  private func call(_ arguments: [String], helper: String) throws -> (
    status: Int32, output: String
  ) {
    try Subprocess.run(
      [BuiltProducts.bbfan.path(), "call"] + arguments + ["--data-dir", directory],
      environment: ["BBFAN_FETCH": helper])
  }

  private func removeAll() {
    cleanUp()
    try? FileManager.default.removeItem(atPath: directory + "-helper")
  }

  /// Checks that none of `pids` exists any more (not even unreaped).
  private static func expectGone(_ pids: [Int32], sourceLocation: SourceLocation = #_sourceLocation)
  {
    for pid in pids {
      #expect(
        kill(pid, 0) == -1 && errno == ESRCH, "helper \(pid) outlived bbfan call",
        sourceLocation: sourceLocation)
    }
  }

  @Test("one helper serves every request of the call, and is gone when the call returns")
  func oneHelperPerCall() throws {
    defer { removeAll() }
    let (helper, log) = try loggingHelper()
    let image = #"{"url":"\#(server.image("early-300.png"))"}"#
    let fetched = try call(["images.fetch", image], helper: helper)
    #expect(fetched.status == 0, "\(fetched.output)")
    #expect(fetched.output.contains(#""freshness":"downloaded""#))
    let revalidated = try call(["images.fetch", image], helper: helper)
    #expect(revalidated.output.contains(#""freshness":"revalidated""#), "\(revalidated.output)")
    // A refresh asks for three lists, then three again with 304s.
    for _ in 0..<2 {
      let refreshed = try call(["catalog.refresh", "--source", server.api()], helper: helper)
      #expect(refreshed.status == 0, "\(refreshed.output)")
    }
    let pids = Self.starts(log)
    #expect(pids.count == 4, "\(pids)")
    Self.expectGone(pids)
  }

  @Test(
    "a call that fails before it needs HTTP stops the helper it started",
    arguments: [
      ["images.fetch", #"{"url":"ftp://host/a.png"}"#],
      ["catalog.refresh", #"{"universe":"rick-and-morty"}"#, "--source", "http://127.0.0.1:1/api"],
    ])
  func failsBeforeHTTP(arguments: [String]) throws {
    defer { removeAll() }
    let (helper, log) = try loggingHelper()
    let outcome = try call(arguments, helper: helper)
    #expect(outcome.status == 1, "\(outcome.output)")
    let pids = Self.starts(log)
    #expect(pids.count == 1, "the helper was not started early: \(pids)")
    Self.expectGone(pids)
  }

  @Test("a helper that ends as it starts fails the request with -32011 naming it")
  func helperEndsAtOnce() throws {
    defer { removeAll() }
    let (helper, log) = try loggingHelper(body: "exit 3")
    let image = #"{"url":"\#(server.image("early-300.png"))"}"#
    let outcome = try call(["images.fetch", image], helper: helper)
    #expect(outcome.status == 1)
    #expect(outcome.output.contains(#""reason":"upstream-unavailable""#), "\(outcome.output)")
    #expect(outcome.output.contains(helper), "\(outcome.output)")
    Self.expectGone(Self.starts(log))
  }
}
