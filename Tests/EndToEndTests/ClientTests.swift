import Foundation
import TestSupport
import Testing

/// The clients in `Clients/`, each run by its own test suite against the built binary.
@Suite("Clients", .timeLimit(.minutes(3)))
struct ClientTests {
  static let clients = BuiltProducts.repository.appending(path: "Clients")

  @Test(
    "the Python client's tests pass (python3 -m unittest)",
    .enabled(if: Prerequisite.python3.isAvailable))
  func python() async throws {
    let (status, output) = try await DedicatedThread.run {
      try Subprocess.run(
        [
          "python3", "-m", "unittest", "discover", "-s",
          Self.clients.appending(path: "Python").path(), "-p", "test_*.py",
        ],
        environment: ["BBFAN_BINARY": ServiceProcess.executable.path()])
    }
    #expect(status == 0, "\(output)")
    #expect(output.contains("OK"))
  }

  @Test(
    "the Node.js client's tests pass (node --test)", .enabled(if: Prerequisite.node.isAvailable))
  func node() async throws {
    let (status, output) = try await DedicatedThread.run {
      try Subprocess.run(
        ["node", "--test", Self.clients.appending(path: "Node").path() + "/"],
        environment: ["BBFAN_BINARY": ServiceProcess.executable.path()])
    }
    #expect(status == 0, "\(output)")
    #expect(output.contains("# fail 0"))
  }

  @Test(
    "the shell scripts' checks pass",
    .enabled(if: Prerequisite.bash.isAvailable && Prerequisite.jq.isAvailable))
  func shell() async throws {
    let (status, output) = try await DedicatedThread.run {
      try Subprocess.run(
        ["bash", Self.clients.appending(path: "Shell/test.sh").path()],
        environment: ["BBFAN": ServiceProcess.executable.path()])
    }
    #expect(status == 0, "\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }
}
