import FanCore
import FanProtocol
import FanServer
import JSON
import JSONRPC
import Testing

/// Domain errors that carry input the wire cannot make long today (a taken username is at most
/// 32 characters) still quote it briefly when mapped, in the message and in `data`.
@Suite("ErrorMapping quotes input briefly")
struct BriefErrorMappingTests {
  static let long = String(repeating: "abcdefghij", count: 10_000)

  /// The error of `label` quoting the long input, and the `data` member that carries it.
  static func sample(_ label: String) -> (error: any Error, member: String?) {
    switch label {
    case "usernameTaken": (AccountError.usernameTaken(long), "username")
    case "registration": (AccountError.registrationRefused([.usernameTaken(long)]), "username")
    case "unknownUser": (AccountError.unknownUser(long), "username")
    case "notSignedIn": (AccountError.notSignedIn(long), "username")
    case "duplicate": (QuizError.duplicate(title: long, existingID: 1), "title")
    case "onlineNotFound": (QuizError.onlineNotFound(id: long), "id")
    case "noMatch": (CatalogError.noMatch(kind: "quote", author: long, series: nil), nil)
    case "unknownName":
      (CatalogError.unknownName(field: "author", name: long, suggestions: []), nil)
    case "ambiguousName":
      (CatalogError.ambiguousName(field: "author", name: long, candidates: [1, 2]), nil)
    default: (ProfileError.unreadablePhoto(path: long, reason: "missing"), nil)
    }
  }

  @Test(
    "each error that echoes input shows at most 64 characters of it, and its length",
    arguments: [
      "usernameTaken", "registration", "unknownUser", "notSignedIn", "duplicate",
      "onlineNotFound", "noMatch", "unknownName", "ambiguousName", "unreadablePhoto",
    ])
  func brief(_ label: String) {
    let (error, member) = Self.sample(label)
    let mapped = ErrorMapping.jsonRPCError(for: error, log: DiagnosticLog(level: .off))
    let text = mapped.json.serializedText
    #expect(text.utf8.count < 1024, "\(text.prefix(200))")
    #expect(!text.contains(Self.long.prefix(65)))
    #expect(text.contains("\(Self.long.prefix(64))…"), "\(text.prefix(300))")
    #expect(text.contains("(100000 characters)"), "\(text.prefix(300))")
    if let member {
      #expect(mapped.data?[member] == .string(BriefQuote.bare(Self.long)))
    }
  }

  @Test("a short input is shown whole, as before")
  func short() {
    let mapped = ErrorMapping.jsonRPCError(
      for: AccountError.unknownUser("jesse"), log: DiagnosticLog(level: .off))
    #expect(
      mapped.message == #"Unknown user: no account is named "jesse"; check the name, or register."#)
    #expect(mapped.data?["username"] == .string("jesse"))
    let quote = ErrorMapping.jsonRPCError(
      for: CatalogError.noMatch(kind: "quote", author: "Hank", series: .betterCallSaul),
      log: DiagnosticLog(level: .off))
    #expect(quote.message == "Not found: no quote by Hank in better-call-saul.")
  }
}
