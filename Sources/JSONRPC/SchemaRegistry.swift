import JSON

/// The schema files of every method (OpenRPC method objects, one per file), as `rpc.discover`
/// lists them and an MCP server makes its tools of them.
package struct SchemaRegistry: Sendable {
  /// The schemas by method name, sorted by name.
  package let methods: [MethodSchema]
  /// Files that could not be read, as `file: problem` lines (empty in a correct build).
  package let problems: [String]

  /// Reads schema files given as `Schemas/<method>.json` keys and their texts, with every
  /// `$ref` into `Schemas/defs.json` (see `SchemaDefinitions`) inlined.
  package init(files: [String: String]) {
    var methods: [MethodSchema] = []
    var problems: [String] = []
    var definitions = SchemaDefinitions()
    if let text = files[SchemaDefinitions.fileKey] {
      do {
        definitions = try SchemaDefinitions(text: text)
      } catch {
        problems.append("\(SchemaDefinitions.fileKey): \(error)")
      }
    }
    for (key, text) in files.sorted(by: { $0.key < $1.key })
    where key.hasPrefix("Schemas/") && key != SchemaDefinitions.fileKey {
      let expectedName = String(key.dropFirst("Schemas/".count).dropLast(".json".count))
      do {
        let json = try definitions.inlined(JSONParser.parse(text))
        let schema = try JSONValueDecoder().decode(MethodSchema.self, from: json)
        if schema.name != expectedName {
          problems.append("\(key): name is \"\(schema.name)\", expected \"\(expectedName)\"")
        } else if schema.examples.isEmpty {
          problems.append("\(key): has no example")
        } else {
          methods.append(schema)
        }
      } catch let error as DecodingError {
        let mapped = RegisteredMethod.invalidParams(for: error)
        let field = mapped.data?["field"]?.stringValue ?? "?"
        let problem = mapped.data?["problem"]?.stringValue ?? "is not valid"
        problems.append("\(key): \(field) \(problem)")
      } catch {
        problems.append("\(key): \(error)")
      }
    }
    self.methods = methods
    self.problems = problems
  }
}
