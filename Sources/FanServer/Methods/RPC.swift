import JSON
import JSONRPC

/// `rpc.discover`: the OpenRPC 1.4 document of every method, built from `Schemas/`.
package enum Discover: RPCMethod {
  /// The wire name.
  package static let name = "rpc.discover"
  /// Takes no parameters.
  package typealias Params = NoParams
  /// The OpenRPC document.
  package typealias Result = JSONValue
}

extension FanService {
  /// Registers the `rpc.*` methods.
  func registerRPCMethods(into router: inout MethodRouter) {
    let service = self
    let log = self.log
    router.register(Discover.self) { _, _ in
      let schemas = service.schemas
      if !schemas.problems.isEmpty {
        log.error("schema files are broken: \(schemas.problems.joined(separator: "; "))")
        throw JSONRPCError.internalError()
      }
      return schemas.openRPCDocument()
    }
  }
}
