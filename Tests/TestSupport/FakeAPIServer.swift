import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The stand-in for the live API (`Tests/Tools/fake_api.py`), started on 127.0.0.1 for a test.
///
/// It serves `Data/breaking-bad` and `Data/rick-and-morty` in their APIs' shapes, misbehaving according to the scenario
/// at the start of each URL (see the script). It stops when the object is released, and on its
/// own if the test process dies (it exits when its stdin closes).
package final class FakeAPIServer: @unchecked Sendable {
  /// The port it listens on.
  package let port: Int
  private let process = Process()
  private let input = Pipe()

  /// Starts a server; throws if python3 is missing or the server does not start.
  ///
  /// With `fixture`, it also serves that folder's `NAME.json` files at `fixture(_:)`.
  package init(fixture: URL? = nil) throws {
    let root = BuiltProducts.repository
    if let fixture {
      var environment = ProcessInfo.processInfo.environment
      environment["BBFAN_FAKE_FIXTURE"] = fixture.path()
      process.environment = environment
    }
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = [
      "python3", root.appending(path: "Tests/Tools/fake_api.py").path(),
      root.appending(path: "Data/breaking-bad").path(),
    ]
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    let handle = output.fileHandleForReading
    while !line.contains(0x0A) {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text) else {
      process.terminate()
      throw StartFailure(output: text)
    }
    self.port = port
  }

  deinit {
    stop()
  }

  /// `http://127.0.0.1:PORT/SCENARIO/api`: the base URL of the API in a scenario.
  package func api(_ scenario: String = "ok") -> String {
    "http://127.0.0.1:\(port)/\(scenario)/api"
  }

  /// `http://127.0.0.1:PORT/SCENARIO/fixture`: the base URL of the fixture folder's API (each
  /// list whole at `/NAME`).
  package func fixture(_ scenario: String = "ok") -> String {
    "http://127.0.0.1:\(port)/\(scenario)/fixture"
  }

  /// `http://127.0.0.1:PORT/SCENARIO/rmapi`: the base URL of the Rick and Morty API (paged, 20
  /// records a page) in a scenario.
  package func rickAndMorty(_ scenario: String = "ok") -> String {
    "http://127.0.0.1:\(port)/\(scenario)/rmapi"
  }

  /// `http://127.0.0.1:PORT/SCENARIO/img/NAME`: an image in a scenario.
  package func image(_ name: String, scenario: String = "ok") -> String {
    "http://127.0.0.1:\(port)/\(scenario)/img/\(name)"
  }

  /// Makes the `live` scenario behave as `scenario` from now on.
  package func setLiveMode(_ scenario: String) async throws {
    guard let url = URL(string: "http://127.0.0.1:\(port)/_mode/\(scenario)") else { return }
    _ = try await URLSession.shared.data(from: url)
  }

  /// Lets the requests of the scenario `held-NAME` be answered: those waiting and those to come.
  package func release(_ name: String) async throws {
    guard let url = URL(string: "http://127.0.0.1:\(port)/_release/\(name)") else { return }
    _ = try await URLSession.shared.data(from: url)
  }

  /// Stops the server now (later requests are refused).
  package func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// How many requests each path has had.
  package func hits() async throws -> [String: Int] {
    guard let url = URL(string: "http://127.0.0.1:\(port)/_stats") else { return [:] }
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode([String: Int].self, from: data)
  }

  /// A port on 127.0.0.1 where a connection attempt gets no answer at all (the system drops its
  /// packets), as a host that is down or out of reach; it lasts as long as the server.
  package func silentPort() async throws -> Int {
    guard let url = URL(string: "http://127.0.0.1:\(port)/_silent") else { return 0 }
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode(Int.self, from: data)
  }

  /// How many body bytes the streaming scenarios wrote to the socket, by path.
  package func sent() async throws -> [String: Int] {
    try await counts("_sent")
  }

  /// How many stalled answers (scenario `stall`) the client closed, by path.
  package func closed() async throws -> [String: Int] {
    try await counts("_closed")
  }

  /// The most requests of each scenario the server was answering at once, by scenario.
  package func peaks() async throws -> [String: Int] {
    try await counts("_peak")
  }

  private func counts(_ name: String) async throws -> [String: Int] {
    guard let url = URL(string: "http://127.0.0.1:\(port)/\(name)") else { return [:] }
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode([String: Int].self, from: data)
  }

  /// The server did not print its port.
  package struct StartFailure: Error, CustomStringConvertible {
    /// What it printed instead.
    package var output: String
    /// A sentence for the test log.
    package var description: String { "fake_api.py did not start; it printed: \(output)" }
  }
}
