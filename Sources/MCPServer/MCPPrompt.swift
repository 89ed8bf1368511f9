import JSON
import JSONRPC

/// A prompt an assistant offers a fan: its name, what it is for, and its arguments.
package struct MCPPrompt: Sendable {
  /// One argument (MCP's prompt arguments are strings).
  package struct Argument: Sendable {
    /// Its name.
    package var name: String
    /// What to give.
    package var description: String
    /// Whether it must be given.
    package var required: Bool
  }

  /// The prompt's name.
  package var name: String
  /// A title to show.
  package var title: String
  /// What it does.
  package var description: String
  /// Its arguments.
  package var arguments: [Argument]

  /// The prompts, in a fixed order, for a service serving `universes` (the default first).
  package static func all(universes: [String]) -> [MCPPrompt] {
    let universe = Argument(
      name: "universe",
      description: universes.joined(separator: " or ")
        + " (\(universes.first ?? "") when left out)",
      required: false)
    return [
      MCPPrompt(
        name: "compare_characters", title: "Compare two characters",
        description: "Compare two characters of one universe from their catalog records.",
        arguments: [
          Argument(name: "first", description: "A character's name or id", required: true),
          Argument(name: "second", description: "Another character's name or id", required: true),
          universe,
        ]),
      MCPPrompt(
        name: "episode_recap", title: "Recap an episode",
        description: "Recap an episode from its catalog record: who is in it and what it is.",
        arguments: [
          Argument(
            name: "episode", description: "An episode's id, code (S01E01) or title", required: true),
          universe,
        ]),
      MCPPrompt(
        name: "quiz_me", title: "Quiz me on my quizzes",
        description: "Go through my quizzes that are due, as flash cards, and grade each review.",
        arguments: [
          Argument(
            name: "count", description: "How many quizzes at most (default 5)", required: false)
        ]),
    ]
  }

  /// The prompt as `prompts/list` describes it.
  var definition: JSONValue {
    .object(
      JSONObject([
        "name": .string(name), "title": .string(title), "description": .string(description),
        "arguments": .array(
          arguments.map { argument in
            .object(
              JSONObject([
                "name": .string(argument.name), "description": .string(argument.description),
                "required": .bool(argument.required),
              ]))
          }),
      ]))
  }
}
