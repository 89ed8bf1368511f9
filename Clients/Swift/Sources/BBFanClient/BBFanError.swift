/// An error reply of the service, or a failure to talk to it.
public struct BBFanError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The JSON-RPC error code (-32603 for a service that went away).
  public var code: Int
  /// The sentence the service wrote.
  public var message: String
  /// The stable `data.reason` of application errors, such as `not-found`.
  public var reason: String?
  /// The `data.field` of -32602 errors.
  public var field: String?

  /// Creates an error.
  public init(code: Int, message: String, reason: String? = nil, field: String? = nil) {
    self.code = code
    self.message = message
    self.reason = reason
    self.field = field
  }

  /// `message`.
  public var description: String { message }
}
