import JSONRPC

/// The bbfan service: its methods bound to their handlers, ready to be served by a connection.
package struct FanService: Sendable {
  /// The configuration the service runs with.
  package let configuration: ServiceConfiguration
  /// The schema files of every method.
  package let schemas: SchemaRegistry
  /// The diagnostics log.
  package let log: DiagnosticLog

  /// Creates the service.
  package init(configuration: ServiceConfiguration, schemas: SchemaRegistry = .embedded) {
    self.configuration = configuration
    self.schemas = schemas
    self.log = DiagnosticLog(level: configuration.logLevel)
  }

  /// The router with every method of the service.
  package func makeRouter() -> MethodRouter {
    var router = MethodRouter()
    registerServiceMethods(into: &router)
    registerRPCMethods(into: &router)
    return router
  }

  /// A connection serving this service's methods.
  package func makeConnection() -> JSONRPCConnection {
    let log = self.log
    return JSONRPCConnection(
      router: makeRouter(), limits: configuration.limits, log: log,
      errorMapper: { ErrorMapping.jsonRPCError(for: $0, log: log) })
  }
}
