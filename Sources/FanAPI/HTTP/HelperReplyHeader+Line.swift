import JSON

extension HelperReplyHeader {
  /// The line `bbfan-fetch` writes before the body: the header's JSON and a newline (see
  /// `HelperLine`).
  ///
  /// Throws `HelperLineError` for a failure's timeout that is not a finite number.
  package func line() throws(HelperLineError) -> [UInt8] {
    var object = JSONObject()
    object.set("id", .integer(id))
    if let status { object.set("status", .integer(status)) }
    if let headers { object.set("headers", HelperLine.object(of: headers)) }
    if let bodyBytes { object.set("bodyBytes", .integer(bodyBytes)) }
    if let failure {
      var members = JSONObject()
      members.set("kind", .string(failure.kind))
      if let detail = failure.detail { members.set("detail", .string(detail)) }
      if let seconds = failure.seconds {
        members.set("seconds", try HelperLine.number(seconds, field: "seconds"))
      }
      if let limit = failure.limit { members.set("limit", .integer(limit)) }
      object.set("failure", .object(members))
    }
    return HelperLine.bytes(of: object)
  }

  /// The header a line holds (with or without its newline), as `bbfan` reads it.
  package init(line: some Collection<UInt8>) throws(HelperLineError) {
    let object = try HelperLine.object(in: line)
    id = try HelperLine.required(HelperLine.integer(object, "id"), "id")
    status = try HelperLine.integer(object, "status")
    headers = try HelperLine.strings(object, "headers")
    bodyBytes = try HelperLine.integer(object, "bodyBytes")
    failure = try HelperLine.object(object, "failure").map {
      (members) throws(HelperLineError) in try Failure(lineValue: members)
    }
  }
}

extension HelperReplyHeader.Failure {
  /// The failure a reply line's member holds.
  init(lineValue members: JSONObject) throws(HelperLineError) {
    kind = try HelperLine.required(HelperLine.string(members, "kind"), "failure.kind")
    detail = try HelperLine.string(members, "detail")
    seconds = try HelperLine.double(members, "seconds")
    limit = try HelperLine.integer(members, "limit")
  }
}
