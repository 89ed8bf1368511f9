import FanProtocol
import Foundation
import TestSupport
import Testing

/// The protocol module and `Schemas/` describe the same methods with the same errors, and the
/// schemas' examples read and write back through the module's types as a client reads them.
@Suite("FanProtocol agrees with Schemas/")
struct ContractAgreementTests {
  /// Every schema file, by method name, and each file (or the folder) that could not be read.
  let loaded: (schemas: [String: [String: Any]], problems: [String]) = {
    let folder = BuiltProducts.repository.appending(path: "Schemas")
    var schemas: [String: [String: Any]] = [:]
    var problems: [String] = []
    do {
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path())
      where name.hasSuffix(".json") && name != "defs.json" {
        do {
          let data = try Data(contentsOf: folder.appending(path: name))
          guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let method = object["name"] as? String
          else {
            problems.append("Schemas/\(name): not an object with a name")
            continue
          }
          schemas[method] = object
        } catch {
          problems.append("Schemas/\(name): \(error)")
        }
      }
    } catch {
      problems.append("Schemas/: \(error)")
    }
    return (schemas, problems)
  }()

  /// Every schema file that could be read, by method name.
  var schemas: [String: [String: Any]] { loaded.schemas }

  @Test("every method type has a schema file, and every schema file a method type")
  func sameMethods() throws {
    #expect(loaded.problems.isEmpty, "\(loaded.problems)")
    try #require(schemas.count > 30, "Schemas/ was not found or read")
    let declared = WireMethods.all.map { $0.name }
    #expect(Set(declared).count == declared.count, "a wire name is declared twice: \(declared)")
    for name in declared where schemas[name] == nil {
      Issue.record("\(name) has no schema: add Schemas/\(name).json (see Docs/Schemas.md)")
    }
    for name in schemas.keys.sorted() where !declared.contains(name) {
      Issue.record(
        "Schemas/\(name).json names no method of FanProtocol: add its WireMethod type to Sources/FanProtocol/Methods/ and to WireMethods.all"
      )
    }
  }

  /// The errors a schema lists, as `MethodError`s, in order, each once.
  private func schemaErrors(of name: String) -> [MethodError] {
    var errors: [MethodError] = []
    for entry in schemas[name]?["errors"] as? [[String: Any]] ?? [] {
      guard let code = entry["code"] as? Int else { continue }
      let reason = (entry["data"] as? [String: Any])?["reason"] as? String
      let error = MethodError(code: code, reason: reason)
      if !errors.contains(error) { errors.append(error) }
    }
    return errors
  }

  @Test("each method's errors are the ones its schema documents, in the same order")
  func sameErrors() {
    for method in WireMethods.all where schemas[method.name] != nil {
      let expected = schemaErrors(of: method.name)
      #expect(
        method.errors == expected,
        "\(method.name): the schema documents \(expected), the type declares \(method.errors)")
    }
  }

  /// `value` as JSON text with sorted keys, for comparing documents whatever their key order.
  private static func canonical(_ value: Any) throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
  }

  /// Decodes `json` as `M.Result` the way a client does (Foundation, no vocabulary) and
  /// encodes it again.
  private static func roundTrip<M: WireMethod>(_ method: M.Type, _ json: Any) throws -> Any {
    let data = try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
    let result = try JSONDecoder().decode(M.Result.self, from: data)
    return try JSONSerialization.jsonObject(
      with: try JSONEncoder().encode(result), options: [.fragmentsAllowed])
  }

  /// Decodes `json` as `M.Params` and encodes it again, as a client builds a request.
  private static func paramsRoundTrip<M: WireMethod>(_ method: M.Type, _ json: Any) throws -> Any {
    let data = try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
    let params = try JSONDecoder().decode(M.Params.self, from: data)
    return try JSONSerialization.jsonObject(
      with: try JSONEncoder().encode(params), options: [.fragmentsAllowed])
  }

  @Test("every example's params read into its method's Params and write back the same")
  func exampleParamsRoundTrip() throws {
    var checked = 0
    for method in WireMethods.all {
      for example in schemas[method.name]?["examples"] as? [[String: Any]] ?? [] {
        guard let params = example["params"] as? [String: Any], !params.isEmpty else { continue }
        let name = example["name"] as? String ?? "?"
        do {
          // A member the example leaves out comes back as the schema's default.
          let defaults =
            (schemas[method.name]?["params"] as? [String: Any])?["properties"]
            as? [String: [String: Any]] ?? [:]
          var back = try Self.paramsRoundTrip(method, params) as? [String: Any] ?? [:]
          for (key, value) in back where params[key] == nil {
            if let given = defaults[key]?["default"],
              try Self.canonical(given) == Self.canonical(value)
            {
              back[key] = nil
            }
          }
          #expect(
            try Self.canonical(back) == Self.canonical(params),
            "\(method.name), example \"\(name)\": the params do not encode back the same")
        } catch {
          Issue.record("\(method.name), example \"\(name)\": \(error)")
        }
        checked += 1
      }
    }
    #expect(checked > 30, "only \(checked) example params were found")
  }

  @Test(
    "every example result decodes into its method's Result as a client decodes it, and encodes back to the same JSON"
  )
  func examplesRoundTrip() throws {
    var checked = 0
    for method in WireMethods.all {
      for example in schemas[method.name]?["examples"] as? [[String: Any]] ?? [] {
        guard let result = example["result"] else { continue }
        let name = example["name"] as? String ?? "?"
        do {
          let back = try Self.roundTrip(method, result)
          #expect(
            try Self.canonical(back) == Self.canonical(result),
            "\(method.name), example \"\(name)\": the result does not encode back the same")
        } catch {
          Issue.record("\(method.name), example \"\(name)\": \(error)")
        }
        checked += 1
      }
    }
    #expect(checked > 40, "only \(checked) example results were found")
  }
}
