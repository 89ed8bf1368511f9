import JSON
import JSONRPC

/// `prompts/list`: the prompts, in a fixed order.
package enum MCPListPrompts: RPCMethod {
  /// The wire name.
  package static let name = "prompts/list"
  /// `cursor` (one page holds them all).
  package typealias Params = JSONValue
  /// `prompts`.
  package typealias Result = JSONValue
}

/// `prompts/get`: a prompt's messages, with the catalog records it is about.
package enum MCPGetPrompt: RPCMethod {
  /// The wire name.
  package static let name = "prompts/get"
  /// `name`, `arguments`.
  package typealias Params = JSONValue
  /// `description`, `messages`.
  package typealias Result = JSONValue
  /// It reads records through the service's methods.
  package static var isLongRunning: Bool { true }
}

extension MCPServer {
  func registerPromptMethods(into router: inout MethodRouter) {
    router.register(MCPListPrompts.self) { params, _ in
      let meta = try MCPMeta(params: params)
      try MCPErrors.refuseCursor(in: params)
      return finish(
        JSONObject(["prompts": .array(prompts.map(\.definition))]), meta: meta,
        caching: .fixed)
    }
    router.register(MCPGetPrompt.self) { params, context in
      try await getPrompt(params, context: context)
    }
  }

  /// The messages of the prompt `params.name` with `params.arguments`.
  func getPrompt(_ params: JSONValue, context: RequestContext) async throws -> JSONValue {
    let meta = try MCPMeta(params: params)
    guard case .string(let name)? = params["name"] else {
      throw JSONRPCError.invalidParams(field: "name", problem: "is required: the prompt to get")
    }
    guard let prompt = prompts.first(where: { $0.name == name }) else {
      throw MCPErrors.unknownPrompt(name, server: service.serverName)
    }
    let arguments = try promptArguments(params["arguments"], of: prompt)
    let text: String
    switch prompt.name {
    case "compare_characters":
      let universe = arguments["universe"] ?? universes.first ?? ""
      let first = try await record(
        "characters", arguments["first"] ?? "", universe: universe, field: "first",
        context: context)
      let second = try await record(
        "characters", arguments["second"] ?? "", universe: universe, field: "second",
        context: context)
      text = """
        Compare these two characters of \(universe) for a fan: who they are, how they are \
        connected, what they have in common and where they differ. Use only these catalog \
        records; say so where they do not tell.

        \(first.serializedText)

        \(second.serializedText)
        """
    case "episode_recap":
      let universe = arguments["universe"] ?? universes.first ?? ""
      let episode = try await record(
        "episodes", arguments["episode"] ?? "", universe: universe, field: "episode",
        context: context)
      text = """
        Recap this episode of \(universe) for a fan: where it sits in its series, when it \
        aired, and who appears in it. Use only this catalog record (it has no plot summary; do \
        not invent one).

        \(episode.serializedText)
        """
    default:
      let count = try promptCount(arguments["count"])
      let due = try await nativeOrThrow(
        "quizzes.due", JSONObject(["limit": .integer(count)]), context: context)
      text = """
        Quiz me on these flash cards of mine, one at a time: show the title, let me recall the \
        facts, then show them and ask how it went (again, hard, good or easy), and record my \
        answer with the quizzes_review tool. If the list is empty, tell me nothing is due and \
        offer quizzes_online to find new ones.

        \(due.serializedText)
        """
    }
    let message = JSONObject([
      "role": .string("user"),
      "content": .object(JSONObject(["type": .string("text"), "text": .string(text)])),
    ])
    return finish(
      JSONObject([
        "description": .string(prompt.description), "messages": .array([.object(message)]),
      ]), meta: meta)
  }

  /// The prompt's arguments as strings, each required one given and nothing unknown.
  private func promptArguments(_ value: JSONValue?, of prompt: MCPPrompt) throws(JSONRPCError)
    -> [String: String]
  {
    var arguments: [String: String] = [:]
    switch value {
    case nil, .null?: break
    case .object(let object)?:
      for member in object.members {
        guard prompt.arguments.contains(where: { $0.name == member.key }) else {
          throw .invalidParams(
            field: "arguments.\(member.key)",
            problem: "is not an argument of \(prompt.name); it takes "
              + prompt.arguments.map(\.name).joined(separator: ", "))
        }
        guard case .string(let text) = member.value else {
          throw .invalidParams(
            field: "arguments.\(member.key)",
            problem: "must be a string, not \(member.value.kindDescription)")
        }
        arguments[member.key] = text
      }
    case let other?:
      throw .invalidParams(
        field: "arguments", problem: "must be an object, not \(other.kindDescription)")
    }
    for argument in prompt.arguments where argument.required && arguments[argument.name] == nil {
      throw .invalidParams(field: "arguments.\(argument.name)", problem: "is required")
    }
    if let universe = arguments["universe"], !universes.contains(universe) {
      throw .invalidParams(
        field: "arguments.universe",
        problem:
          "must be \(universes.joined(separator: " or ")), not \(BriefQuote.quoted(universe))")
    }
    return arguments
  }

  /// `quiz_me`'s count: 1 to 50, 5 when not given.
  private func promptCount(_ text: String?) throws(JSONRPCError) -> Int {
    guard let text else { return 5 }
    guard let count = Int(text), (1...50).contains(count) else {
      throw .invalidParams(
        field: "arguments.count",
        problem: "must be a whole number from 1 to 50, not \(BriefQuote.quoted(text))")
    }
    return count
  }

  /// The full record of the episode or character `reference` names: an id, an episode's code,
  /// or words of a title or name (the first match).
  private func record(
    _ kind: String, _ reference: String, universe: String, field: String,
    context: RequestContext
  ) async throws -> JSONValue {
    // An id, else a name as the rest of the service reads names (aliases, nicknames, diacritics).
    var id = Int(reference)
    if id == nil, kind == "characters" {
      id = try service.characterID(named: reference, universe: universe)
    }
    if id == nil {
      let page: JSONValue
      var wanted: Int?
      if kind == "episodes",
        let match = reference.uppercased().wholeMatch(of: /S(\d+)E(\d+)/),
        let season = Int(match.1), let episode = Int(match.2)
      {
        // A code names a season and an episode; Breaking Bad's records have no code of their own.
        wanted = episode
        page = try await nativeOrThrow(
          "episodes.filter",
          JSONObject(["universe": .string(universe), "season": .integer(season)]),
          context: context)
      } else {
        page = try await nativeOrThrow(
          MCPResourceURI.methods(of: kind).list,
          JSONObject([
            "universe": .string(universe), "name": .string(reference),
          ]), context: context)
      }
      // The filter also matches nicknames and any part of a name: prefer the record named
      // exactly so, then one whose name begins so, then one with a word that does, then any;
      // among equals, the one in most episodes (Rick Sanchez over Adjudicator Rick).
      let key = reference.lowercased()
      let candidates = (page[kind]?.arrayValue ?? []).filter { record in
        wanted.map { record["episode"] == .integer($0) } ?? true
      }
      let found = candidates.min { first, second in
        let (a, b) = (rank(first, key), rank(second, key))
        if a != b { return a < b }
        return episodes(first) > episodes(second)
      }
      guard case .number(let literal)? = found?["id"] else {
        throw JSONRPCError.invalidParams(
          field: "arguments.\(field)",
          problem: "names no \(kind.dropLast()) of \(universe) (\(BriefQuote.quoted(reference)))")
      }
      id = Int(literal)
    }
    switch try await callNative(
      MCPResourceURI.methods(of: kind).get,
      JSONObject(["id": .integer(id ?? 0), "universe": .string(universe)]),
      context: context)
    {
    case .success(let value): return value
    case .failure(let error) where error.data?["reason"] == .string("not-found"):
      throw JSONRPCError.invalidParams(
        field: "arguments.\(field)",
        problem: "names no \(kind.dropLast()) of \(universe) (\(BriefQuote.quoted(reference)))")
    case .failure(let error): throw error
    }
  }

  /// 0 for a record whose name or title is `key` (ignoring case), 1 for one that begins with
  /// it, 2 for one with a word that does, 3 for any other.
  private func rank(_ record: JSONValue, _ key: String) -> Int {
    let name = (record["name"]?.stringValue ?? record["title"]?.stringValue ?? "").lowercased()
    if name == key { return 0 }
    if name.hasPrefix(key) { return 1 }
    return name.split(separator: " ").contains { $0.hasPrefix(key) } ? 2 : 3
  }

  /// How many episodes a character is in (0 for a record without the count).
  private func episodes(_ record: JSONValue) -> Int {
    guard case .number(let literal)? = record["episodeCount"] else { return 0 }
    return Int(literal) ?? 0
  }

  /// The native method's result, or its error as this request's (with the sign-in hint).
  private func nativeOrThrow(_ method: String, _ arguments: JSONObject, context: RequestContext)
    async throws -> JSONValue
  {
    switch try await callNative(method, arguments, context: context) {
    case .success(let value): return value
    case .failure(let error):
      throw rephrased(error)
    }
  }
}
