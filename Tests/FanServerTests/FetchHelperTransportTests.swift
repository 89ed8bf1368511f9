import FanAPI
import FanServer
import Foundation
import TestSupport
import Testing

@Suite("FetchHelperTransport: the helper it starts")
struct FetchHelperTransportTests {
  @Test("the helper holds none of this process's descriptors beyond stdin, stdout and stderr")
  func helperInheritsNothing() async throws {
    // A socket pair without close-on-exec, as Foundation's Process makes for each child (it
    // sees the child end only when every copy of one end has closed).
    var pair: [Int32] = [-1, -1]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer { for fd in pair { close(fd) } }
    let files = FileManager.default
    let sockets = try pair.map {
      try files.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
    }
    let transport = FetchHelperTransport(
      helperPath: BuiltProducts.folder.appending(path: "bbfan-fetch").path())
    defer { transport.stop() }
    // Nothing listens on port 1: a quick failure, after which the helper is running.
    await #expect(throws: UpstreamError.self) {
      _ = try await transport.perform(
        HTTPExchange(url: "http://127.0.0.1:1/", headers: [:], maxBytes: 1024, timeoutSeconds: 5))
    }
    let helpers = Self.children(named: "bbfan-fetch")
    #expect(!helpers.isEmpty, "no bbfan-fetch child found")
    for pid in helpers {
      guard let names = try? files.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { continue }
      let held = names.compactMap {
        try? files.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
      }
      for socket in sockets {
        #expect(!held.contains(socket), "bbfan-fetch (pid \(pid)) holds this process's \(socket)")
      }
    }
  }

  /// A link to the built helper under a name of its own (a process's name is the last part of
  /// the path it was started from), so that only the helpers of this test are counted, not
  /// those other suites run at the same time.
  private static func uniquelyNamedHelper() throws -> (path: String, name: String) {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-helper-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let name = "fetch-" + UUID().uuidString.prefix(8).lowercased()
    let path = folder.appending(path: name).path()
    try FileManager.default.createSymbolicLink(
      atPath: path,
      withDestinationPath: BuiltProducts.folder.appending(path: "bbfan-fetch").path())
    return (path, name)
  }

  @Test("stop leaves no helper behind, and the next request starts another")
  func stopThenRestart() async throws {
    let (path, name) = try Self.uniquelyNamedHelper()
    let transport = FetchHelperTransport(helperPath: path)
    defer { transport.stop() }
    let exchange = HTTPExchange(
      url: "http://127.0.0.1:1/", headers: [:], maxBytes: 1024, timeoutSeconds: 5)
    // Nothing listens on port 1: a quick failure, after which the helper is running.
    await #expect(throws: UpstreamError.self) { _ = try await transport.perform(exchange) }
    let first = Self.children(named: name)
    #expect(first.count == 1)
    transport.stop()
    #expect(Self.children(named: name).isEmpty)
    for pid in first { #expect(kill(pid, 0) == -1 && errno == ESRCH, "\(pid) still exists") }
    await #expect(throws: UpstreamError.self) { _ = try await transport.perform(exchange) }
    let second = Self.children(named: name)
    #expect(second.count == 1 && second != first)
  }

  @Test("a helper that cannot start fails the request, naming its URL and the missing helper")
  func missingHelper() async throws {
    let transport = FetchHelperTransport(helperPath: "/nonexistent/bbfan-fetch")
    defer { transport.stop() }
    let error = await #expect(throws: UpstreamError.self) {
      _ = try await transport.perform(
        HTTPExchange(
          url: "http://127.0.0.1:1/a.png", headers: [:], maxBytes: 1024, timeoutSeconds: 5))
    }
    let message = error.map { "\($0)" } ?? ""
    #expect(message.contains("http://127.0.0.1:1/a.png"))
    #expect(message.contains("/nonexistent/bbfan-fetch is missing; install bbfan-fetch"))
  }

  /// The running children of this process with `name`, from `/proc/PID/status`.
  private static func children(named name: String) -> [Int32] {
    let own = "\(getpid())"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> Int32? in
      guard let pid = Int32(entry),
        let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)
      else { return nil }
      var fields: [String: String] = [:]
      for line in status.split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2 {
          fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
      return fields["Name"] == name && fields["PPid"] == own ? pid : nil
    }
  }
}
