import FanAPI
import FanServer
import FanStorage
import FanStorageEngines
import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing

@Suite("Schemas and rpc.discover")
struct SchemaRegistryTests {
  let service: FanService

  init() throws {
    service = try TestComposition.service(
      ServiceConfiguration(
        storageEngines: .standard, dataDirectory: "/home/walt/.local/share/bbfan", seed: 1),
      http: .curl)
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

  /// The test server that examples with a `source` run against, started on first use.
  private static let server = Result { try FakeAPIServer() }

  /// The schemas show the test server at 127.0.0.1:8080; this run's server is elsewhere.
  private static func onServer(_ value: JSONObject, port: Int) throws -> JSONObject {
    let text = JSONValue.object(value).serializedText.replacingOccurrences(
      of: "127.0.0.1:8080", with: "127.0.0.1:\(port)")
    return try JSONParser.parse(text).objectValue ?? value
  }

  /// Sends `given`, then `method` with `params`, to a fresh service on a fresh data directory,
  /// started with `--source` when `source` is given (on the test server).
  private func reply(
    _ method: String, _ params: JSONObject, given: [MethodSchema.Given]?, source: String? = nil
  ) async throws -> JSONValue? {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-schema-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = ServiceConfiguration(
      storageEngines: .standard, dataDirectory: directory.path(), seed: 1, passwordIterations: 1000)
    var params = params
    var given = given
    var port: Int?
    if let source {
      let server = try Self.server.get()
      port = server.port
      let (universe, endpoint) = try ServiceConfiguration.source(
        from: source.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)"),
        universes: configuration.universes)
      configuration.sources[universe] = endpoint
      configuration.http = HTTPLimits(timeoutSeconds: 10, initialBackoffSeconds: 0.01)
      params = try Self.onServer(params, port: server.port)
      given = try given?.map {
        MethodSchema.Given(
          method: $0.method, params: try Self.onServer($0.params, port: server.port))
      }
    }
    let answer = try await reply(method, params, given: given, configuration: configuration)
    guard let port, let answer else { return answer }
    return try JSONParser.parse(
      answer.serializedText.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:8080"))
  }

  private func reply(
    _ method: String, _ params: JSONObject, given: [MethodSchema.Given]?,
    configuration: ServiceConfiguration
  ) async throws -> JSONValue? {
    let fresh = try TestComposition.service(configuration, http: .curl)
    // One connection: random draws depend on the order of arrival, as in the generator.
    let connection = fresh.makeConnection()
    func request(_ id: Int, _ method: String, _ params: JSONObject) -> JSONValue {
      .object(
        JSONObject([
          "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method),
          "params": .object(params),
        ]))
    }
    for (index, step) in (given ?? []).enumerated() {
      let answer = await connection.respond(to: request(index + 1, step.method, step.params))
      #expect(
        answer?["result"] != nil,
        "\(method): given \(step.method) failed: \(answer?.serializedText ?? "")")
    }
    return await connection.respond(to: request((given ?? []).count + 1, method, params))
  }

  @Test("every example answers as the schema says (with --seed 1; tokens by form)")
  func examplesAnswerExactly() async throws {
    for schema in SchemaRegistry.embedded.methods {
      for example in schema.examples {
        let answer = try await reply(
          schema.name, example.params, given: example.given, source: example.source)
        let result = try #require(
          answer?["result"],
          "\(schema.name) example \(example.name): \(answer?.serializedText ?? "no reply")")
        if example.name.contains("abridged") { continue }
        #expect(
          ReplyComparison.matches(example.result, result),
          "\(schema.name) example \(example.name): \(result.serializedText)")
      }
    }
  }

  @Test("every example's params and result decode into the method's own types")
  func examplesDecode() throws {
    let router = service.makeRouter()
    for schema in SchemaRegistry.embedded.methods {
      let method = try #require(router.method(named: schema.name))
      for example in schema.examples {
        #expect(throws: Never.self, "\(schema.name) example \(example.name) result") {
          try method.checkResult(example.result)
        }
      }
    }
  }

  @Test("every error listed in a schema is what its method answers to the params given with it")
  func errorsAreReal() async throws {
    for schema in SchemaRegistry.embedded.methods {
      for error in schema.errors {
        let answer = try await reply(
          schema.name, error.params, given: error.given, source: error.source)
        var expected = JSONObject(["code": .integer(error.code), "message": .string(error.message)])
        if let data = error.data { expected.set("data", data) }
        #expect(answer?["error"] == .object(expected), "\(schema.name) with \(error.params)")
      }
    }
  }

  @Test(
    "rpc.discover validates against the OpenRPC 1.4 meta-schema",
    .enabled(if: Prerequisite.jsonschema.isAvailable))
  func discoverValidates() async throws {
    let reply = await service.makeConnection().respond(
      to: try JSONParser.parse(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#))
    let document = try #require(reply?["result"])
    #expect(document["methods"]?.arrayValue?.count == SchemaRegistry.embedded.methods.count)
    let (status, text) = try validateOpenRPC(document.serializedBytes)
    #expect(status == 0, "validate_openrpc.py said: \(text)")
  }

  @Test(
    "the OpenRPC check catches a document that breaks the meta-schema",
    .enabled(if: Prerequisite.jsonschema.isAvailable))
  func openRPCCheckCatchesErrors() throws {
    let (status, text) = try validateOpenRPC(Array(#"{"openrpc":"1.4.0","methods":[{}]}"#.utf8))
    #expect(status == 1)
    #expect(text.contains("'info' is a required property"), "\(text)")
  }

  /// Runs `Tests/Tools/validate_openrpc.py` (the meta-schemas are copied beside it) on `bytes`.
  private func validateOpenRPC(_ bytes: [UInt8]) throws -> (status: Int32, output: String) {
    let validator = BuiltProducts.repository.appending(path: "Tests/Tools/validate_openrpc.py")
    let file = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-openrpc-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try Subprocess.run(["python3", validator.path(), file.path()])
  }
}
