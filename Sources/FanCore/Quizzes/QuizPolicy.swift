/// The rules of a quiz: a title and at least two facts, within limits.
package enum QuizPolicy {
  /// The longest title, in characters.
  package static let maximumTitleLength = 200
  /// The longest fact, in characters.
  package static let maximumFactLength = 2_000
  /// The fewest facts.
  package static let minimumFacts = 2
  /// The most facts.
  package static let maximumFacts = 20

  /// The quiz of `title` and `facts`, trimmed, or every problem with it at once.
  ///
  /// Each is trimmed of white space at both ends. The title is required; at least two facts are
  /// (a blank fact counts as missing, and is named when there are enough others); none may be
  /// longer than its limit or hold a NUL or another control character but tab and line breaks.
  package static func validate(title: String?, facts: [String]?) -> Result<QuizDraft, QuizError> {
    var problems: [QuizProblem] = []
    let title = trimmed(title ?? "")
    if title.isEmpty {
      problems.append(QuizProblem(field: "title", message: "Title is required"))
    } else if title.count > maximumTitleLength {
      problems.append(
        QuizProblem(
          field: "title", message: "Title is longer than \(maximumTitleLength) characters"))
    } else if hasControl(title, allowingLineBreaks: false) {
      problems.append(
        QuizProblem(field: "title", message: "Title holds a control character"))
    }
    let given = (facts ?? []).map(trimmed)
    let filled = given.filter { !$0.isEmpty }
    if filled.count < minimumFacts {
      problems.append(QuizProblem(field: "facts", message: "A quiz needs two facts"))
    } else {
      for (index, fact) in given.enumerated() where fact.isEmpty {
        problems.append(
          QuizProblem(field: "facts[\(index)]", message: "Fact \(index + 1) is empty"))
      }
    }
    if given.count > maximumFacts {
      problems.append(
        QuizProblem(field: "facts", message: "A quiz has at most \(maximumFacts) facts"))
    }
    for (index, fact) in given.enumerated() {
      if fact.count > maximumFactLength {
        problems.append(
          QuizProblem(
            field: "facts[\(index)]",
            message: "Fact \(index + 1) is longer than 2,000 characters"))
      } else if hasControl(fact, allowingLineBreaks: true) {
        problems.append(
          QuizProblem(
            field: "facts[\(index)]", message: "Fact \(index + 1) holds a control character"))
      }
    }
    guard problems.isEmpty else { return .failure(.invalid(problems)) }
    return .success(QuizDraft(title: title, facts: given))
  }

  private static func trimmed(_ text: String) -> String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }

  private static func hasControl(_ text: String, allowingLineBreaks: Bool) -> Bool {
    text.unicodeScalars.contains { scalar in
      guard scalar.properties.generalCategory == .control else { return false }
      return !(allowingLineBreaks && (scalar == "\n" || scalar == "\r" || scalar == "\t"))
    }
  }
}
