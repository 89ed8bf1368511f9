import FanCore
import FoundationEssentials

/// The online quiz catalogue: the Quizzes API's list, embedded (`Data/quizzes/quizzes.json`)
/// or as a live URL answers it.
package enum OnlineQuizSnapshot {
  /// The embedded catalogue, read once.
  package static func embedded() throws(SourceError) -> OnlineQuizCatalog {
    try cached.get()
  }

  private static let cached: Result<OnlineQuizCatalog, SourceError> = {
    let path = "Data/quizzes/quizzes.json"
    guard let text = EmbeddedResources.files[path] else {
      return .failure(.missingResource("quizzes.json"))
    }
    return Result { () throws(SourceError) in
      OnlineQuizCatalog(
        try decode(Data(text.utf8), resource: "quizzes.json"),
        source: EmbeddedCatalogSource.sourceName)
    }
  }()

  /// The quizzes of a body in the API's shape; a body that is not an array of quizzes is an
  /// error naming the record and what is wrong with it.
  package static func decode(_ body: Data, resource: String) throws(SourceError) -> [OnlineQuiz] {
    let records: [OnlineQuizDTO]
    do {
      records = try JSONDecoder().decode([OnlineQuizDTO].self, from: body)
    } catch let error as DecodingError {
      throw .wrongShape(resource: resource, detail: describe(error))
    } catch {
      throw .invalidJSON(resource: resource, detail: "\(error)")
    }
    return records.map { OnlineQuiz(id: $0.id, title: $0.quizTitle, facts: $0.facts) }
  }

  private static func describe(_ error: DecodingError) -> String {
    let context: DecodingError.Context
    switch error {
    case .keyNotFound(let key, let found):
      return "record \(path(found.codingPath)) has no \(key.stringValue)"
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
      context = found
    @unknown default:
      return "\(error)"
    }
    return "\(path(context.codingPath)): \(context.debugDescription)"
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
  }
}
