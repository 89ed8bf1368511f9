import BBFanClient
import Foundation
import TestSupport
import Testing

/// The Swift client has one call per method the service lists, named by the rule, each calling
/// the method type of that wire name.
@Suite("Swift client parity", .timeLimit(.minutes(5)))
struct ClientParityTests {
  /// The call a wire name gets: split on `.`, joined in lowerCamelCase.
  static func callName(_ wireName: String) -> String {
    let parts = wireName.split(separator: ".")
    return parts.enumerated().map { index, part in
      index == 0 ? String(part) : part.prefix(1).uppercased() + part.dropFirst()
    }.joined()
  }

  /// The calls of `BBFanClient+Methods.swift`, in order, each with its body (the text up to the
  /// next call).
  static func calls() throws -> [(name: String, body: String)] {
    let file = BuiltProducts.repository.appending(
      path: "Clients/Swift/Sources/BBFanClient/BBFanClient+Methods.swift")
    let source = try String(contentsOf: file, encoding: .utf8)
    let pieces = source.components(separatedBy: "public func ").dropFirst()
    return pieces.map { piece in
      (String(piece.prefix { $0.isLetter || $0.isNumber }), piece)
    }
  }

  @Test("the rule: split on dots, lowerCamelCase")
  func rule() {
    #expect(Self.callName("episodes.get") == "episodesGet")
    #expect(Self.callName("quotes.byCharacter") == "quotesByCharacter")
    #expect(Self.callName("auth.checkPassword") == "authCheckPassword")
    #expect(Self.callName("rpc.discover") == "rpcDiscover")
    #expect(Self.callName("service.info") == "serviceInfo")
  }

  @Test("every method rpc.discover lists has a call, and every call names a method")
  func everyMethodHasACall() async throws {
    let calls = try Self.calls()
    let data = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-parity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let client = try BBFanClient.launch(
      executable: BuiltProducts.bbfan, arguments: ["--data-dir", data.path(), "--log-level", "off"])
    let methods = try await client.rpcDiscover().methodNames
    #expect(await client.shutdown() == 0)
    #expect(methods.contains("episodes.get") && methods.contains("auth.switch"))

    let callNames = Set(calls.map(\.name))
    let expected = Dictionary(methods.map { (Self.callName($0), $0) }) { first, _ in first }
    for method in methods where !callNames.contains(Self.callName(method)) {
      Issue.record(
        "\(method) has no call \(Self.callName(method)): regenerate BBFanClient+Methods.swift with `python3 Clients/tools/generate_calls.py`"
      )
    }
    for call in calls where expected[call.name] == nil {
      Issue.record("the call \(call.name) names no method rpc.discover lists")
    }
    #expect(calls.count == callNames.count, "a call is declared twice")
    let schemas = try FileManager.default.contentsOfDirectory(
      at: BuiltProducts.repository.appending(path: "Schemas"), includingPropertiesForKeys: nil
    ).map { $0.deletingPathExtension().lastPathComponent }
      .filter { $0 != "defs" }  // the shared definitions, no method
      .sorted()
    #expect(calls.map(\.name) == schemas.map(Self.callName), "the calls are in Schemas/ order")
  }

  @Test("each call's body calls the method type whose wire name the rule turns into its name")
  func eachCallCallsItsMethod() throws {
    let types = Dictionary(
      WireMethods.all.map { (String(describing: $0), $0.name) }
    ) { first, _ in first }
    let calls = try Self.calls()
    #expect(calls.count == WireMethods.all.count)
    for call in calls {
      let named = call.body.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "." })
        .filter { $0.hasSuffix(".self") }.compactMap { $0.split(separator: ".").first }
        .map(String.init)
      guard let typeName = named.first else {
        Issue.record("\(call.name) calls no method type (`call(Type.self, …)`)")
        continue
      }
      #expect(named.allSatisfy { $0 == typeName }, "\(call.name) names \(named)")
      guard let wireName = types[typeName] else {
        Issue.record(
          "\(call.name) calls \(typeName), which is no method of WireMethods.all: add it there (Sources/FanProtocol/WireMethods.swift)"
        )
        continue
      }
      #expect(
        Self.callName(wireName) == call.name,
        "\(call.name) calls \(typeName) (\(wireName)), whose call is \(Self.callName(wireName))")
    }
  }
}
