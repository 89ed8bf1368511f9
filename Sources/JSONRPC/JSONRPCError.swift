import JSON

/// A JSON-RPC error object: a code, a sentence a person can act on, and optional structured data.
///
/// The factories own the codes of the specification, so no other place spells a number.
package struct JSONRPCError: Error, Sendable, Hashable {
  /// The error code.
  package var code: Int
  /// What went wrong and what to do about it, as a sentence.
  package var message: String
  /// Structured details; for application errors an object with a stable `reason`.
  package var data: JSONValue?

  /// Creates an error object.
  package init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// -32700: the bytes are not JSON.
  package static let parseErrorCode = -32700
  /// -32600: the JSON is not a valid request.
  package static let invalidRequestCode = -32600
  /// -32601: no such method.
  package static let methodNotFoundCode = -32601
  /// -32602: the params do not fit the method.
  package static let invalidParamsCode = -32602
  /// -32603: a fault in the service itself.
  package static let internalErrorCode = -32603
  /// -32800: the client cancelled the request.
  package static let requestCancelledCode = -32800

  /// -32700 for a message that is not valid JSON.
  package static func parseError(_ detail: String) -> JSONRPCError {
    JSONRPCError(
      code: parseErrorCode,
      message: "Parse error: the message is not valid JSON (\(detail)).",
      data: .object(JSONObject(["reason": .string("invalid-json"), "detail": .string(detail)])))
  }

  /// -32600 for JSON that is not a valid request; `reason` is a stable token, `detail` a phrase.
  package static func invalidRequest(
    reason: String, _ detail: String, extra: JSONObject = JSONObject()
  )
    -> JSONRPCError
  {
    var data = JSONObject(["reason": .string(reason)])
    data.members.append(contentsOf: extra.members)
    return JSONRPCError(
      code: invalidRequestCode, message: "Invalid Request: \(detail).", data: .object(data))
  }

  /// -32601 for a method the service does not have; the message names the method that lists
  /// the others (`listedBy`), when there is one.
  ///
  /// The method's name is quoted, and given in `data.method`, as ``BriefQuote`` says.
  package static func methodNotFound(
    _ method: String, suggestion: String? = nil, listedBy: String? = "rpc.discover"
  ) -> JSONRPCError {
    var message = "Method not found: there is no method \(BriefQuote.quoted(method))."
    if let suggestion { message += " Did you mean \(BriefQuote.quoted(suggestion))?" }
    if let listedBy { message += " Call \(listedBy) for the list of methods." }
    var data = JSONObject(["method": .string(BriefQuote.bare(method))])
    if let suggestion { data.set("suggestion", .string(suggestion)) }
    return JSONRPCError(code: methodNotFoundCode, message: message, data: .object(data))
  }

  /// -32602 naming the offending `field` (a dotted path), what is wrong with it and, when
  /// there are any, the likely intended values (`data.suggestions`, best first).
  ///
  /// The field is shown as ``BriefQuote`` says (an unknown field's name is input); `problem`
  /// must quote input with ``BriefQuote`` itself.
  package static func invalidParams(field: String, problem: String, suggestions: [String] = [])
    -> JSONRPCError
  {
    let field = BriefQuote.bare(field)
    var data = JSONObject(["field": .string(field), "problem": .string(problem)])
    if !suggestions.isEmpty { data.set("suggestions", .array(suggestions.map(JSONValue.string))) }
    return JSONRPCError(
      code: invalidParamsCode,
      message: "Invalid params: \(field) \(problem)" + (problem.hasSuffix("?") ? "" : "."),
      data: .object(data))
  }

  /// -32603 for a fault of the service; the detail goes to the log, not to the client.
  package static func internalError() -> JSONRPCError {
    JSONRPCError(
      code: internalErrorCode,
      message:
        "Internal error: the service failed while handling this request; see its log on stderr.")
  }

  /// -32800 for a request the client cancelled.
  package static func requestCancelled() -> JSONRPCError {
    JSONRPCError(
      code: requestCancelledCode, message: "Request cancelled: the client cancelled this request.")
  }

  /// The error object as JSON: `{"code":…,"message":…,"data":…}`.
  package var json: JSONValue {
    var object = JSONObject(["code": .integer(code), "message": .string(message)])
    if let data { object.set("data", data) }
    return .object(object)
  }
}
