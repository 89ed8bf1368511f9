/// A quiz as the Quizzes API sends it: `{"id": "1", "quizTitle": "…", "facts": ["…", "…"]}`.
struct OnlineQuizDTO: Decodable {
  let id: String
  let quizTitle: String
  let facts: [String]
}
