import JSON

extension HTTPExchange {
  /// The exchange as a member of a helper line (see `HelperLine`).
  func lineValue() throws(HelperLineError) -> JSONValue {
    var object = JSONObject()
    object.set("url", .string(url))
    object.set("headers", HelperLine.object(of: headers))
    object.set("maxBytes", .integer(maxBytes))
    object.set("timeoutSeconds", try HelperLine.number(timeoutSeconds, field: "timeoutSeconds"))
    if let followsRedirects { object.set("followsRedirects", .bool(followsRedirects)) }
    return .object(object)
  }

  /// The exchange a helper line's member holds.
  init(lineValue object: JSONObject) throws(HelperLineError) {
    self.init(
      url: try HelperLine.required(HelperLine.string(object, "url"), "url"),
      headers: try HelperLine.required(HelperLine.strings(object, "headers"), "headers"),
      maxBytes: try HelperLine.required(HelperLine.integer(object, "maxBytes"), "maxBytes"),
      timeoutSeconds: try HelperLine.required(
        HelperLine.double(object, "timeoutSeconds"), "timeoutSeconds"),
      followsRedirects: try HelperLine.bool(object, "followsRedirects"))
  }
}
