import FanProtocol
import JSON
import JSONRPC

extension Discover: RPCMethod {}

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
      return OpenRPCDocument(schemas.openRPCDocument())
    }
  }
}
