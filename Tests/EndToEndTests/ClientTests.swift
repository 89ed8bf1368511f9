import Foundation
import Testing

/// The clients in `Clients/`, each run by its own test suite against the built binary.
@Suite("Clients", .timeLimit(.minutes(3)))
struct ClientTests {
  static let clients = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Clients")

  private func run(_ arguments: [String], environment: [String: String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test("the Python client's tests pass (python3 -m unittest)")
  func python() throws {
    let (status, output) = try run(
      [
        "python3", "-m", "unittest", "discover", "-s",
        Self.clients.appending(path: "Python").path(), "-p", "test_*.py",
      ],
      environment: ["BBFAN_BINARY": ServiceProcess.executable.path()])
    #expect(status == 0, "\(output)")
    #expect(output.contains("OK"))
  }

  @Test("the Node.js client's tests pass (node --test)")
  func node() throws {
    let (status, output) = try run(
      ["node", "--test", Self.clients.appending(path: "Node").path() + "/"],
      environment: ["BBFAN_BINARY": ServiceProcess.executable.path()])
    #expect(status == 0, "\(output)")
    #expect(output.contains("# fail 0"))
  }

  @Test("the shell scripts' checks pass")
  func shell() throws {
    let (status, output) = try run(
      ["bash", Self.clients.appending(path: "Shell/test.sh").path()],
      environment: ["BBFAN": ServiceProcess.executable.path()])
    #expect(status == 0, "\(output)")
    #expect(output.contains(" passed, 0 failed"))
  }
}
