import FoundationEssentials
import JSON
import JSONRPC

/// `resources/list`: the user's own lists, then every catalog record, a page at a time.
package enum MCPListResources: RPCMethod {
  /// The wire name.
  package static let name = "resources/list"
  /// `cursor`.
  package typealias Params = JSONValue
  /// `resources`, `nextCursor`.
  package typealias Result = JSONValue
  /// A page reads the catalog through the service's methods.
  package static var isLongRunning: Bool { true }
}

/// `resources/templates/list`: the address forms of records and cards.
package enum MCPListResourceTemplates: RPCMethod {
  /// The wire name.
  package static let name = "resources/templates/list"
  /// `cursor` (one page holds them all).
  package typealias Params = JSONValue
  /// `resourceTemplates`.
  package typealias Result = JSONValue
}

/// `resources/read`: a record as JSON, a card as a PDF blob.
package enum MCPReadResource: RPCMethod {
  /// The wire name.
  package static let name = "resources/read"
  /// `uri`.
  package typealias Params = JSONValue
  /// `contents`.
  package typealias Result = JSONValue
  /// A card draws its image, which may be downloaded.
  package static var isLongRunning: Bool { true }
}

extension MCPServer {
  /// How many resources a `resources/list` page holds.
  static let resourcePageSize = 100

  /// The catalog lists that `resources/list` walks through, in order: each universe's records of
  /// each kind (the kind is also the member of its method's result that holds them).
  var resourceSections: [(universe: String, kind: String)] {
    universes.flatMap { universe in MCPResourceURI.kinds.map { (universe, $0) } }
  }

  /// The method that pages through a kind's records, flat.
  private static func listMethod(of kind: String) -> String {
    MCPResourceURI.methods(of: kind).list
  }

  func registerResourceMethods(into router: inout MethodRouter) {
    router.register(MCPListResourceTemplates.self) { params, _ in
      let meta = try MCPMeta(params: params)
      try MCPErrors.refuseCursor(in: params)
      func template(_ uri: String, _ name: String, _ title: String, _ type: String) -> JSONValue {
        .object(
          JSONObject([
            "uriTemplate": .string(uri), "name": .string(name), "title": .string(title),
            "mimeType": .string(type),
          ]))
      }
      let templates: [JSONValue] = [
        template(
          "bbfan://{universe}/episodes/{id}", "episode", "An episode", "application/json"),
        template(
          "bbfan://{universe}/characters/{id}", "character", "A character", "application/json"),
        template(
          "bbfan://{universe}/locations/{id}", "location", "A location", "application/json"),
        template(
          "bbfan://{universe}/characters/{id}/card.pdf", "card", "A character's card",
          "application/pdf"),
      ]
      return finish(
        JSONObject(["resourceTemplates": .array(templates)]), meta: meta, caching: .fixed)
    }
    router.register(MCPListResources.self) { params, context in
      try await listResources(params, context: context)
    }
    router.register(MCPReadResource.self) { params, context in
      try await readResource(params, context: context)
    }
  }

  /// One page of resources: the user's two lists first, then each catalog list in turn, 100 a
  /// page; a cursor is `SECTION:NATIVE` (the list's index and its method's cursor there).
  func listResources(_ params: JSONValue, context: RequestContext) async throws -> JSONValue {
    let meta = try MCPMeta(params: params)
    var section = 0
    var nativeCursor: String?
    var resources: [JSONValue] = []
    switch params["cursor"] {
    case nil, .null?:
      resources = [
        resource(.favorites, name: "favorites", title: "My favourite quotes"),
        resource(.quizzes, name: "quizzes", title: "My quizzes"),
      ]
    case .string(let cursor)?:
      let parts = cursor.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        .map(String.init)
      guard parts.count == 2, let index = Int(parts[0]),
        resourceSections.indices.contains(index)
      else { throw MCPErrors.badCursor(cursor) }
      section = index
      nativeCursor = parts[1].isEmpty ? nil : parts[1]
    case let other?:
      throw MCPErrors.badCursor(other.serializedText)
    }
    let sections = resourceSections
    while resources.count < Self.resourcePageSize, section < sections.count {
      let (universe, kind) = sections[section]
      var arguments = JSONObject([
        "universe": .string(universe),
        "limit": .integer(Self.resourcePageSize - resources.count),
      ])
      if let nativeCursor { arguments.set("cursor", .string(nativeCursor)) }
      let page: JSONValue
      switch try await callNative(Self.listMethod(of: kind), arguments, context: context) {
      case .success(let value): page = value
      case .failure(let error):
        // A cursor of ours that the catalog no longer takes (it was refreshed meanwhile).
        if error.data?["field"] == .string("cursor"), nativeCursor != nil {
          throw MCPErrors.badCursor(params["cursor"]?.stringValue ?? "")
        }
        throw error
      }
      for record in page[kind]?.arrayValue ?? [] {
        guard case .number(let literal)? = record["id"], let id = Int(literal) else { continue }
        let name = record["name"]?.stringValue ?? record["title"]?.stringValue ?? "\(id)"
        let code = record["code"]?.stringValue
        resources.append(
          resource(
            .record(universe: universe, kind: kind, id: id), name: "\(universe)-\(kind)-\(id)",
            title: code.map { "\($0) \(name)" } ?? name))
      }
      if let next = page["nextCursor"]?.stringValue {
        nativeCursor = next
      } else {
        section += 1
        nativeCursor = nil
      }
    }
    var result = JSONObject(["resources": .array(resources)])
    if section < sections.count {
      result.set("nextCursor", .string("\(section):\(nativeCursor ?? "")"))
    }
    return finish(result, meta: meta, caching: .personal)
  }

  /// A character's card as a base64 PDF blob, drawn in memory (a read writes no file).
  private func readCard(
    _ uri: String, universe: String, id: Int, meta: MCPMeta, context: RequestContext
  ) async throws -> JSONValue {
    let reporting = context.delegating(to: "characters.export", progressToken: meta.progressToken)
    let card: (bytes: [UInt8], warnings: [String])
    do {
      card = try await service.characterCard(universe: universe, id: id) {
        completed, total, message in
        reporting.reportProgress(Double(completed), total: Double(total), message: message)
      }
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      let mapped = service.jsonRPCError(for: error)
      if mapped.data?["reason"] == .string("not-found") {
        throw MCPErrors.resourceNotFound(uri, modern: meta.isModern)
      }
      throw mapped
    }
    for warning in card.warnings {
      log(.warning, "\(uri): \(warning)", meta: meta, context: context)
    }
    let content = JSONObject([
      "uri": .string(uri), "mimeType": .string("application/pdf"),
      "blob": .string(Data(card.bytes).base64EncodedString()),
    ])
    return finish(
      JSONObject(["contents": .array([.object(content)])]), meta: meta, caching: .catalog)
  }

  /// One entry of `resources/list`.
  private func resource(_ uri: MCPResourceURI, name: String, title: String) -> JSONValue {
    .object(
      JSONObject([
        "uri": .string(uri.text), "name": .string(name), "title": .string(title),
        "mimeType": .string("application/json"),
      ]))
  }

  /// Reads the resource `params.uri`: a record or a user's list as JSON text, a card as a base64
  /// PDF blob.
  func readResource(_ params: JSONValue, context: RequestContext) async throws -> JSONValue {
    let meta = try MCPMeta(params: params)
    guard case .string(let text)? = params["uri"] else {
      throw JSONRPCError.invalidParams(field: "uri", problem: "is required: the resource to read")
    }
    guard let uri = MCPResourceURI(text, universes: universes) else {
      throw MCPErrors.resourceNotFound(text, modern: meta.isModern)
    }
    let method: String
    var arguments = JSONObject()
    var caching = Caching.catalog
    switch uri {
    case .card(let universe, let id):
      return try await readCard(text, universe: universe, id: id, meta: meta, context: context)
    case .favorites:
      (method, caching) = ("favorites.list", .personal)
    case .quizzes:
      (method, caching) = ("quizzes.list", .personal)
    case .record(let universe, let kind, let id):
      method = MCPResourceURI.methods(of: kind).get
      arguments = JSONObject(["id": .integer(id), "universe": .string(universe)])
    }
    let value: JSONValue
    switch try await callNative(method, arguments, context: context) {
    case .success(let result): value = result
    case .failure(let error):
      if error.data?["reason"] == .string("not-found") {
        throw MCPErrors.resourceNotFound(text, modern: meta.isModern)
      }
      throw rephrased(error)
    }
    let content = JSONObject([
      "uri": .string(text), "mimeType": .string("application/json"),
      "text": .string(value.serializedText),
    ])
    return finish(
      JSONObject(["contents": .array([.object(content)])]), meta: meta, caching: caching)
  }
}
