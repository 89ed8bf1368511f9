import FanServer
import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing

/// `Schemas/defs.json`: what the method schemas share, inlined wherever a schema is served.
@Suite("Schemas share their definitions; rpc.discover serves them inlined")
struct SharedDefinitionsTests {
  static func read(_ path: String) throws -> String {
    try String(contentsOf: BuiltProducts.repository.appending(path: path), encoding: .utf8)
  }

  /// Every `$ref` value in `value`.
  static func references(_ value: JSONValue) -> [String] {
    switch value {
    case .object(let object):
      object.members.flatMap { member in
        member.key == "$ref" ? [member.value.stringValue ?? "?"] : references(member.value)
      }
    case .array(let elements): elements.flatMap(references)
    default: []
    }
  }

  @Test("rpc.discover has no $ref left and is, byte for byte, the reply journey.jsonl recorded")
  func discoverSelfContained() throws {
    let served = SchemaRegistry.embedded.openRPCDocument()
    #expect(Self.references(served).isEmpty)
    #expect(!served.serializedText.contains("defs.json"))
    let line = try #require(
      try Self.read("Tests/Contracts/journey.jsonl").split(separator: "\n").first {
        $0.contains(#"\"method\":\"rpc.discover\""#)
      })
    let recorded = try #require(try JSONParser.parse(String(line))["expect"]?["result"])
    #expect(served.serializedText == recorded.serializedText)
  }

  @Test("every $ref in Schemas/ names a definition of defs.json, and every definition is used")
  func referencesResolve() throws {
    let definitions = try SchemaDefinitions(text: Self.read("Schemas/defs.json"))
    let names = Set(definitions.definitions.keys)
    var used: Set<String> = []
    let folder = BuiltProducts.repository.appending(path: "Schemas")
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path()).sorted()
    where file.hasSuffix(".json") {
      let document = try JSONParser.parse(try Self.read("Schemas/" + file))
      for reference in Self.references(document) {
        let name = reference.replacing(SchemaDefinitions.referencePrefix, with: "")
        #expect(
          reference.hasPrefix(SchemaDefinitions.referencePrefix) && names.contains(name),
          "Schemas/\(file): $ref \(reference)")
        used.insert(name)
      }
      #expect(Self.references(try definitions.inlined(document)).isEmpty, "Schemas/\(file)")
    }
    #expect(used == names, "unused: \(names.subtracting(used).sorted())")
    #expect(SchemaRegistry.embedded.problems.isEmpty)
  }

  @Test("the universe list, the series list and the quote record are each written once")
  func writtenOnce() throws {
    let folder = BuiltProducts.repository.appending(path: "Schemas")
    var universeLists = 0
    var seriesLists = 0
    var quoteRecords = 0
    func count(_ value: JSONValue) {
      switch value {
      case .object(let object):
        let values = object["enum"]?.arrayValue?.compactMap(\.stringValue)
        if values == ["breaking-bad", "rick-and-morty"] { universeLists += 1 }
        if values == ["breaking-bad", "better-call-saul", "rick-and-morty"] { seriesLists += 1 }
        if let keys = object["properties"]?.objectValue?.keys, keys.contains("favoriteCount"),
          keys.contains("text")
        {
          quoteRecords += 1
        }
        for member in object.members { count(member.value) }
      case .array(let elements):
        for element in elements { count(element) }
      default: break
      }
    }
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path())
    where file.hasSuffix(".json") {
      count(try JSONParser.parse(try Self.read("Schemas/" + file)))
    }
    #expect(universeLists == 1)
    #expect(seriesLists == 1)
    #expect(quoteRecords == 1)
  }
}
