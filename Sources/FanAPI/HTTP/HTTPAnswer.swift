import FoundationEssentials

/// A complete HTTP answer, whatever its status.
package struct HTTPAnswer: Sendable, Equatable {
  /// The HTTP status.
  package var status: Int
  /// The response headers.
  package var headers: [String: String]
  /// The body.
  package var body: Data

  /// Creates an answer.
  package init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of header `name`, compared case-insensitively.
  package func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.key.lowercased() == wanted }?.value
  }
}
