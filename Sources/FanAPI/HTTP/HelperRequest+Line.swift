import JSON

extension HelperRequest {
  /// The line `bbfan` writes for this request: its JSON and a newline (see `HelperLine`).
  ///
  /// Throws `HelperLineError` for a timeout that is not a finite number.
  package func line() throws(HelperLineError) -> [UInt8] {
    var object = JSONObject()
    object.set("id", .integer(id))
    if let exchange { object.set("exchange", try exchange.lineValue()) }
    if let cancel { object.set("cancel", .bool(cancel)) }
    return HelperLine.bytes(of: object)
  }

  /// The request a line holds (with or without its newline), as the helper reads it.
  package init(line: some Collection<UInt8>) throws(HelperLineError) {
    let object = try HelperLine.object(in: line)
    id = try HelperLine.required(HelperLine.integer(object, "id"), "id")
    exchange = try HelperLine.object(object, "exchange").map {
      (value) throws(HelperLineError) in try HTTPExchange(lineValue: value)
    }
    cancel = try HelperLine.bool(object, "cancel")
  }
}
