import Foundation

/// A program or Python package that some tests use besides Swift, with how to get it.
///
/// Tests that need one name it in a condition trait (`.enabled(if: Prerequisite.jq.isAvailable)`),
/// so a missing tool skips them instead of failing with a stack of causes; the first check of
/// the run prints one line to stderr naming everything that is missing and how to install it,
/// and `PrerequisiteTests` fails with the same line, so a run never passes without them.
package enum Prerequisite: String, CaseIterable, Sendable {
  /// Python 3: the test API server, the schema checks, the Python client.
  case python3
  /// Python's `jsonschema` package: the OpenRPC and reply-schema checks.
  case jsonschema
  /// Node.js 18 or later: the Node client's tests.
  case node
  /// bash: the shell client's scripts.
  case bash
  /// jq: the shell client's scripts and the README's shell examples.
  case jq
  /// qpdf: the card export's PDF structure checks (`qpdf --check`).
  case qpdf
  /// Poppler's pdftotext and pdftoppm: the card export's text and rendering checks.
  case poppler
  /// The official MCP Python SDK (`mcp` 2.x): the MCP interface's tests drive `bbfan mcp` with it.
  case mcp
  /// PostgreSQL's server programs (initdb, pg_ctl): the shared store's tests start a throwaway
  /// server of their own (`TemporaryPostgres`).
  case postgres
  /// mandoc: the man page's lint (`mandoc -T lint`).
  case mandoc
  /// zsh and fish: the completion scripts are loaded and driven in each shell.
  case shells

  /// Whether it can be used on this machine (checked once per run).
  package var isAvailable: Bool { !Self.missing.contains(self) }

  /// The command that installs it on Debian or Ubuntu (the README lists the others).
  package var howToGet: String {
    switch self {
    case .python3: "apt-get install python3"
    case .jsonschema: "python3 -m pip install jsonschema"
    case .node: "apt-get install nodejs (18 or later)"
    case .bash: "apt-get install bash"
    case .jq: "apt-get install jq"
    case .qpdf: "apt-get install qpdf"
    case .poppler: "apt-get install poppler-utils"
    case .postgres: "apt-get install postgresql"
    case .mcp: "python3 -m pip install 'mcp>=2,<3'"
    case .mandoc: "apt-get install mandoc"
    case .shells: "apt-get install zsh fish"
    }
  }

  /// One line naming every missing prerequisite and how to get it, or nil when none is missing.
  package static var summary: String? { describe(missing) }

  /// The missing prerequisites, found on first use, which also prints `summary` to stderr.
  private static let missing: [Prerequisite] = {
    let found = allCases.filter { !$0.probe() }
    if let line = describe(found) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    return found
  }()

  private static func describe(_ missing: [Prerequisite]) -> String? {
    guard !missing.isEmpty else { return nil }
    let items = missing.map { "\($0.rawValue) (\($0.howToGet))" }
    return "bbfan tests: missing \(items.joined(separator: ", ")); the tests that need them are "
      + "skipped and the run fails. `make test-deps` installs them."
  }

  private func probe() -> Bool {
    guard let command = command else {
      // PostgreSQL's server programs live outside PATH on Debian; as root, the server runs as
      // nobody through setpriv.
      return TemporaryPostgres.toolsDirectory != nil
        && (geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
    }
    guard let result = try? Subprocess.run(command) else { return false }
    return result.status == 0
  }

  /// The command that succeeds when it is installed, or nil when it is found otherwise.
  private var command: [String]? {
    let command: [String]? =
      switch self {
      case .python3: ["python3", "-c", "pass"]
      case .jsonschema: ["python3", "-c", "import jsonschema, referencing"]
      case .node:
        ["node", "-e", "process.exit(Number(process.versions.node.split('.')[0]) >= 18 ? 0 : 1)"]
      case .bash: ["bash", "-c", "true"]
      case .jq: ["jq", "-n", "1"]
      case .qpdf: ["qpdf", "--version"]
      case .poppler: ["sh", "-c", "pdftotext -v && pdftoppm -v"]
      case .postgres: nil
      case .mandoc: ["sh", "-c", "command -v mandoc"]
      case .shells: ["sh", "-c", "command -v zsh && command -v fish"]
      case .mcp:
        [
          "python3", "-c",
          "import mcp, importlib.metadata as m; assert int(m.version('mcp').split('.')[0]) >= 2",
        ]
      }
    return command
  }
}
