import Foundation

/// Runs a command to completion for a test and captures what it printed (stdout and stderr
/// together), so tests can drive python3, node, bash and the built binary the same way.
package enum Subprocess {
  /// Runs `arguments` through `/usr/bin/env` with `environment` added to the tests' own
  /// (`TestEnvironment.merged`); returns the exit status and the output.
  package static func run(_ arguments: [String], environment: [String: String] = [:]) throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = TestEnvironment.merged(with: environment)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}
