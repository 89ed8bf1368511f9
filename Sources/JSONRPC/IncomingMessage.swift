import JSON

/// A JSON value checked against the JSON-RPC 2.0 request envelope.
package enum IncomingMessage: Sendable, Equatable {
  /// A request: it has an `id` and gets exactly one reply.
  case request(id: RequestID, method: String, params: JSONValue?)
  /// A notification: no `id`, and never a reply.
  case notification(method: String, params: JSONValue?)
  /// Not a valid request; answered with `error`, echoing the id when it could be read.
  case invalid(id: RequestID, error: JSONRPCError)

  private static let knownMembers: Set<String> = ["jsonrpc", "method", "params", "id"]

  /// Checks one batch element or single message, in the order the specification implies:
  /// the shape of the object, the id, `jsonrpc`, `method`, `params`, then unknown members.
  package init(_ value: JSONValue) {
    guard case .object(let object) = value else {
      self = .invalid(
        id: .null,
        error: .invalidRequest(
          reason: "not-an-object", "expected a request object, found \(value.kindDescription)"))
      return
    }
    let idValue = object["id"]
    let id = idValue.flatMap(RequestID.init) ?? .null
    if let duplicate = object.firstDuplicateKey {
      let readableID = duplicate == "id" ? RequestID.null : id
      self = .invalid(
        id: readableID,
        error: .invalidRequest(
          reason: "duplicate-member",
          "the member \(BriefQuote.quoted(duplicate)) appears more than once"))
      return
    }
    if let idValue, RequestID(idValue) == nil {
      self = .invalid(
        id: .null,
        error: .invalidRequest(
          reason: "invalid-id",
          "id must be a string, a number or null, found \(idValue.kindDescription)"))
      return
    }
    switch object["jsonrpc"] {
    case .string("2.0"):
      break
    case nil:
      self = .invalid(
        id: id,
        error: .invalidRequest(
          reason: "invalid-jsonrpc", "the member \"jsonrpc\": \"2.0\" is missing"))
      return
    case let other?:
      self = .invalid(
        id: id,
        error: .invalidRequest(
          reason: "invalid-jsonrpc",
          "jsonrpc must be the string \"2.0\", found \(other.kindDescription)"))
      return
    }
    guard case .string(let method)? = object["method"] else {
      let detail: String
      if let found = object["method"] {
        detail = "method must be a string, found \(found.kindDescription)"
      } else if object["result"] != nil || object["error"] != nil {
        detail =
          "the message is a response; this service sends no requests, so it expects no responses"
      } else {
        detail = "the member \"method\" is missing"
      }
      self = .invalid(id: id, error: .invalidRequest(reason: "invalid-method", detail))
      return
    }
    // JSON-RPC 2.0 allows only an object or an array; jsonrpc-glib and Go's
    // sourcegraph/jsonrpc2 send null for "no params", so null is taken as none.
    var params = object["params"]
    switch params {
    case nil, .array?, .object?:
      break
    case .null?:
      params = nil
    case let other?:
      self = .invalid(
        id: id,
        error: .invalidRequest(
          reason: "invalid-params",
          "params must be an object or an array when present, found \(other.kindDescription)"))
      return
    }
    if let unknown = object.keys.first(where: { !Self.knownMembers.contains($0) }) {
      let detail =
        "the member \(BriefQuote.quoted(unknown)) is not part of a request (jsonrpc, method, params, id)"
      self = .invalid(id: id, error: .invalidRequest(reason: "unknown-member", detail))
      return
    }
    if idValue == nil {
      self = .notification(method: method, params: params)
    } else {
      self = .request(id: id, method: method, params: params)
    }
  }
}
