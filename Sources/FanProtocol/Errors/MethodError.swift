/// An error a method documents (in its schema's `errors`): the JSON-RPC code and, where the
/// error has one, its `data.reason`.
public struct MethodError: Sendable, Hashable, CustomStringConvertible {
  /// The JSON-RPC error code.
  public var code: Int
  /// The stable `data.reason`, or nil for an error without one (invalid params).
  public var reason: String?

  /// The error with this code and reason.
  public init(code: Int, reason: String? = nil) {
    self.code = code
    self.reason = reason
  }

  /// One of the service's own errors.
  public static func application(_ error: ApplicationError) -> MethodError {
    MethodError(code: error.rawValue, reason: error.reason)
  }

  /// -32602: a param is missing, of the wrong type, or not allowed.
  public static let invalidParams = MethodError(code: -32602)

  /// -32602 with a reason of its own (a photo that is not an image: `not-an-image`).
  public static func invalidParams(reason: String) -> MethodError {
    MethodError(code: -32602, reason: reason)
  }

  /// `-32004 not-found`, as the schemas' examples pair them.
  public var description: String {
    reason.map { "\(code) \($0)" } ?? String(code)
  }
}
