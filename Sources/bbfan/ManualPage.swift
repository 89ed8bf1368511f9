import FanAPI
import FanServer

/// bbfan(1): the man page, in roff, made from the same tables as `--help`.
enum ManualPage {
  /// What bbfan is, in one sentence: the back end of the fan apps of every universe it serves.
  static var description: String {
    "the back end of the fan apps of every universe it serves (\(universeNames)): their catalogs, "
      + "accounts, favourites and quizzes, over JSON-RPC 2.0 on stdin/stdout."
  }

  /// What bbfan is, for the NAME line of the man page (and `whatis`): without the universes'
  /// names, which `description` gives, so that the line stays within 80 columns.
  static let oneLine = "JSON-RPC back end of the fan apps of every universe it serves"

  /// The universes the binary serves, as people name them: `Breaking Bad and Rick and Morty`.
  private static var universeNames: String {
    let names = Universes.all.map(\.displayName)
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }

  /// How messages are framed, and where the methods are described.
  static let framing =
    "Messages are newline-delimited JSON, or Content-Length framed (detected per message). Call "
    + "rpc.discover for the OpenRPC description of every method."

  /// An exit status and what it means.
  struct ExitStatus: Sendable {
    /// The number.
    var status: Int
    /// When it is returned.
    var meaning: String
  }

  /// Every exit status.
  static let exitStatuses = [
    ExitStatus(status: 0, meaning: "Success."),
    ExitStatus(
      status: 1,
      meaning: "call returned an error, a tape did not hold, or the service could not start."),
    ExitStatus(
      status: 2, meaning: "The command line or a tape is wrong (one line on stderr says why)."),
  ]

  /// The environment variables bbfan reads, and what for.
  static let environment: [(name: String, meaning: String)] = [
    ("XDG_DATA_HOME", "The default data directory is $XDG_DATA_HOME/bbfan when it is set."),
    ("HOME", "Else the default data directory is ~/.local/share/bbfan."),
    ("BBFAN_DATABASE_URL", "The PostgreSQL database, as --database gives it."),
    (
      "BBFAN_PUBLIC_SOURCES",
      "off: catalog.refresh of a universe given no --source fails instead of fetching from its "
        + "public API (Rick and Morty's https://rickandmortyapi.com/api); UNIVERSE=URL,...: "
        + "those APIs instead."
    ),
    ("PGPASSWORD", "The PostgreSQL password, when the URL has none (or ~/.pgpass)."),
    ("BBFAN_LIBCRYPTO", "The one libcrypto file to load, instead of the system's libcrypto.so.3."),
    ("BBFAN_LIBCURL", "The one libcurl file to load, instead of the system's libcurl.so.4."),
    ("BBFAN_LIBPQ", "The one libpq file to load, instead of the system's libpq.so.5."),
    (
      "BBFAN_LIBSQLITE3",
      "The one libsqlite3 file to load, instead of the system's libsqlite3.so.0."
    ),
    ("BBFAN_LIBZ", "The one zlib file to load, instead of the system's libz.so.1."),
  ]

  /// What the data directory holds.
  static let files: [(name: String, meaning: String)] = [
    (
      "DATA_DIR/bbfan.sqlite3",
      "The database: accounts, sessions, favourites, quizzes, profiles, the saved catalogs of "
        + "live sources and the image index (with its -wal and -shm files)."
    ),
    ("DATA_DIR/images/", "The image cache, each image named by the SHA-256 of its URL."),
    ("DATA_DIR/photos/", "Profile photos."),
    ("DATA_DIR/exports/", "Characters exported as CSV files and PDF cards."),
  ]

  /// Examples, as the lines of a command and what it does.
  static let examples: [(command: [String], meaning: String)] = [
    (
      [#"echo '{"jsonrpc":"2.0","id":1,"method":"service.info"}' | bbfan"#],
      "Ask a service what it is."
    ),
    (
      [#"bbfan call episodes.filter '{"season":2}' | jq -r '.episodes[].title'"#],
      "The titles of Breaking Bad's second season."
    ),
    (
      [
        #"bbfan --source rick-and-morty=https://rickandmortyapi.com/api \"#,
        #"  call catalog.refresh '{"universe":"rick-and-morty"}'"#,
      ],
      "Refresh Rick and Morty from its live API; later starts serve that refresh."
    ),
    (["bbfan mcp"], "Serve the Model Context Protocol to an AI assistant that spawned it."),
  ]

  /// The whole page.
  static var text: String {
    var lines = [
      #".\" bbfan(1), made by `bbfan manual` from the tables of its options and commands."#,
      ".TH BBFAN 1 \(ServiceVersion.date) \"bbfan \(ServiceVersion.version)\" \"User Commands\"",
      ".SH NAME",
      "bbfan \\- \(escape(oneLine))",
      ".SH SYNOPSIS",
    ]
    for (index, command) in CommandLineCommand.all.enumerated() {
      let name = command.name == "serve" ? "[\\fBserve\\fR]" : "\\fB\(command.name)\\fR"
      let arguments = command.arguments.isEmpty ? "" : " " + escape(command.arguments)
      if index > 0 { lines.append(".br") }
      lines.append("\\fBbbfan\\fR \(name)\(arguments)")
    }
    lines += [".br", "\\fBbbfan\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR"]
    lines += [".SH DESCRIPTION", "\\fBbbfan\\fR is \(escape(description))", escape(framing)]
    lines += [".SH COMMANDS"]
    for command in CommandLineCommand.all {
      let arguments = command.arguments.isEmpty ? "" : " \\fI\(escape(command.arguments))\\fR"
      lines += [".TP", "\\fB\(command.name)\\fR\(arguments)", escape(command.summary)]
    }
    lines += [
      ".SH OPTIONS", "Options may come before or after the command, as", ".B \\-\\-name value",
      "or", ".BR \\-\\-name=value .",
    ]
    for option in CommandLineOption.all {
      let names = [option.short, option.name].compactMap { $0 }
        .map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
      let value = option.value.map { " \\fI\(escape($0))\\fR" } ?? ""
      var summary = option.summary
      if let defaultValue = option.defaultValue { summary += " Default: \(defaultValue)." }
      lines += [".TP", names + value, escape(summary)]
    }
    lines += [".SH ENVIRONMENT"]
    for (name, meaning) in environment {
      lines += [".TP", ".B \(name)", escape(meaning)]
    }
    lines += [
      ".SH FILES",
      "DATA_DIR is the data directory (\\fB\\-\\-data\\-dir\\fR);",
      "bbfan makes its folders 0700 and its files 0600.",
    ]
    for (name, meaning) in files {
      lines += [".TP", ".I \(escape(name))", escape(meaning)]
    }
    lines += [".SH EXIT STATUS"]
    for status in exitStatuses {
      lines += [".TP", ".B \(status.status)", escape(status.meaning)]
    }
    lines += [".SH EXAMPLES"]
    for (index, (command, meaning)) in examples.enumerated() {
      if index > 0 { lines.append(".PP") }
      let shown = command.map { $0.replacing("\\", with: "\\e").replacing("-", with: "\\-") }
      lines += [escape(meaning), ".PP", ".RS 4", ".nf"] + shown + [".fi", ".RE"]
    }
    lines += [
      ".SH SEE ALSO",
      ".BR jq (1).",
      "The README and the Schemas folder of the source describe every method.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` made safe for roff, in source lines of at most 80 bytes where its words allow:
  /// backslashes and hyphens escaped, no line starting with a control character.
  static func escape(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    return TextWrapping.lines(escaped, width: 78).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }.joined(separator: "\n")
  }
}
