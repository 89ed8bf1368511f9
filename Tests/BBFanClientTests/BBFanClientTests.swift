import BBFanClient
import Foundation
import TestSupport
import Testing

/// The Swift client against the built binary.
@Suite("BBFanClient", .timeLimit(.minutes(5)))
struct BBFanClientTests {
  static var products: URL { BuiltProducts.folder }
  static var binary: URL { BuiltProducts.bbfan }
  /// The params that register `walt`.
  static let walt = AuthRegister.Params(
    username: "walt", password: "Heisenberg1!", passwordConfirmation: "Heisenberg1!")

  /// Runs `body` with a service on a data directory of its own, then checks that it exits cleanly.
  @discardableResult
  func withClient<T>(_ body: (BBFanClient) async throws -> T) async throws -> T {
    let data = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-client-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let client = try BBFanClient.launch(
      executable: Self.binary,
      arguments: [
        "--data-dir", data.path(), "--seed", "1", "--password-cost", "1000", "--log-level", "off",
      ])
    let value = try await body(client)
    #expect(await client.shutdown() == 0)
    return value
  }

  @Test("fetchImage: cached without asking the host, revalidated with maxAge 0, inline bytes")
  func fetchImage() async throws {
    let server = try FakeAPIServer()
    let url = server.image("lalo-256.png")
    try await withClient { client in
      let first = try await client.imagesFetch(.init(url: url, inline: true))
      #expect(first.freshness == "downloaded" && first.bytes == 256)
      #expect(first.data == (try Data(contentsOf: URL(filePath: first.path))))
      let cached = try await client.imagesFetch(.init(url: url))
      #expect(cached.freshness == "cached" && cached.content == nil)
      #expect(try await client.imagesFetch(.init(url: url, maxAge: 0)).freshness == "revalidated")
    }
    #expect(try await server.hits()["/ok/img/lalo-256.png"] == 2)
  }

  @Test("typed catalog calls decode the real replies")
  func catalog() async throws {
    try await withClient { client in
      let info = try await client.serviceInfo()
      #expect(info.catalog.episodes == 102)
      #expect(try await client.rpcDiscover().methodNames.contains("favorites.toggle"))
      let seasons = try await client.episodesList(.init(series: .breakingBad)).seasons
      #expect(seasons.map(\.season) == [1, 2, 3, 4, 5])
      #expect(try await client.episodesFilter(.init(season: 2)).episodes.count == 23)
      let hank = try await client.episodesFilter(
        .init(season: 2, characters: [.name("Hank Schrader"), .id(9)]))
      #expect(hank.episodes.first?.title == "Seven-Thirty-Seven")
      let details = try await client.episodesGet(.init(id: 37))
      #expect(details.characters.contains { $0.characterName == "Walter White Jr." })
      let saul = try await client.charactersGet(.init(id: 8))
      #expect(saul.character.person?.nickname == "Jimmy McGill")
      #expect(!saul.quotes.isEmpty)
      let bcs = try await client.charactersList(.init(series: .betterCallSaul))
      #expect(bcs.characters?.count == 12)
      let groups = try await client.charactersList(.init(groupBy: "initial")).groups
      #expect(groups?.first?.initial == "A")
      let deceased = try await client.charactersFilter(.init(status: "deceased", seasons: [5]))
      #expect(deceased.characters.count == 9)
      #expect(try await client.quotesRandom(.init(author: "Gus Fring")).characterId == 9)
      #expect(try await client.quotesByCharacter(.init(id: 5)).quotes.count == 1)
    }
  }

  @Test("Rick and Morty: episodes with codes, characters with origins, pages, locations")
  func rickAndMorty() async throws {
    try await withClient { client in
      let seasons = try await client.episodesList(.init(universe: .rickAndMorty)).seasons
      let episodes = seasons.flatMap(\.episodes)
      #expect(episodes.count == 51)
      #expect(episodes.first?.code == "S01E01")
      #expect(episodes.first?.airDate == CalendarDate(iso: "2013-12-02"))
      let pilot = try await client.episodesGet(.init(id: 1, universe: .rickAndMorty))
      #expect(pilot.characters.contains { $0.characterName == "Rick Sanchez" })
      let second = try await client.episodesFilter(.init(universe: .rickAndMorty, code: "S02"))
      #expect(second.episodes.count == 10)
      let rick = try await client.charactersGet(.init(id: 1, universe: .rickAndMorty))
      #expect(rick.character.creature?.origin.name == "Earth (C-137)")
      #expect(rick.character.creature?.episodeCount == rick.episodes.count)
      var walked: [Int] = []
      var cursor: String?
      var total = 0
      repeat {
        let page = try await client.charactersFilter(
          .init(universe: .rickAndMorty, species: "Alien", limit: 60, cursor: cursor))
        walked += page.characters.map(\.id)
        total = page.total
        cursor = page.nextCursor
      } while cursor != nil
      #expect(walked.count == total)
      let aliens = try await client.charactersFilter(
        .init(universe: .rickAndMorty, species: "Alien"))
      #expect(walked == aliens.characters.map(\.id))
      let males = try await client.charactersFilter(.init(universe: .rickAndMorty, gender: "male"))
      #expect(males.characters.allSatisfy { $0.creature?.gender == "Male" })
      #expect(try await client.locationsList(.init(universe: .rickAndMorty)).locations.count == 126)
      let squanch = try await client.locationsGet(.init(id: 35, universe: .rickAndMorty))
      #expect(squanch.location.residentCount == squanch.residents.count)
    }
  }

  @Test("accounts and favourites")
  func accounts() async throws {
    try await withClient { client in
      let signed = try await client.authRegister(Self.walt)
      #expect(signed.token.count == 64)
      #expect(try await client.authSession().user?.username == "walt")
      let toggle = try await client.favoritesToggle(.init(quoteId: 1))
      #expect(toggle.quoteId == 1 && toggle.isFavorite && toggle.favoriteCount == 1)
      #expect(try await client.favoritesList().quotes.map(\.id) == [1])
      #expect(try await client.favoritesTop(.init(limit: 3)).quotes.first?.favoriteCount == 1)
      let overview = try await client.quotesOverview()
      #expect(overview.top != nil && overview.yours != nil && overview.random != nil)
      #expect(try await client.authLogout().user.username == "walt")
      #expect(try await client.authSession().user == nil)
      _ = try await client.authLogin(.init(username: "WALT", password: "Heisenberg1!"))
      #expect(try await client.authSession().user?.username == "walt")
    }
  }

  @Test("quotes and favourites per universe; an unknown universe or series decodes")
  func quotesPerUniverse() async throws {
    try await withClient { client in
      _ = try await client.authRegister(Self.walt)
      _ = try await client.favoritesToggle(.init(quoteId: 1, universe: .breakingBad))
      let favorites = try await client.favoritesList(.init(universe: .breakingBad))
      #expect(favorites.quotes.map(\.id) == [1])
      #expect(try await client.favoritesList(.init(universe: .rickAndMorty)).quotes.isEmpty)
      let top = try await client.favoritesTop(.init(limit: 3, universe: .rickAndMorty))
      #expect(top.quotes.isEmpty)
      let quotes = try await client.quotesByCharacter(.init(id: 1, universe: .rickAndMorty))
      #expect(quotes.quotes.isEmpty)
      let overview = try await client.quotesOverview(.init(universe: .rickAndMorty))
      #expect(overview.top == nil && overview.yours == nil && overview.random == nil)
      do {
        _ = try await client.favoritesToggle(.init(quoteId: 1, universe: .rickAndMorty))
        Issue.record("toggled a quote of a universe without quotes")
      } catch let error as BBFanError {
        #expect(error.code == -32004 && error.reason == "not-found")
      }
    }
    // Values a later bbfan may send decode as they are.
    let quote = try JSONDecoder().decode(
      QuoteRecord.self,
      from: Data(
        #"{"id":8,"text":"t","author":"a","characterId":null,"series":"third-show-s1"}"#.utf8))
    #expect(quote.series == Series(rawValue: "third-show-s1"))
    // A universe's own fields are carried, by name, with no code of the client's for it.
    let juneJSON = """
      {"id":3,"universe":"pine-hollow","name":"June Alder","nickname":"Junebug","birthday":null,
      "occupations":[],"status":"turned-to-stone","imageURL":"x","portrayedBy":"Rosa Lind",
      "series":["pine-hollow"],"appearances":{"pine-hollow":[1,2]},"hometown":"Pine Hollow",
      "favoriteDish":null,"founded":1887,"episodeCount":4}
      """
    let june = try JSONDecoder().decode(CharacterRecord.self, from: Data(juneJSON.utf8))
    #expect(june.universe == UniverseID(rawValue: "pine-hollow"))
    #expect(june.status == CharacterStatus(rawValue: "turned-to-stone"))
    #expect(
      june.person?.appearances.entries == [
        .init(series: Series(rawValue: "pine-hollow"), seasons: [1, 2])
      ])
    #expect(
      Set(june.extraFields) == [
        RecordField(name: "hometown", value: .text("Pine Hollow")),
        RecordField(name: "favoriteDish", value: .none),
        RecordField(name: "founded", value: .number(1887)),
      ])
    let thawJSON = """
      {"id":4,"universe":"pine-hollow","title":"Thaw","series":"pine-hollow","season":2,
      "episode":1,"airDate":"2022-10-02","director":"Lena Voss"}
      """
    let thaw = try JSONDecoder().decode(EpisodeRecord.self, from: Data(thawJSON.utf8))
    #expect(thaw.extraFields == [RecordField(name: "director", value: .text("Lena Voss"))])
    #expect(
      try JSONDecoder().decode(UniverseID.self, from: Data(#""third-show""#.utf8)).rawValue
        == "third-show")
  }

  @Test(
    "forms: every failing field of a registration, checkPassword, a favourite set, names and photos, deleteAccount"
  )
  func forms() async throws {
    try await withClient { client in
      _ = try await client.authRegister(Self.walt)
      do {
        _ = try await client.authRegister(
          .init(username: "WALT", password: "yo", passwordConfirmation: "yo!"))
        Issue.record("registered a taken name")
      } catch let error as BBFanError {
        #expect(error.code == -32006 && error.reason == "username-taken")
        #expect(
          error.problems?.map { [$0.field, $0.reason ?? ""] } == [
            ["username", "username-taken"], ["passwordConfirmation", "password-mismatch"],
            ["password", "weak-password"],
          ])
      }
      let check = try await client.authCheckPassword(.init(password: "heisenberg"))
      #expect(!check.ok && check.problems.map(\.rule) == ["uppercase", "digit", "special"])
      #expect(check.rules.filter { !$0.met }.map(\.rule) == ["uppercase", "digit", "special"])
      #expect(try await client.authCheckPassword(.init(password: "Heisenberg1!")).ok)
      let set = try await client.favoritesToggle(.init(quoteId: 1, favorite: true))
      #expect(set.favoriteCount == 1)
      let again = try await client.favoritesToggle(.init(quoteId: 1, favorite: true))
      #expect(again.isFavorite && again.favoriteCount == 1)
      #expect(try await !client.favoritesToggle(.init(quoteId: 1, favorite: false)).isFavorite)
      // A one-pixel PNG.
      let png = try #require(
        Data(
          base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC"
        ))
      let profile = try await client.profileUpdate(
        .init(displayName: .set("Heisenberg"), photo: .set(.data(png.base64EncodedString()))))
      let jesse = try await client.authRegister(
        .init(username: "jesse", password: "Heisenberg1!", passwordConfirmation: "Heisenberg1!"))
      let accounts = try await client.authAccounts().accounts
      #expect(accounts.map(\.displayName) == ["Heisenberg", nil])
      // The photo decodes as profile() answers it.
      #expect(accounts.map(\.photo) == [profile.photo, nil])
      #expect(accounts.first?.photo?.mediaType == "image/png")
      await #expect(throws: BBFanError.self) {
        _ = try await client.authDeleteAccount(.init(password: "wrong", token: jesse.token))
      }
      let deleted = try await client.authDeleteAccount(
        .init(password: "Heisenberg1!", token: jesse.token))
      #expect(deleted.deleted)
      #expect(try await client.authAccounts().accounts.map(\.username) == ["walt"])
    }
  }

  @Test("error replies throw BBFanError with the code, reason and field")
  func errors() async throws {
    try await withClient { client in
      await #expect(
        throws: BBFanError(
          code: -32004, message: "Not found: there is no episode with id 999.", reason: "not-found")
      ) {
        _ = try await client.episodesGet(.init(id: 999))
      }
      do {
        // A date that does not exist cannot be a CalendarDate: sent as text, by the raw call.
        _ = try await client.call(
          "episodes.filter", ["airedFrom": "2010-02-30"], as: EpisodesFilter.Result.self)
        Issue.record("accepted a date that does not exist")
      } catch let error as BBFanError {
        #expect(error.code == -32602)
        #expect(error.field == "airedFrom")
      }
      await #expect(throws: BBFanError.self) { _ = try await client.catalogRefresh() }
      do {
        _ = try await client.imagesFetch(.init(url: "file:///etc/passwd"))
        Issue.record("fetched a file: URL")
      } catch let error as BBFanError {
        #expect(error.field == "url")
      }
      do {
        _ = try await client.imagesFetch(
          .init(url: "http://127.0.0.1:1/a.png", maxAge: -1, inline: true))
        Issue.record("accepted a negative maxAge")
      } catch let error as BBFanError {
        #expect(error.field == "maxAge")
      }
    }
  }

  @Test("characters.export writes the file and can return it inline")
  func export() async throws {
    try await withClient { client in
      let exported = try await client.charactersExport(
        .init(id: 103, format: .csv, universe: .rickAndMorty, inline: true))
      let data = try #require(exported.data)
      #expect(data.count == exported.bytes)
      #expect(try Data(contentsOf: URL(filePath: exported.path)) == data)
      #expect(String(decoding: data, as: UTF8.self).contains("Earth (J19ζ7)"))
      #expect(exported.sha256.count == 64)
      let card = try await client.charactersExport(.init(id: 1, format: .pdf))
      #expect(card.mediaType == "application/pdf")
      #expect(card.warnings?.contains { $0.contains("placeholder") } == true)
    }
  }

  @Test("service.info lists every universe; Rick and Morty refreshes page by page from its source")
  func universes() async throws {
    try await withClient { client in
      let universes = try await client.serviceInfo().universes
      #expect(universes.map(\.universe) == [.breakingBad, .rickAndMorty])
      #expect(universes.last?.counts.locations == 126)
      #expect(universes.first?.counts.quotes == 70)
    }
    let server = try FakeAPIServer()
    let data = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-client-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let client = try BBFanClient.launch(
      executable: Self.binary,
      arguments: [
        "--data-dir", data.path(), "--log-level", "off", "--source",
        "rick-and-morty=" + server.rickAndMorty(),
      ])
    let refreshed = try await client.catalogRefresh(.init(universe: .rickAndMorty))
    #expect(refreshed.universe == .rickAndMorty)
    #expect(refreshed.counts.characters == 826)
    #expect(refreshed.resources.count == 52)
    #expect(refreshed.resources.last?.page == 7)
    #expect(refreshed.changed)
    // No progress was asked for: the first notification is the news that followed the reply.
    var news: [String: Any]?
    for await line in client.notifications {
      news = try JSONSerialization.jsonObject(with: line) as? [String: Any]
      break
    }
    #expect(news?["method"] as? String == "catalog.changed")
    let params = news?["params"] as? [String: Any]
    #expect(params?["universe"] as? String == "rick-and-morty")
    #expect(params?["refreshedAt"] as? String == refreshed.refreshedAt)
    let after = try await client.serviceInfo().universes
    #expect(after.last?.source == server.rickAndMorty())
    #expect(after.last?.refreshedAt == refreshed.refreshedAt)
    await #expect(throws: BBFanError.self) { _ = try await client.catalogRefresh() }
    #expect(await client.shutdown() == 0)
  }

  @Test("concurrent calls each get their own reply")
  func concurrent() async throws {
    try await withClient { client in
      let ids = try await withThrowingTaskGroup(of: Int.self) { group in
        for id in 1...40 { group.addTask { try await client.episodesGet(.init(id: id)).record.id } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(ids.sorted() == Array(1...40))
    }
  }

  @Test("the example runs with the bbfan on PATH")
  func example() async throws {
    let path =
      Self.binary.deletingLastPathComponent().path() + ":"
      + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    let (status, text) = try Subprocess.run(
      [Self.products.appending(path: "BBFanClientExample").path()], environment: ["PATH": path])
    #expect(status == 0)
    let version = try await withClient { try await $0.serviceInfo().version }
    #expect(text.contains("bbfan \(version): 102 episodes"))
    #expect(text.contains("S2E1 Seven-Thirty-Seven"))
    #expect(text.contains("Toddler Quiz #2 2 1 2.5"))
    #expect(text.contains(#"["Title is required", "A quiz needs two facts"]"#))
    #expect(text.contains("not-found: Not found: there is no episode with id 999."))
  }

  /// A client of a stand-in service: `script`, a Python program in a folder of its own (which
  /// the caller removes), started as bbfan would be.
  static func standIn(_ script: String) throws -> (BBFanClient, URL) {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-client-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(path: "fake-bbfan")
    try Data(script.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path())
    return (try BBFanClient.launch(executable: file), folder)
  }

  @Test("a request over the limit fails at once, unsent, and the client goes on")
  func requestOverTheLimit() async throws {
    let data = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-client-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let client = try BBFanClient.launch(
      executable: Self.binary,
      arguments: ["--data-dir", data.path(), "--log-level", "off", "--max-message-bytes", "2000"])
    #expect(client.maxMessageBytes == 2000)
    let error = await #expect(throws: BBFanError.self) {
      try await client.episodesFilter(
        .init(characters: Array(repeating: .name("Walter White"), count: 200)))
    }
    #expect(error?.code == -32600)
    #expect(error?.reason == "too-large")
    #expect(error?.limit == 2000)
    #expect(error?.message.hasSuffix("it was not sent") == true)
    #expect(try await client.serviceInfo().catalog.episodes == 102)
    #expect(await client.shutdown() == 0)
  }

  @Test("any other error with a null id fails every call still waiting")
  func otherNullIDError() async throws {
    // A stand-in service that answers nothing but a parse error with a null id, after the
    // third request.
    let (client, folder) = try Self.standIn(
      #"""
      #!/usr/bin/env python3
      import json, sys
      for count, line in enumerate(sys.stdin, 1):
          if count == 3:
              print(json.dumps({"jsonrpc": "2.0", "id": None,
                                "error": {"code": -32700, "message": "Parse error"}}), flush=True)

      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let codes = await withTaskGroup(of: Int?.self) { group in
      for season in 1...3 {
        group.addTask {
          do {
            _ = try await client.episodesFilter(.init(season: season))
            return nil
          } catch let error as BBFanError {
            return error.code
          } catch {
            return nil
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(codes == [-32700, -32700, -32700])
    #expect(await client.shutdown() == 0)
  }

  @Test("a request the service finds too large fails with the error sent for its id")
  func requestOverTheServiceLimit() async throws {
    let data = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-client-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let client = try BBFanClient.launch(
      executable: Self.binary,
      arguments: ["--data-dir", data.path(), "--log-level", "off", "--max-message-bytes", "2000"],
      maxMessageBytes: 1_000_000)
    let error = await #expect(throws: BBFanError.self) {
      try await client.episodesFilter(
        .init(characters: Array(repeating: .name("Walter White"), count: 200)))
    }
    #expect(error?.reason == "too-large")
    #expect(try await client.serviceInfo().catalog.episodes == 102)
    #expect(await client.shutdown() == 0)
  }

  @Test("an error with a null id fails the calls sent over its limit, and only them")
  func nullIDError() async throws {
    // A stand-in service that answers any line over 100 bytes as bbfan does when it cannot read
    // the id, and every other request with an empty list of episodes.
    let (client, folder) = try Self.standIn(
      #"""
      #!/usr/bin/env python3
      import json, sys
      for line in sys.stdin:
          m = json.loads(line)
          if len(line) > 100:
              r = {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "too large",
                   "data": {"reason": "too-large", "limit": 100, "size": len(line)}}}
          else:
              r = {"jsonrpc": "2.0", "id": m["id"], "result": {"episodes": [], "total": 0,
                                                           "nextCursor": None}}
          print(json.dumps(r), flush=True)

      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    async let big: BBFanError? = {
      do {
        _ = try await client.episodesFilter(
          .init(characters: Array(repeating: .name("Walter White"), count: 20)))
        return nil
      } catch let error as BBFanError {
        return error
      }
    }()
    async let small = client.episodesFilter(.init(season: 1))
    #expect(try await small.episodes.isEmpty)
    let error = try await big
    #expect(error?.reason == "too-large")
    #expect(await client.shutdown() == 0)
  }

  @Test("launching without a bbfan on PATH says how to install it")
  func notOnPath() throws {
    #expect(BBFanClient.executableOnPath(named: "bbfan-surely-not-installed-here") == nil)
    let error = ExecutableNotFound(name: "bbfan")
    #expect(error.description.hasPrefix("bbfan was not found on PATH: install it"))
  }
}

/// Replies of a later bbfan, and the calls from before the naming rule.
extension BBFanClientTests {
  @Test("a reply with a universe, series or status this client does not know decodes")
  func unknownValuesDecode() async throws {
    // A stand-in service of a later version, with a third universe.
    let (client, folder) = try Self.standIn(
      #"""
      #!/usr/bin/env python3
      import json, sys
      episode = {"id": 1, "universe": "pine-hollow", "title": "Thaw", "series": "pine-hollow-s1",
                 "season": 1, "episode": 1, "airDate": "2022-10-02", "characters": []}
      june = {"id": 3, "universe": "pine-hollow", "name": "June Alder", "nickname": "Junebug",
              "birthday": None, "occupations": [], "status": "petrified", "imageURL": "x",
              "portrayedBy": "Rosa Lind", "series": ["pine-hollow-s1"],
              "appearances": {"pine-hollow-s1": [1]}, "episodeCount": 1, "quotes": []}
      for line in sys.stdin:
          m = json.loads(line)
          result = episode if m["method"] == "episodes.get" else june
          print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": result}), flush=True)

      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let thaw = try await client.episodesGet(.init(id: 1))
    #expect(thaw.episode.universe == UniverseID(rawValue: "pine-hollow"))
    #expect(thaw.episode.series == Series(rawValue: "pine-hollow-s1"))
    let june = try await client.charactersGet(.init(id: 3))
    #expect(june.character.status == CharacterStatus(rawValue: "petrified"))
    #expect(!june.character.status.isKnown)
    #expect(june.character.person?.series == [Series(rawValue: "pine-hollow-s1")])
    #expect(await client.shutdown() == 0)
  }

  @available(*, deprecated, message: "calls the deprecated aliases on purpose")
  @Test("the calls from before the naming rule still work, as FanProtocol's types")
  func deprecatedAliases() async throws {
    try await withClient { client in
      #expect(try await client.methodNames().contains("episodes.get"))
      #expect(try await client.episodesList(series: .breakingBad).map(\.season) == [1, 2, 3, 4, 5])
      #expect(try await client.episodesFilter(season: 2).count == 23)
      let episode: Episode = try await client.episode(id: 37).episode
      #expect(try await episode == client.episodesGet(.init(id: 37)).episode)
      #expect(try await client.randomQuote(author: "Gus Fring").characterId == 9)
      let signed: SignedIn = try await client.register(username: "walt", password: "Heisenberg1!")
      #expect(signed.user.username == "walt")
      #expect(try await client.toggleFavorite(quoteID: 1).isFavorite)
      #expect(try await client.favorites().map(\.id) == [1])
      let quiz = try await client.createQuiz(title: "Quick Sort", facts: ["a", "b"])
      #expect(try await client.quizzes().records == [quiz])
      #expect(try await client.creatures(species: "Alien", limit: 5).records.count == 5)
      let exported = try await client.exportCharacter(id: 1, format: "csv", inline: true)
      #expect(exported.data?.count == exported.bytes)
    }
  }
}
