import FanServer
import Foundation
import JSONRPC
import Testing

@Suite("Schemas and rpc.discover")
struct SchemaRegistryTests {
  let service: FanService

  init() throws {
    service = try FanService(
      configuration: ServiceConfiguration(dataDirectory: "/home/walt/.local/share/bbfan", seed: 1))
  }

  @Test("every embedded schema file reads cleanly")
  func filesRead() {
    #expect(SchemaRegistry.embedded.problems == [])
    #expect(!SchemaRegistry.embedded.methods.isEmpty)
  }

  @Test("every registered method has a schema, and every schema a method")
  func methodsMatchSchemas() {
    let registered = service.makeRouter().names
    let documented = SchemaRegistry.embedded.methods.map(\.name).sorted()
    #expect(registered == documented)
  }

  @Test("a broken schema file is reported with its field, not loaded")
  func brokenFile() {
    let registry = SchemaRegistry(files: [
      "Schemas/a.json":
        #"{"name":"b","summary":"","description":"","params":{},"result":{},"errors":[],"examples":[]}"#,
      "Schemas/c.json": #"{"name":"c"}"#,
    ])
    #expect(registry.methods.isEmpty)
    #expect(
      registry.problems == [
        "Schemas/a.json: name is \"b\", expected \"a\"", "Schemas/c.json: summary is required",
      ])
  }

  @Test("every example answers exactly as the schema says (with --seed 1)")
  func examplesAnswerExactly() async throws {
    for schema in SchemaRegistry.embedded.methods {
      for example in schema.examples {
        let request = JSONValue.object(
          JSONObject([
            "jsonrpc": .string("2.0"), "id": .integer(1), "method": .string(schema.name),
            "params": .object(example.params),
          ]))
        // A fresh connection each time: random draws depend on the order of arrival.
        let reply = await service.makeConnection().respond(to: request)
        let result = try #require(
          reply?["result"],
          "\(schema.name) example \(example.name): \(reply?.serializedText ?? "no reply")")
        if example.name.contains("abridged") { continue }
        #expect(result == example.result, "\(schema.name) example \(example.name)")
      }
    }
  }

  @Test("every error listed in a schema is what its method answers to the params given with it")
  func errorsAreReal() async throws {
    for schema in SchemaRegistry.embedded.methods {
      for error in schema.errors {
        let request = JSONValue.object(
          JSONObject([
            "jsonrpc": .string("2.0"), "id": .integer(1), "method": .string(schema.name),
            "params": .object(error.params),
          ]))
        let reply = await service.makeConnection().respond(to: request)
        var expected = JSONObject(["code": .integer(error.code), "message": .string(error.message)])
        if let data = error.data { expected.set("data", data) }
        #expect(reply?["error"] == .object(expected), "\(schema.name) with \(error.params)")
      }
    }
  }

  @Test("rpc.discover passes the shared OpenRPC validator")
  func discoverValidates() async throws {
    let reply = await service.makeConnection().respond(
      to: try JSONParser.parse(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#))
    let document = try #require(reply?["result"])
    #expect(document["methods"]?.arrayValue?.count == SchemaRegistry.embedded.methods.count)

    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let validator = root.deletingLastPathComponent().appending(
      path: "shared/schemas/validate-openrpc.py")
    try #require(
      FileManager.default.fileExists(atPath: validator.path()),
      "the shared validator is expected beside the repository at \(validator.path())")
    let file = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-openrpc-\(getpid()).json")
    try Data(document.serializedBytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["python3", validator.path(), file.path()]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "validate-openrpc.py said: \(text)")
  }
}
