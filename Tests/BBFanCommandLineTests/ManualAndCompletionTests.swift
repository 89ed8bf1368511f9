import Foundation
import TestSupport
import Testing

@testable import bbfan

/// bbfan(1) and the completion scripts, made from the tables of commands and options.
@Suite("The man page and the completion scripts")
struct ManualAndCompletionTests {
  /// Runs `arguments` with `input` written to a file it can read as `$1`.
  private func run(_ arguments: [String], file text: String) throws -> (Int32, String) {
    let file = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-cli-\(UUID().uuidString)")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try Subprocess.run(arguments + [file.path()])
  }

  @Test(
    "the man page names every command and option, and mandoc's lint finds nothing",
    .enabled(if: Prerequisite.mandoc.isAvailable))
  func manual() throws {
    let page = ManualPage.text
    for option in CommandLineOption.all {
      #expect(page.contains(ManualPage.escape(option.name)), "\(option.name)")
    }
    for command in CommandLineCommand.all {
      #expect(page.contains(".TP\n\\fB\(command.name)\\fR"), "\(command.name)")
    }
    for section in [
      "NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES",
    ] {
      #expect(page.contains(".SH \(section)\n"), "\(section)")
    }
    let (status, output) = try run(["mandoc", "-T", "lint", "-W", "style"], file: page)
    #expect(status == 0 && output.isEmpty, "\(output)")
  }

  /// The words bash's completion offers for the command line `words`, the last being completed.
  private func bashCompletes(_ words: [String]) throws -> [String] {
    let script =
      "source \"$1\"; COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); "
      + "COMP_CWORD=\(words.count - 1); _bbfan; printf '%s\\n' \"${COMPREPLY[@]}\""
    let (status, output) = try run(
      ["bash", "-c", script, "bash"], file: try #require(ShellCompletion.script(for: "bash")))
    #expect(status == 0, "\(output)")
    return output.split(separator: "\n").map(String.init)
  }

  @Test(
    "bash completes commands, options, their values, and method names after call",
    .enabled(if: Prerequisite.bash.isAvailable))
  func bash() throws {
    #expect(try bashCompletes(["bbfan", "c"]) == ["call", "completion"])
    #expect(
      try bashCompletes(["bbfan", "call", "quotes."])
        == ["quotes.byCharacter", "quotes.overview", "quotes.random"])
    #expect(try bashCompletes(["bbfan", "call", "rpc.discover", "x"]).isEmpty)
    #expect(
      try bashCompletes(["bbfan", "--data-dir", "/tmp", "--seed", "1", "call", "auth.s"])
        == ["auth.session", "auth.switch"])
    #expect(try bashCompletes(["bbfan", "--log-level", "d"]) == ["debug"])
    #expect(
      try bashCompletes(["bbfan", "--max-"]) == [
        "--max-pages", "--max-refresh-bytes", "--max-message-bytes", "--max-depth", "--max-batch",
      ])
    #expect(try bashCompletes(["bbfan", "completion", ""]) == ShellCompletion.shells)
    // Every method of the registry, and nothing else, after call.
    #expect(try bashCompletes(["bbfan", "call", ""]) == ShellCompletion.methods)
    #expect(ShellCompletion.methods.contains("favorites.toggle"))
  }

  @Test(
    "zsh and fish load their scripts; fish completes method names after call",
    .enabled(if: Prerequisite.shells.isAvailable))
  func zshAndFish() throws {
    let zsh = try run(["zsh", "-n"], file: try #require(ShellCompletion.script(for: "zsh")))
    #expect(zsh.0 == 0, "\(zsh.1)")
    let fishScript = try #require(ShellCompletion.script(for: "fish"))
    let fish = try run(
      [
        "fish", "-c",
        "source $argv[1]; complete -C 'bbfan call quotes.'; complete -C 'bbfan --log-level '",
      ],
      file: fishScript)
    #expect(fish.0 == 0, "\(fish.1)")
    let words = fish.1.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    #expect(
      words == [
        "quotes.byCharacter", "quotes.overview", "quotes.random", "debug", "error", "info", "off",
        "warning",
      ])
  }
}
