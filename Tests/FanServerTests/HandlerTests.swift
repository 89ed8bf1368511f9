import FanCore
import FanProtocol
import Testing

@testable import FanServer

/// The service's handlers called in process, params and results typed, beside the end-to-end
/// tests that drive the built binary: each method's answer and its error paths.
@Suite("Handlers, typed and in process")
struct HandlerTests {
  private let caller: TypedCaller

  init() throws {
    caller = try TypedCaller()
  }

  private static let password = TypedCaller.password

  @Test("characters.get answers the record with its details, in either universe")
  func characterGet() async throws {
    let walter = try #require(try await caller.call(CharactersGet.self, json: #"{"id":1}"#).result)
    #expect(walter.record.name == "Walter White")
    #expect(walter.record.universe == UniverseID(rawValue: "breaking-bad"))
    #expect((walter.extra.episodeCount ?? 0) > 0)
    #expect(walter.extra.quotes?.allSatisfy { $0.author == "Walter White" } == true)
    let rick = try #require(
      try await caller.call(CharactersGet.self, json: #"{"id":1,"universe":"rick-and-morty"}"#)
        .result)
    #expect(rick.record.name == "Rick Sanchez")
    #expect(rick.extra.episodes?.isEmpty == false)
  }

  @Test(
    "characters.get's error paths: an unknown id, a wrong type, an unknown universe",
    arguments: [
      (#"{"id":99999}"#, -32004, "not-found"),
      (#"{"id":"1"}"#, -32602, nil),
      (#"{}"#, -32602, nil),
      (#"{"id":1,"universe":"star-trek"}"#, -32602, nil),
    ] as [(String, Int, String?)])
  func characterGetErrors(params: String, code: Int, reason: String?) async throws {
    let answer = try await caller.call(CharactersGet.self, json: params)
    #expect(answer.code == code, "\(String(describing: answer.data))")
    if let reason { #expect(answer.reason == reason) }
  }

  @Test("quotes.random draws a quote of the author asked for, under any of the author's names")
  func quotesRandom() async throws {
    let quote = try #require(
      try await caller.call(QuotesRandom.self, json: #"{"author":"Saul Goodman"}"#).result)
    #expect(["Saul Goodman", "Jimmy McGill"].contains(quote.author))
    #expect(quote.isFavorite == nil, "nobody is signed in")
  }

  @Test(
    "quotes.random's error paths name the field: an unknown author, an unknown series",
    arguments: [
      (#"{"author":"Nobody At All"}"#, "author"), (#"{"series":"the-wire"}"#, "series"),
      (#"{"author":5}"#, "author"),
    ])
  func quotesRandomErrors(params: String, field: String) async throws {
    let answer = try await caller.call(QuotesRandom.self, json: params)
    #expect(answer.code == -32602)
    #expect(answer.data?["field"]?.stringValue == field, "\(String(describing: answer.data))")
  }

  @Test("auth.register signs the account in; auth.session then names it")
  func registerAndSession() async throws {
    let registered = try await caller.register("walt")
    #expect(registered.user.username == "walt")
    #expect(!registered.token.isEmpty)
    let session = try await caller.call(AuthSession.self, json: "{}")
    #expect(session.result?.user?.username == "walt")
  }

  @Test("auth.register's error paths: a taken name, a weak password, a confirmation that differs")
  func registerErrors() async throws {
    _ = try await caller.register("walt")
    let taken = try await caller.call(
      AuthRegister.self,
      AuthRegister.Params(
        username: "WALT", password: Self.password, passwordConfirmation: Self.password))
    #expect(taken.code == -32006)
    #expect(taken.reason == "username-taken")
    let weak = try await caller.call(
      AuthRegister.self,
      AuthRegister.Params(username: "jesse", password: "short", passwordConfirmation: "short"))
    #expect(weak.code == -32008)
    #expect(weak.data?["problems"]?.arrayValue?.isEmpty == false)
    let differs = try await caller.call(
      AuthRegister.self,
      AuthRegister.Params(
        username: "jesse", password: Self.password, passwordConfirmation: "Heisenberg2!"))
    #expect(differs.code == -32007)
  }

  @Test("auth.checkPassword lists the rules a password breaks and creates nothing")
  func checkPassword() async throws {
    let weak = try #require(
      try await caller.call(AuthCheckPassword.self, AuthCheckPassword.Params(password: "abc"))
        .result)
    #expect(!weak.ok)
    #expect(!weak.problems.isEmpty)
    #expect(Set(weak.problems.map(\.rule)).count == weak.problems.count, "each rule once")
    let strong = try #require(
      try await caller.call(
        AuthCheckPassword.self, AuthCheckPassword.Params(password: Self.password)
      )
      .result)
    #expect(strong.ok)
    #expect(strong.problems.isEmpty)
    // Nothing was created: nobody is signed in.
    let session = try #require(try await caller.call(AuthSession.self, json: "{}").result)
    #expect(session.user == nil)
  }

  @Test("favorites.toggle toggles, sets a given state, and counts every user once")
  func favoritesToggle() async throws {
    _ = try await caller.register("walt")
    func toggle(_ favorite: Bool?) async throws -> FavoritesToggle.Result {
      let answer = try await caller.call(
        FavoritesToggle.self,
        json: favorite.map { #"{"quoteId":1,"favorite":\#($0)}"# } ?? #"{"quoteId":1}"#)
      return try #require(answer.result, "\(String(describing: answer.data))")
    }
    let on = try await toggle(nil)
    #expect(on.isFavorite && on.favoriteCount == 1)
    let again = try await toggle(true)
    #expect(again.isFavorite && again.favoriteCount == 1, "setting a set state changes nothing")
    let off = try await toggle(nil)
    #expect(!off.isFavorite && off.favoriteCount == 0)
    let stillOff = try await toggle(false)
    #expect(!stillOff.isFavorite && stillOff.favoriteCount == 0)
  }

  @Test("favorites.toggle's error paths: nobody signed in, an unknown quote, a dead token")
  func favoritesToggleErrors() async throws {
    let anonymous = try await caller.call(
      FavoritesToggle.self, json: #"{"quoteId":1}"#)
    #expect(anonymous.code == -32001)
    #expect(anonymous.reason == "unauthorized")
    _ = try await caller.register("walt")
    let unknown = try await caller.call(
      FavoritesToggle.self, json: #"{"quoteId":999999}"#)
    #expect(unknown.code == -32004)
    let deadToken = try await caller.call(
      FavoritesToggle.self, json: #"{"quoteId":1,"token":"not-a-session"}"#)
    #expect(deadToken.code == -32001)
  }

  @Test("episodes.get answers an episode; an unknown one is not found")
  func episodesGet() async throws {
    let episode = try #require(try await caller.call(EpisodesGet.self, json: #"{"id":1}"#).result)
    #expect(episode.record.id == 1)
    #expect(try await caller.call(EpisodesGet.self, json: #"{"id":0}"#).code == -32004)
  }
}
