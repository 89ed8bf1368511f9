import FanProtocol
import FanStorage
import FanStorageEngines
import Foundation
import JSON
import JSONRPC
import Testing

@testable import FanServer

/// A `FanService` on a data directory of its own, its methods called in process by their
/// types: params encoded as the wire has them, the reply's result decoded into the method's
/// `Result` as a client would (Foundation's `JSONDecoder` on the reply's bytes).
final class TypedCaller {
  let service: FanService
  private let connection: JSONRPCConnection
  private let directory: URL
  private var nextID = 0

  /// What a call answered: its typed result, or its error's code and `data`.
  enum Answer<Result> {
    case result(Result)
    case error(code: Int, message: String, data: JSONValue?)

    /// The result; nil for an error.
    var result: Result? {
      if case .result(let result) = self { return result }
      return nil
    }

    /// The error's code; nil for a result.
    var code: Int? {
      if case .error(let code, _, _) = self { return code }
      return nil
    }

    /// The error's `data.reason`.
    var reason: String? {
      if case .error(_, _, let data) = self { return data?["reason"]?.stringValue }
      return nil
    }

    /// The error's `data`.
    var data: JSONValue? {
      if case .error(_, _, let data) = self { return data }
      return nil
    }
  }

  /// A reply that is neither a result nor an error.
  struct Unanswered: Error {
    var reply: String
  }

  init() throws {
    directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-typed-\(UUID().uuidString)")
    service = try TestComposition.service(
      ServiceConfiguration(
        storageEngines: .standard, dataDirectory: directory.path(), seed: 1,
        passwordIterations: 1000))
    connection = service.makeConnection()
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Calls `method` with `params`.
  func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) async throws -> Answer<M.Result> {
    try await call(method, params: try JSONValueEncoder().encode(params))
  }

  /// The password every account of these tests has.
  static let password = "Heisenberg1!"

  /// Registers `name` with `password` (and signs it in); fails the test when it cannot.
  func register(_ name: String) async throws -> AuthRegister.Result {
    let answer = try await call(
      AuthRegister.self,
      AuthRegister.Params(
        username: name, password: Self.password, passwordConfirmation: Self.password))
    return try #require(answer.result, "registering \(name): \(String(describing: answer.data))")
  }

  /// Calls `method` with params written as JSON (for params a client writes by hand, and for
  /// wrong ones).
  func call<M: RPCMethod>(_ method: M.Type, json: String) async throws -> Answer<M.Result> {
    try await call(method, params: try JSONParser.parse(json))
  }

  private func call<M: RPCMethod>(
    _ method: M.Type, params: JSONValue
  ) async throws -> Answer<M.Result> {
    nextID += 1
    let request = JSONValue.object(
      JSONObject([
        "jsonrpc": .string("2.0"), "id": .integer(nextID), "method": .string(M.name),
        "params": params,
      ]))
    let reply = await connection.respond(to: request)
    if let result = reply?["result"] {
      return .result(try JSONDecoder().decode(M.Result.self, from: Data(result.serializedBytes)))
    }
    guard let error = reply?["error"], case .number(let text)? = error["code"],
      let code = Int(text)
    else {
      throw Unanswered(reply: reply?.serializedText ?? "no reply")
    }
    return .error(code: code, message: error["message"]?.stringValue ?? "", data: error["data"])
  }
}
