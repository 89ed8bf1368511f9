/// Whether a method of the service is an MCP tool, and how a client should treat it.
///
/// Every method in `Schemas/` has a choice here (a test checks it), so a new method cannot
/// become a tool, or stay out, without someone deciding.
package enum MCPToolChoice: Sendable, Equatable {
  /// A tool with a title and the hints a client shows or acts on.
  case tool(title: String, hints: Hints)
  /// Not a tool, for the reason given.
  case excluded(reason: String)

  /// MCP's tool annotations: what calling the tool may do.
  package struct Hints: Sendable, Equatable {
    /// It changes nothing.
    package var readOnly: Bool
    /// It may remove or overwrite what a user made (meaningful when not read-only).
    package var destructive: Bool
    /// Calling it again with the same arguments changes nothing more.
    package var idempotent: Bool
    /// It reaches beyond this machine's data (the network).
    package var openWorld: Bool

    /// A tool that only reads this machine's data.
    package static let reads = Hints(
      readOnly: true, destructive: false, idempotent: true, openWorld: false)
  }

  /// The choice for every method of the service, by wire name.
  package static let byMethod: [String: MCPToolChoice] = [
    "episodes.filter": .tool(title: "Find episodes", hints: .reads),
    "episodes.get": .tool(title: "Episode details", hints: .reads),
    "episodes.list": .excluded(
      reason: "episodes_filter lists the same episodes, flat and filtered"),
    "characters.filter": .tool(title: "Find characters", hints: .reads),
    "characters.get": .tool(title: "Character details", hints: .reads),
    "characters.list": .excluded(
      reason: "characters_filter lists the same characters, flat and filtered"),
    "characters.export": .tool(
      title: "Export a character (CSV or PDF card)",
      hints: Hints(readOnly: false, destructive: false, idempotent: true, openWorld: true)),
    "locations.list": .tool(title: "List locations", hints: .reads),
    "locations.get": .tool(title: "Location details", hints: .reads),
    "quotes.random": .tool(title: "A random quote", hints: .reads),
    "quotes.byCharacter": .tool(title: "Quotes of a character", hints: .reads),
    "quotes.overview": .excluded(
      reason: "quotes_byCharacter and favorites_top answer what a model asks of quotes"),
    "favorites.list": .tool(title: "My favourite quotes", hints: .reads),
    "favorites.toggle": .tool(
      title: "Add or remove a favourite quote",
      hints: Hints(readOnly: false, destructive: true, idempotent: false, openWorld: false)),
    "favorites.top": .tool(title: "Most favourited quotes", hints: .reads),
    "quizzes.create": .tool(
      title: "Create a quiz",
      hints: Hints(readOnly: false, destructive: false, idempotent: false, openWorld: false)),
    "quizzes.list": .tool(title: "My quizzes", hints: .reads),
    "quizzes.get": .tool(title: "A quiz as a flash card", hints: .reads),
    "quizzes.delete": .tool(
      title: "Delete a quiz",
      hints: Hints(readOnly: false, destructive: true, idempotent: true, openWorld: false)),
    "quizzes.online": .tool(title: "Search the online quizzes", hints: .reads),
    "quizzes.add": .tool(
      title: "Add an online quiz to my collection",
      hints: Hints(readOnly: false, destructive: false, idempotent: true, openWorld: false)),
    "quizzes.due": .tool(title: "Quizzes due for review", hints: .reads),
    "quizzes.review": .tool(
      title: "Grade a review",
      hints: Hints(readOnly: false, destructive: false, idempotent: false, openWorld: false)),
    "profile.get": .tool(title: "My profile", hints: .reads),
    "profile.update": .excluded(
      reason: "a photo is read from a path on this machine; a person changes it, not a model"),
    "auth.session": .tool(title: "Who is signed in", hints: .reads),
    "auth.login": .excluded(
      reason: "it takes a password, and passwords never pass through a model"),
    "auth.register": .excluded(
      reason: "it takes a password, and passwords never pass through a model"),
    "auth.checkPassword": .excluded(
      reason: "it takes a password, and passwords never pass through a model"),
    "auth.deleteAccount": .excluded(
      reason:
        "it takes a password, and deleting an account for good is its owner's decision, never a model's"
    ),
    "auth.logout": .excluded(reason: "who this machine acts for is its user's decision"),
    "auth.switch": .excluded(reason: "who this machine acts for is its user's decision"),
    "auth.accounts": .excluded(
      reason: "the accounts known on this machine are its user's business"),
    "images.fetch": .excluded(reason: "raw image bytes; character cards carry the images"),
    "catalog.refresh": .excluded(
      reason: "refreshing from the live API is an operator's decision (bbfan call catalog.refresh)"),
    "service.info": .excluded(reason: "server/discover and initialize describe the server"),
    "rpc.discover": .excluded(reason: "tools/list is MCP's own discovery"),
    "notifications.subscribe": .excluded(
      reason:
        "MCP subscribes through resources/subscribe and subscriptions/listen, which follow the same changes"
    ),
    "notifications.unsubscribe": .excluded(reason: "as notifications.subscribe"),
  ]
}
