import FanServer
import JSON

/// What the command line asks for.
enum Invocation: Equatable {
  /// Serve JSON-RPC on stdin/stdout, recording every exchange to a tape when a path is given.
  case serve(ServiceConfiguration, record: String?)
  /// Serve the Model Context Protocol on stdin/stdout, for AI assistants.
  case mcp(ServiceConfiguration)
  /// Send one request and print its result.
  case call(method: String, params: JSONValue?, ServiceConfiguration)
  /// Replay tapes and report every reply that differs.
  case verify(files: [String], ServiceConfiguration)
  /// Print a completion script for a shell.
  case completion(shell: String)
  /// Print the man page.
  case manual
  /// Print the help text.
  case help
  /// Print the version.
  case version
}

/// A command line that cannot be run, with a sentence saying why.
struct UsageError: Error, Equatable {
  /// What is wrong, and what to do instead.
  var message: String
}
