import FanProtocol
import Testing

@testable import FanServer

/// The account and favourites methods that follow who is signed in, typed and in process.
@Suite("Handlers of accounts and favourites, typed and in process")
struct AccountHandlerTests {
  private let caller: TypedCaller

  init() throws {
    caller = try TypedCaller()
  }

  private static let password = TypedCaller.password

  @Test("auth.login's error paths: an unknown user, a wrong password; then the right one works")
  func login() async throws {
    _ = try await caller.register("walt")
    let unknown = try await caller.call(
      AuthLogin.self, AuthLogin.Params(username: "jesse", password: Self.password))
    #expect(unknown.code == -32002)
    #expect(unknown.reason == "unknown-user")
    let wrong = try await caller.call(
      AuthLogin.self, AuthLogin.Params(username: "walt", password: "Heisenberg2!"))
    #expect(wrong.code == -32003)
    #expect(wrong.reason == "wrong-password")
    let right = try await caller.call(
      AuthLogin.self, AuthLogin.Params(username: "WALT", password: Self.password))
    #expect(right.result?.user.username == "walt", "a username's case is ignored")
  }

  @Test("auth.logout ends the session; without one it is unauthorized")
  func logout() async throws {
    _ = try await caller.register("walt")
    let out = try await caller.call(AuthLogout.self, json: "{}")
    #expect(out.result?.user.username == "walt")
    #expect(try await caller.call(AuthSession.self, json: "{}").result?.user == nil)
    #expect(try await caller.call(AuthLogout.self, json: "{}").code == -32001)
  }

  @Test("auth.accounts lists the accounts signed in here, the current one marked")
  func accounts() async throws {
    _ = try await caller.register("walt")
    _ = try await caller.register("jesse")
    let listed = try #require(try await caller.call(AuthAccounts.self, json: "{}").result)
    #expect(Set(listed.accounts.map(\.username)) == ["walt", "jesse"])
    #expect(listed.accounts.filter(\.current).map(\.username) == ["jesse"])
  }

  @Test("favorites.list and favorites.top follow the toggles, newest first and by count")
  func favorites() async throws {
    _ = try await caller.register("walt")
    for quote in [3, 1, 2] {
      _ = try await caller.call(FavoritesToggle.self, json: #"{"quoteId":\#(quote)}"#)
    }
    let mine = try #require(try await caller.call(FavoritesList.self, json: "{}").result)
    #expect(mine.quotes.map(\.id) == [2, 1, 3])
    #expect(mine.total == 3)
    #expect(mine.quotes.allSatisfy { $0.isFavorite == true })
    _ = try await caller.register("jesse")
    _ = try await caller.call(FavoritesToggle.self, json: #"{"quoteId":1}"#)
    let top = try #require(try await caller.call(FavoritesTop.self, json: #"{"limit":1}"#).result)
    #expect(top.quotes.map(\.id) == [1])
    #expect(top.quotes.first?.favoriteCount == 2)
    #expect(try await caller.call(FavoritesTop.self, json: #"{"limit":0}"#).code == -32602)
  }

  @Test("favorites.list without anyone signed in is unauthorized")
  func favoritesSignedOut() async throws {
    let answer = try await caller.call(FavoritesList.self, json: "{}")
    #expect(answer.code == -32001)
  }
}
