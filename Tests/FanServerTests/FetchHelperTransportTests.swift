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
