import Foundation
import TestSupport
import Testing

/// Every code block of every README and every chapter, run as a user would.
///
/// In order, in one shell per file, twice in a row on the same home folder, after the main
/// README's own install step. The files: README.md, the clients' READMEs, every `Docs/*.md` chapter (found in the
/// folder, so a new chapter is run without a change here) and `Benchmarks/README.md`.
///
/// How a block is treated:
/// - `sh`: run by bash in the file's folder (the repository root for the main README, the
///   chapters of `Docs/`, `Benchmarks/README.md` and the shell scripts'), with `HOME` a fresh
///   folder of this test and `~/.local/bin` first on `PATH`;
/// - `python`, `js`: run by `python3 -c` and `node --input-type=module -e` in the same folder;
/// - `swift`: must be the whole of the file its directive names (`<!-- same as PATH -->`), an
///   example executable of the package that the test then runs;
/// - a block that follows another with only blank lines between is what that one prints: it is
///   compared line by line, where `…` stands for any text within a line;
/// - `<!-- not run: REASON -->` on the line above a block leaves it out (a synopsis, a format).
@Suite("README examples", .serialized, .timeLimit(.minutes(25)))
struct ReadmeExampleTests {
  static let root = BuiltProducts.repository

  /// The files whose blocks run, in the order they run: README.md first (it installs bbfan).
  static func readmes() throws -> [String] {
    let chapters = try FileManager.default.contentsOfDirectory(
      atPath: root.appending(path: "Docs").path()
    ).filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    return [
      "README.md", "Clients/Shell/README.md", "Clients/Python/README.md",
      "Clients/Node/README.md", "Clients/Swift/README.md",
    ] + chapters + ["Benchmarks/README.md"]
  }

  @Test(
    "every README code block runs twice in a row and prints what the README shows",
    .enabled(
      if: Prerequisite.bash.isAvailable && Prerequisite.jq.isAvailable
        && Prerequisite.python3.isAvailable && Prerequisite.node.isAvailable))
  func readmesRun() async throws {
    let home = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-readme-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let readmes = try Self.readmes()
    // Minutes of waiting on processes (the install step builds): not on a cooperative thread.
    let problems = try await DedicatedThread.run {
      var problems: [String] = []
      for readme in readmes {
        for run in 1...2 {
          problems += try Self.run(readme: readme, home: home, pass: run)
        }
      }
      return problems
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
  }

  @Test("a README block that nobody knows how to run is an error, not skipped")
  func everyBlockIsClassified() throws {
    let readmes = try Self.readmes()
    for chapter in ["Protocol", "Storage", "LiveSource", "MCP", "Schemas", "Catalog", "Testing"] {
      #expect(readmes.contains("Docs/\(chapter).md"), "Docs/\(chapter).md is not run")
    }
    for readme in readmes {
      let text = try String(contentsOf: Self.root.appending(path: readme), encoding: .utf8)
      for block in MarkdownCodeBlock.blocks(in: text) {
        let runnable = ["sh", "python", "js", "swift"].contains(block.language)
        let output = block.followsPreviousBlock && ["", "text", "json"].contains(block.language)
        let skipped = block.directive.map { $0.hasPrefix("not run: ") && $0.count > 12 } ?? false
        #expect(
          runnable || output || skipped,
          "\(readme):\(block.line): a ```\(block.language) block that is neither run, nor output, nor marked <!-- not run: REASON -->"
        )
      }
    }
  }

  @Test("every chapter of Docs/ is linked from README's \"Where to read more\"")
  func everyChapterIsLinked() throws {
    let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Where to read more\n"))
    let list = readme[section.upperBound...].prefix { $0 != "#" }
    for chapter in try Self.readmes() where chapter.hasPrefix("Docs/") {
      #expect(
        list.contains("](\(chapter))"),
        "README's \"Where to read more\" does not link \(chapter): add a line for it")
    }
  }

  @Test("README's test commands are the ones .ci/run runs, in the same order")
  func testCommandsAreCIs() throws {
    let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Tests\n"))
    let block = try #require(
      MarkdownCodeBlock.blocks(in: String(readme[section.upperBound...])).first)
    let commands = block.text.split(separator: "\n").map(String.init)
    #expect(commands == ["make test-deps", "swift test"])
    let script = try String(contentsOf: Self.root.appending(path: ".ci/run"), encoding: .utf8)
    let lines = script.split(separator: "\n").map(String.init)
    let positions = commands.map { lines.firstIndex(of: $0) }
    #expect(positions.allSatisfy { $0 != nil }, ".ci/run does not run every README test command")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
  }

  @Test("the Markdown reader finds blocks, their directives and what follows what")
  func markdownReader() {
    let blocks = MarkdownCodeBlock.blocks(
      in:
        "text\n<!-- not run: a synopsis -->\n```\nA\n```\n\n```json\n{}\n```\nprose\n```sh\nls\n```\n"
    )
    #expect(blocks.map(\.line) == [3, 7, 11])
    #expect(blocks.map(\.directive) == ["not run: a synopsis", nil, nil])
    #expect(blocks.map(\.followsPreviousBlock) == [false, true, false])
    #expect(blocks.map(\.text) == ["A\n", "{}\n", "ls\n"])
    #expect(Self.matches(expected: "a…c\nd", actual: "abbbc\nd\n"))
    #expect(!Self.matches(expected: "a…c", actual: "abbbd"))
  }

  // MARK: - Running

  /// Runs one README's blocks; returns what went wrong, one sentence each.
  private static func run(readme: String, home: URL, pass: Int) throws -> [String] {
    var problems: [String] = []
    func check(_ holds: Bool, _ problem: @autoclosure () -> String) {
      if !holds { problems.append(problem()) }
    }
    let file = root.appending(path: readme)
    let folder = readme.hasPrefix("Clients/") ? file.deletingLastPathComponent() : root
    let workingDirectory = readme.hasPrefix("Clients/Shell") ? root : folder
    let blocks = MarkdownCodeBlock.blocks(in: try String(contentsOf: file, encoding: .utf8))
    var environment = ProcessInfo.processInfo.environment
    for name in ["XDG_DATA_HOME", "BBFAN", "BBFAN_BINARY", "BBFAN_DATABASE_URL"] {
      environment[name] = nil
    }
    environment["HOME"] = home.path()
    environment.merge(TestEnvironment.offline) { $1 }
    environment["PATH"] =
      home.appending(path: ".local/bin").path() + ":" + (environment["PATH"] ?? "")

    // The sh blocks run in one shell, as pasted into one terminal; a marker line on stdout
    // before each says where its output starts.
    // -e stops at the first command that fails, as a reader would; without pipefail, since
    // examples pipe an error reply (exit status 1) into jq on purpose.
    var script = "set -eu\n"
    for (index, block) in blocks.enumerated() where block.language == "sh" && !isSkipped(block) {
      script += "printf '\\n\(marker)\(index)\\n'\n" + block.text
    }
    let shell = try execute(["bash", "-c", script], in: workingDirectory, environment: environment)
    let place = "\(readme) (run \(pass) of 2)"
    check(
      shell.status == 0, "\(place): the shell blocks failed: \(shell.stderr)\n\(shell.stdout)")
    let outputs = outputsByBlock(shell.stdout)

    var printed: [Int: String] = outputs
    for (index, block) in blocks.enumerated() where !isSkipped(block) {
      switch block.language {
      case "python":
        let result = try execute(
          ["python3", "-c", block.text], in: folder, environment: environment)
        check(result.status == 0, "\(place):\(block.line): \(result.stderr)")
        printed[index] = result.stdout
      case "js":
        let result = try execute(
          ["node", "--input-type=module", "-e", block.text], in: folder, environment: environment)
        check(result.status == 0, "\(place):\(block.line): \(result.stderr)")
        printed[index] = result.stdout
      case "swift":
        let (output, problem) = try runSwiftExample(
          block, folder: folder, environment: environment, place: place)
        printed[index] = output
        if let problem { problems.append(problem) }
      default:
        break
      }
    }
    for (index, block) in blocks.enumerated() where index > 0 && block.followsPreviousBlock {
      guard ["", "text", "json"].contains(block.language), !isSkipped(block) else { continue }
      guard let actual = printed[index - 1] else { continue }
      check(
        matches(expected: block.text, actual: actual),
        "\(place):\(block.line): the README shows\n\(block.text)but the block above printed\n\(actual)"
      )
    }
    return problems
  }

  /// A `swift` block is the whole of an example executable's source: check that, then run it;
  /// returns what it printed and what went wrong, if anything.
  private static func runSwiftExample(
    _ block: MarkdownCodeBlock, folder: URL, environment: [String: String], place: String
  ) throws -> (output: String?, problem: String?) {
    guard let directive = block.directive, directive.hasPrefix("same as ") else {
      return (nil, "\(place):\(block.line): a swift block needs <!-- same as PATH -->")
    }
    let path = String(directive.dropFirst("same as ".count))
    let source = try String(contentsOf: folder.appending(path: path), encoding: .utf8)
    guard source == block.text else {
      return (nil, "\(place):\(block.line): the block differs from \(path)")
    }
    let product = folder.appending(path: path).deletingLastPathComponent().lastPathComponent
    let result = try execute(
      [BuiltProducts.folder.appending(path: product).path()], in: folder, environment: environment)
    guard result.status == 0 else {
      return (result.stdout, "\(place):\(block.line): \(product) failed: \(result.stderr)")
    }
    return (result.stdout, nil)
  }

  private static let marker = "\u{1E}README-BLOCK "

  private static func isSkipped(_ block: MarkdownCodeBlock) -> Bool {
    block.directive?.hasPrefix("not run: ") ?? false
  }

  private static func outputsByBlock(_ stdout: String) -> [Int: String] {
    var outputs: [Int: String] = [:]
    var current: Int?
    var lines: [Substring] = []
    func flush() {
      if let current { outputs[current] = lines.map { $0 + "\n" }.joined() }
      lines = []
    }
    for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(marker), let index = Int(line.dropFirst(marker.count)) {
        flush()
        current = index
      } else if current != nil {
        lines.append(line)
      }
    }
    flush()
    // Each marker is printed after a newline of its own: drop that empty line.
    return outputs.mapValues { text in
      text.hasSuffix("\n\n") ? String(text.dropLast()) : text
    }
  }

  /// Whether `actual` shows what `expected` says, line by line, `…` standing for any text.
  static func matches(expected: String, actual: String) -> Bool {
    let want = expected.split(separator: "\n").map(String.init)
    let got = actual.split(separator: "\n").map(String.init)
    guard want.count == got.count else { return false }
    return zip(want, got).allSatisfy { pattern, line in
      let parts = pattern.components(separatedBy: "…")
      guard parts.count > 1 else { return pattern == line }
      guard line.hasPrefix(parts[0]), let last = parts.last, line.hasSuffix(last) else {
        return false
      }
      var rest = Substring(line.dropFirst(parts[0].count))
      for part in parts.dropFirst().dropLast() {
        guard let range = rest.range(of: part) else { return false }
        rest = rest[range.upperBound...]
      }
      return rest.count >= last.count
    }
  }

  private static func execute(_ arguments: [String], in folder: URL, environment: [String: String])
    throws -> (status: Int32, stdout: String, stderr: String)
  {
    let scratch = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-readme-out-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appending(path: "stdout")
    let err = scratch.appending(path: "stderr")
    try Data().write(to: out)
    try Data().write(to: err)
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, try String(contentsOf: out, encoding: .utf8),
      try String(contentsOf: err, encoding: .utf8)
    )
  }
}
