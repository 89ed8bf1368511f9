/// One command of the command line, as `--help`, the man page and the completions show it.
struct CommandLineCommand: Sendable {
  /// The word that names it, such as `call`.
  var name: String
  /// What follows the word, such as `METHOD [PARAMS_JSON]`.
  var arguments: String
  /// What it does.
  var summary: String

  /// Every command, in the order they are shown; `serve` is the default.
  static let all: [CommandLineCommand] = [
    CommandLineCommand(
      name: "serve", arguments: "[OPTIONS]",
      summary: "Serve JSON-RPC on stdin/stdout until end of input (the default command); "
        + "--record FILE appends every exchange to a tape."),
    CommandLineCommand(
      name: "mcp", arguments: "[OPTIONS]",
      summary: "Serve the Model Context Protocol on stdin/stdout, for AI assistants: the methods "
        + "as tools, records as resources, and prompts; it acts for the account signed in on "
        + "the data directory."),
    CommandLineCommand(
      name: "call", arguments: "METHOD [PARAMS_JSON]",
      summary: "Send one request; the result is printed on stdout, an error as JSON on stderr "
        + "(exit status 1)."),
    CommandLineCommand(
      name: "verify", arguments: "FILE...",
      summary: "Replay tapes (JSON Lines of {\"send\", \"expect\"}) against a fresh data "
        + "directory (--seed 1 unless given); print every reply that differs; exit status 1 if "
        + "any does."),
    CommandLineCommand(
      name: "completion", arguments: "bash|zsh|fish",
      summary: "Print a completion script for the shell: commands, options, and the method "
        + "names after call."),
    CommandLineCommand(
      name: "manual", arguments: "",
      summary: "Print this manual as a man page (roff), for bbfan(1)."),
  ]
}
