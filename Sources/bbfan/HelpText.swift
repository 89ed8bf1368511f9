import FanServer

/// The text of `bbfan --help`, made from the tables of commands and options.
enum HelpText {
  /// The width the text is wrapped to.
  static let width = 100

  /// The whole text.
  static var text: String {
    let column = 30
    var parts = [
      TextWrapping.lines(
        "bbfan \(ServiceVersion.version): \(ManualPage.description)", width: width
      ).joined(separator: "\n")
    ]
    var usage: [String] = []
    for command in CommandLineCommand.all {
      let name = command.name == "serve" ? "[serve]" : command.name
      let label = "  bbfan \(name) \(command.arguments)"
      usage.append(TextWrapping.hanging(label, command.summary, column: column + 8, width: width))
    }
    usage.append("  bbfan --help | --version")
    parts.append("USAGE\n" + usage.joined(separator: "\n"))
    parts.append(
      "OPTIONS\n"
        + CommandLineOption.all.map { option in
          var summary = option.summary
          if let defaultValue = option.defaultValue { summary += " (default: \(defaultValue))" }
          return TextWrapping.hanging("  " + option.synopsis, summary, column: column, width: width)
        }.joined(separator: "\n"))
    parts.append(
      TextWrapping.lines(ManualPage.framing, width: width).joined(separator: "\n"))
    parts.append(
      "EXIT STATUS\n"
        + ManualPage.exitStatuses.map {
          TextWrapping.hanging("  \($0.status)", $0.meaning, column: 6, width: width)
        }.joined(separator: "\n"))
    return parts.joined(separator: "\n\n")
  }
}
