import Foundation
import TestSupport
import Testing

@testable import bbfan

/// The table of options: the parser takes each as it says, and README's table is made from it.
@Suite("The table of options")
struct CommandLineOptionTests {
  private let parser = CommandLineParser { name in name == "HOME" ? "/home/walt" : nil }

  /// README's table of options, as the table of options makes it.
  static var markdown: String {
    func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }
    var rows = ["| option | default | meaning |", "|---|---|---|"]
    for option in CommandLineOption.all {
      let names = [option.short, option.name].compactMap { $0 }.map { name in
        option.value.map { "`\(cell(name)) \(cell($0))`" } ?? "`\(name)`"
      }
      let defaultValue = option.defaultValue.map { "`\(cell($0))`" } ?? "–"
      rows.append(
        "| \(names.joined(separator: ", ")) | \(defaultValue) | \(cell(option.summary)) |")
    }
    return rows.joined(separator: "\n")
  }

  @Test("README's table of options is the one the table makes")
  func readmeTable() throws {
    let readme = String(
      decoding: try Data(contentsOf: BuiltProducts.repository.appending(path: "README.md")),
      as: UTF8.self)
    #expect(
      readme.contains("\n" + Self.markdown + "\n"),
      "README's table of options differs from CommandLineOption.all; it should be:\n\(Self.markdown)"
    )
  }

  @Test("every option is taken as --name value and as --name=value, and needs its value")
  func everyOptionParses() throws {
    for option in CommandLineOption.all where option.value != nil {
      let sample: String =
        switch option.kind {
        case .choice(let words): words.last ?? ""
        case .directory, .file: "/tmp/bbfan-option"
        case .text:
          option.name == "--source"
            ? "rick-and-morty=embedded"
            : option.name == "--database" ? "postgres://walt@localhost/bbfan" : "7"
        }
      let command = option.commands?.first ?? "serve"
      #expect(throws: Never.self, "\(option.name)") {
        _ = try parser.parse([command, option.name, sample])
        _ = try parser.parse([option.name + "=" + sample, command])
      }
      #expect(throws: UsageError(message: "\(option.name) needs a value; see 'bbfan --help'")) {
        _ = try parser.parse([command, option.name])
      }
    }
    #expect(throws: UsageError(message: "--help takes no value; see 'bbfan --help'")) {
      _ = try parser.parse(["--help=yes"])
    }
    #expect(throws: UsageError(message: "unknown option '--nope'; see 'bbfan --help'")) {
      _ = try parser.parse(["--nope"])
    }
    #expect(try parser.parse(["call", "service.info", "-V"]) == .version)
    #expect(try parser.parse(["-h"]) == .help)
  }

  @Test("--help names every command and every option with its default")
  func help() {
    let text = HelpText.text
    let flowing = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    for command in CommandLineCommand.all where command.name != "serve" {
      #expect(text.contains("bbfan \(command.name)"))
    }
    for option in CommandLineOption.all {
      #expect(text.contains("  " + option.synopsis), "\(option.name)")
      if let defaultValue = option.defaultValue {
        #expect(flowing.contains("(default: \(defaultValue))"), "\(option.name)")
      }
    }
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= HelpText.width })
  }
}
