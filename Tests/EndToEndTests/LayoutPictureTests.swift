import Foundation
import TestSupport
import Testing

/// README's layout picture is the real target graph.
///
/// The picture is the first fenced block of README's "## Layout" section: one line per target,
/// `Target → A, B, C` (`→` or `->`; `–` alone after the arrow for none). It has one line for
/// every target of `Package.swift` outside `Tests/` (system libraries, executables, plugins and
/// `Clients/Swift`'s targets included; test targets and the targets under `Tests/` left out),
/// and an arrow A → B for each B, a target of this package, that A lists in its `dependencies:`
/// or imports (`import B`, with any attribute, access level or kind, in any Swift file of A's
/// folder). A plugin a target is built with (`plugins:`) is not an arrow.
@Suite("The layout picture")
struct LayoutPictureTests {
  /// An arrow of the graph.
  struct Arrow: Hashable, CustomStringConvertible {
    var from: String
    var to: String
    var description: String { "\(from) → \(to)" }
  }

  static let root = BuiltProducts.repository

  @Test("README's layout picture has every arrow of Package.swift and the imports, and no other")
  func pictureIsTheGraph() throws {
    let manifest = try PackageManifest(
      text: try String(contentsOf: Self.root.appending(path: "Package.swift"), encoding: .utf8))
    let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
    let picture = try Self.picture(inReadme: readme)
    let (graph, reasons) = try Self.graph(of: manifest)
    let problems = Self.differences(picture: picture, graph: graph, reasons: reasons)
    #expect(
      problems.isEmpty,
      """
      README.md's layout picture is not the target graph:
      \(problems.map { "- \($0)" }.joined(separator: "\n"))
      It should read:
      \(Self.redrawn(picture: picture, graph: graph))
      """)
  }

  /// Arrows that must never exist, whatever README's picture says: the wire knows nothing of
  /// the domain, the domain nothing of the storage engines, and the server reaches the engines
  /// only through the storage protocols that `bbfan` composes.
  static let forbidden: [(from: [String], to: [String], why: String)] = [
    (
      ["JSON", "JSONRPC", "JSONRPCStdio"],
      [
        "FanProtocol", "FanCore", "FanAPI", "FanServer", "FanStorage", "FanSQLite", "FanPostgres",
        "FanStorageEngines", "FanCurl", "MCPServer",
      ],
      "the wire knows nothing of the domain"
    ),
    (
      ["FanProtocol", "FanCore"],
      [
        "FanStorage", "FanSQLite", "FanPostgres", "FanStorageEngines", "FanCurl", "FanServer",
        "JSONRPC",
      ],
      "the domain knows nothing of storage, HTTP or the wire"
    ),
    (
      ["FanServer", "MCPServer"], ["FanSQLite", "FanPostgres", "FanStorageEngines", "FanCurl"],
      "the server reaches storage through FanStorage's protocols and HTTP through FanAPI's; "
        + "bbfan composes the engines and libcurl"
    ),
  ]

  @Test("no arrow that must never exist is in the graph, whatever the picture says")
  func forbiddenArrows() throws {
    let manifest = try PackageManifest(
      text: try String(contentsOf: Self.root.appending(path: "Package.swift"), encoding: .utf8))
    let (graph, reasons) = try Self.graph(of: manifest)
    #expect(graph["JSONRPC"] != nil && graph["FanServer"] != nil, "the graph was not read")
    for rule in Self.forbidden {
      for from in rule.from {
        for to in rule.to where graph[from]?.contains(to) == true {
          let reason = reasons[Arrow(from: from, to: to)] ?? "?"
          Issue.record("\(from) → \(to) must never exist (\(rule.why)); it comes from \(reason)")
        }
      }
    }
  }

  @Test("every target imports only package targets it declares in Package.swift")
  func importsAreDeclared() throws {
    let manifest = try PackageManifest(
      text: try String(contentsOf: Self.root.appending(path: "Package.swift"), encoding: .utf8))
    let names = Set(manifest.targets.map(\.name))
    var problems: [String] = []
    for target in manifest.targets where Self.isPictured(target) {
      var undeclared: [String: [String]] = [:]
      for (module, file) in try Self.imports(of: target) where names.contains(module) {
        if module != target.name, !target.dependencies.contains(module) {
          undeclared[module, default: []].append(file)
        }
      }
      for (module, files) in undeclared {
        problems.append(
          "\(target.name) imports \(module) (\(files.joined(separator: ", "))) but does not declare it: add \"\(module)\" to \(target.name)'s dependencies: in Package.swift"
        )
      }
    }
    #expect(problems.isEmpty, "\(problems.sorted().joined(separator: "\n"))")
  }

  @Test("the manifest reader reads names, kinds, folders and every form of dependency")
  func manifestReader() throws {
    let manifest = try PackageManifest(
      text: """
        // A comment with (unbalanced [ brackets and "quotes".
        let package = Package(
          name: "p",
          products: [.library(name: "L", targets: ["A"])],
          targets: [
            .target(name: "A", dependencies: ["B", .target(name: "C", condition: .when(platforms: [.linux]))]),
            .systemLibrary(name: "B", pkgConfig: "b"),  // "B", not a dependency
            .executableTarget(
              name: "C", dependencies: [.product(name: "P", package: "other"), .byName(name: "A")],
              path: "Clients/C", swiftSettings: [.define("X")]),
            .plugin(name: "D", capability: .buildTool(), dependencies: ["C"]),
            .testTarget(name: "ATests", dependencies: ["A"]),
          ]
        )
        """)
    #expect(
      manifest.targets == [
        .init(kind: "target", name: "A", dependencies: ["B", "C"], folder: "Sources/A"),
        .init(kind: "systemLibrary", name: "B", dependencies: [], folder: "Sources/B"),
        .init(kind: "executableTarget", name: "C", dependencies: ["A"], folder: "Clients/C"),
        .init(kind: "plugin", name: "D", dependencies: ["C"], folder: "Plugins/D"),
        .init(kind: "testTarget", name: "ATests", dependencies: ["A"], folder: "Tests/ATests"),
      ])
    #expect(throws: PackageManifest.Unreadable.self) {
      try PackageManifest(text: "let package = Package(name: \"p\")")
    }
  }

  @Test("the picture reader, and what the comparison says about each difference")
  func pictureReader() throws {
    let readme = """
      # p

      ## Layout

      <!-- not run: the picture -->
      ```
      A → B, C
      B -> –
      Gone → A
      ```

      ## Next
      """
    let picture = try Self.picture(inReadme: readme)
    #expect(picture.map(\.target) == ["A", "B", "Gone"])
    #expect(picture.map(\.arrows) == [["B", "C"], [], ["A"]])
    let graph = [
      "A": ["B"], "B": ["D"], "D": [],
    ]
    let reasons = [Arrow(from: "B", to: "D"): "an import in Sources/B/B.swift"]
    let problems = Self.differences(picture: picture, graph: graph, reasons: reasons)
    #expect(
      problems == [
        "remove the arrow A → C: neither Package.swift nor an import has it",
        "add the arrow B → D (an import in Sources/B/B.swift)",
        "remove the line of Gone: it is not a pictured target of Package.swift",
        "add a line for the target D",
      ])
    #expect(Self.redrawn(picture: picture, graph: graph) == "A → B\nB → D\nD → –")
    #expect(throws: PictureMissing.self) { try Self.picture(inReadme: "# p\n\n## Other\n") }
  }

  @Test("the import reader takes every form of import line and nothing else")
  func importReader() {
    let lines = [
      "import Foundation", "  @testable import JSON", "package import FanCore",
      "@_implementationOnly import CZlib", "import struct FanAPI.UniverseList",
      "  internal import Synchronization", "// import Commented", "let important = 1",
      "#if canImport(Glibc)", "  import Glibc",
    ]
    #expect(
      lines.compactMap(Self.importedModule) == [
        "Foundation", "JSON", "FanCore", "CZlib", "FanAPI", "Synchronization", "Glibc",
      ])
  }

  // MARK: - The graph

  /// Whether a target has a line in the picture: not a test target, not under `Tests/`.
  static func isPictured(_ target: PackageManifest.Target) -> Bool {
    target.kind != "testTarget" && !target.folder.hasPrefix("Tests/")
  }

  /// The real graph: each pictured target's arrows to pictured targets, with why each is there.
  static func graph(of manifest: PackageManifest) throws -> (
    graph: [String: [String]], reasons: [Arrow: String]
  ) {
    let pictured = manifest.targets.filter(isPictured)
    let names = Set(pictured.map(\.name))
    var graph: [String: [String]] = [:]
    var reasons: [Arrow: String] = [:]
    for target in pictured {
      var arrows: [String] = []
      func add(_ module: String, _ reason: String) {
        guard names.contains(module), module != target.name else { return }
        if !arrows.contains(module) { arrows.append(module) }
        let arrow = Arrow(from: target.name, to: module)
        reasons[arrow] = reasons[arrow].map { "\($0) and \(reason)" } ?? reason
      }
      for dependency in target.dependencies { add(dependency, "Package.swift's dependencies") }
      var importedFrom: [String: String] = [:]
      for (module, file) in try imports(of: target) where importedFrom[module] == nil {
        importedFrom[module] = file
      }
      for (module, file) in importedFrom.sorted(by: { $0.key < $1.key }) {
        add(module, "an import in \(file)")
      }
      graph[target.name] = arrows
    }
    return (graph, reasons)
  }

  /// Each `import` of the Swift files under a target's folder, with the file it is in.
  static func imports(of target: PackageManifest.Target) throws -> [(module: String, file: String)]
  {
    let folder = root.appending(path: target.folder)
    guard
      let files = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL]
    else { return [] }
    var found: [(module: String, file: String)] = []
    for file in files.sorted(by: { $0.path() < $1.path() }) where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      let inside = file.path().dropFirst(folder.path().count).trimmingPrefix("/")
      let relative = target.folder + "/" + inside
      for line in text.split(separator: "\n") {
        if let module = importedModule(String(line)) { found.append((module, relative)) }
      }
    }
    return found
  }

  /// The module an import line imports (`import X`, `@testable import X`, `package import X`,
  /// `import struct X.Y`, …), or nil for any other line.
  static func importedModule(_ line: String) -> String? {
    var words = line.split(whereSeparator: \.isWhitespace)[...]
    while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
    let modifiers: Set<Substring> = [
      "public", "package", "internal", "private", "fileprivate", "open",
    ]
    if let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
    guard words.first == "import" else { return nil }
    words = words.dropFirst()
    let kinds: Set<Substring> = [
      "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]
    if let first = words.first, kinds.contains(first) { words = words.dropFirst() }
    guard let path = words.first, let module = path.split(separator: ".").first else {
      return nil
    }
    return String(module)
  }

  // MARK: - The picture

  /// README has no layout picture where the test looks for it.
  struct PictureMissing: Error, CustomStringConvertible {
    /// Where it was looked for.
    var description: String
  }

  /// The lines of README's layout picture, in order.
  static func picture(inReadme readme: String) throws -> [(target: String, arrows: [String])] {
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    guard let heading = lines.firstIndex(of: "## Layout") else {
      throw PictureMissing(description: "README.md has no \"## Layout\" section")
    }
    let end = lines[(heading + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
    let section = lines[heading..<end].joined(separator: "\n")
    guard let block = MarkdownCodeBlock.blocks(in: section).first else {
      throw PictureMissing(description: "README.md's \"## Layout\" section has no code block")
    }
    return block.text.split(separator: "\n").compactMap { line in
      let line = line.replacingOccurrences(of: "->", with: "→")
      let parts = line.split(separator: "→", maxSplits: 1)
      let target = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      guard !target.isEmpty else { return nil }
      let names = parts.count < 2 ? [] : parts[1].split(separator: ",")
      let arrows = names.map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && $0 != "–" && $0 != "-" }
      return (target, arrows)
    }
  }

  /// What to change in the picture for it to be `graph`, one instruction each.
  static func differences(
    picture: [(target: String, arrows: [String])], graph: [String: [String]],
    reasons: [Arrow: String]
  ) -> [String] {
    var problems: [String] = []
    let drawn = Set(picture.map(\.target))
    for line in picture {
      guard let real = graph[line.target] else {
        problems.append(
          "remove the line of \(line.target): it is not a pictured target of Package.swift")
        continue
      }
      for to in line.arrows where !real.contains(to) {
        problems.append(
          "remove the arrow \(Arrow(from: line.target, to: to)): neither Package.swift nor an import has it"
        )
      }
      for to in real where !line.arrows.contains(to) {
        let arrow = Arrow(from: line.target, to: to)
        problems.append("add the arrow \(arrow) (\(reasons[arrow] ?? "the graph"))")
      }
    }
    for target in graph.keys.sorted() where !drawn.contains(target) {
      problems.append("add a line for the target \(target)")
    }
    return problems
  }

  /// The picture as it should be: its lines in their order, then the missing targets; in each
  /// line its arrows that hold, then the missing ones.
  static func redrawn(picture: [(target: String, arrows: [String])], graph: [String: [String]])
    -> String
  {
    var lines: [String] = []
    var order = picture.map(\.target).filter { graph[$0] != nil }
    order += graph.keys.sorted().filter { !order.contains($0) }
    let width = order.map(\.count).max() ?? 0
    for target in order {
      let real = graph[target] ?? []
      let drawn = picture.first { $0.target == target }?.arrows ?? []
      let arrows = drawn.filter(real.contains) + real.filter { !drawn.contains($0) }
      let name = target.padding(toLength: width, withPad: " ", startingAt: 0)
      lines.append("\(name) → \(arrows.isEmpty ? "–" : arrows.joined(separator: ", "))")
    }
    return lines.joined(separator: "\n")
  }
}
