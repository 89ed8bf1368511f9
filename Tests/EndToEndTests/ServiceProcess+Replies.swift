import JSON
import Testing

extension ServiceProcess.Outcome {
  /// The replies by their (integer) id, after checking that the service exited cleanly.
  func repliesByID() throws -> [Int: JSONValue] {
    #expect(status == 0, "\(stderr)")
    var replies: [Int: JSONValue] = [:]
    for line in lines {
      let reply = try JSONParser.parse(line)
      if case .number(let text)? = reply["id"], let id = Int(text) { replies[id] = reply }
    }
    return replies
  }
}
