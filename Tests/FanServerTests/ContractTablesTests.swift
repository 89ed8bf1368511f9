import FanAPI
import FanServer
import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing

/// README's methods table and the counts of universes in the docs follow the one source.
///
/// That source is `Schemas/` (as `SchemaRegistry.embedded` holds it) and the one list of
/// universes (`Universes.shipped`). Each failure prints the line to write.
///
/// The rule of a row's signature: the method's params in the order its schema lists them,
/// required ones bare, optional ones with `?`, one with a `default` as `name=DEFAULT` (the
/// default as JSON); no braces for a method without params. The link is
/// `[Schemas/NAME.json](Schemas/NAME.json)`; a row of two methods (`a` / `b`) links each as
/// `[LAST](Schemas/NAME.json)`, LAST being its name after the last dot. The middle column is
/// prose and stays as written.
@Suite("README's methods table and the counts in the docs follow the schemas")
struct ContractTablesTests {
  /// A file of the repository, as text.
  static func read(_ path: String) throws -> String {
    String(
      decoding: try Data(contentsOf: BuiltProducts.repository.appending(path: path)),
      as: UTF8.self)
  }

  /// `name {a, b?, c=3}`: a method with its params, as a row of the methods table writes it.
  static func signature(of schema: MethodSchema) -> String {
    let properties = schema.params["properties"]?.objectValue?.members ?? []
    let required = Set((schema.params["required"]?.arrayValue ?? []).compactMap(\.stringValue))
    let parts = properties.map { member in
      if required.contains(member.key) { return member.key }
      if let value = member.value["default"] { return "\(member.key)=\(value.serializedText)" }
      return member.key + "?"
    }
    return parts.isEmpty ? schema.name : "\(schema.name) {\(parts.joined(separator: ", "))}"
  }

  /// The row of the methods table for `schemas` (one, or two written as `a / b`), with `prose`
  /// in its middle column.
  static func row(for schemas: [MethodSchema], prose: String) -> String {
    let methods = schemas.map { "`\(signature(of: $0))`" }.joined(separator: " / ")
    let links =
      schemas.count == 1
      ? schemas.map { "[Schemas/\($0.name).json](Schemas/\($0.name).json)" }
      : schemas.map { schema in
        let last = schema.name.split(separator: ".").last.map(String.init) ?? schema.name
        return "[\(last)](Schemas/\(schema.name).json)"
      }
    return "| \(methods) | \(prose) | \(links.joined(separator: ", ")) |"
  }

  /// The methods a row's first cell names: the first word of each of its code spans.
  static func methodNames(in cell: String) -> [String] {
    MarkdownText.codeSpans(in: cell).compactMap { span in
      span.split(separator: " ").first.map(String.init)
    }
  }

  @Test("every method has exactly one row, with its params in schema order and its schema's link")
  func methodsTable() throws {
    let readme = try Self.read("README.md")
    let table = try #require(
      MarkdownTable.find(
        header: ["method", "what it does", "schema"], under: "## Methods", in: readme),
      "README.md has no table | method | what it does | schema | under \"## Methods\"")
    let schemas = SchemaRegistry.embedded.methods
    let byName = Dictionary(uniqueKeysWithValues: schemas.map { ($0.name, $0) })
    var rowsOf: [String: [Int]] = [:]
    for row in table.rows {
      guard row.cells.count == 3 else {
        Issue.record(
          "README.md:\(row.line): a row has three cells, this one \(row.cells.count):\n\(row.text)")
        continue
      }
      let names = Self.methodNames(in: row.cells[0])
      let unknown = names.filter { byName[$0] == nil }
      guard unknown.isEmpty, !names.isEmpty else {
        Issue.record(
          """
          README.md:\(row.line): the methods table names \(unknown.isEmpty ? "no method" : unknown.joined(separator: ", ")), \
          which Schemas/ does not have; remove the row:
          \(row.text)
          """)
        continue
      }
      for name in names { rowsOf[name, default: []].append(row.line) }
      let expected = Self.row(for: names.compactMap { byName[$0] }, prose: row.cells[1])
      #expect(
        row.text == expected,
        """
        README.md:\(row.line): the row of \(names.joined(separator: " and ")) differs from \
        its schema (params in the schema's order, ? for optional, =DEFAULT, the schema's link); write:
        \(expected)
        instead of:
        \(row.text)
        """)
    }
    for schema in schemas {
      let lines = rowsOf[schema.name] ?? []
      #expect(
        !lines.isEmpty,
        """
        README.md's methods table has no row for \(schema.name); add:
        \(Self.row(for: [schema], prose: "WHAT IT DOES"))
        """)
      #expect(
        lines.count <= 1,
        """
        README.md's methods table has \(lines.count) rows for \(schema.name) (lines \
        \(lines.map(String.init).joined(separator: ", "))); keep one
        """)
    }
  }

  @Test("\"the N universes\" in README and Docs/ is the number of universes shipped")
  func universeCounts() throws {
    let documents =
      try ["README.md"]
      + FileManager.default.contentsOfDirectory(
        atPath: BuiltProducts.repository.appending(path: "Docs").path()
      ).filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    let count = Universes.shipped.all.count
    let written = MarkdownText.written(count)
    var found = 0
    for path in documents {
      let text = try Self.read(path)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let pattern =
          /\b[Tt]he ([0-9]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (shipped )?universes\b/
        for match in line.matches(of: pattern) {
          found += 1
          let expected = "the \(written) \(match.output.2 ?? "")universes"
          #expect(
            match.output.1 == written,
            "\(path):\(index + 1): Universes.shipped has \(count) universes; write \"\(expected)\" for \"\(match.output.0)\""
          )
        }
      }
    }
    #expect(
      found >= 3, "only \(found) phrases \"the N universes\" were found in README.md and Docs/")
  }
}
