import FanAPI
import FanCore
import FanProtocol
import FanServer
import JSON

extension CommandLineParser {
  /// The environment variable that turns the public APIs off or points them elsewhere.
  static let publicSourcesVariable = "BBFAN_PUBLIC_SOURCES"

  /// The live API each universe's `catalog.refresh` falls back on when it has no source: its
  /// public API (its URL parsed when a refresh asks for it), unless `BBFAN_PUBLIC_SOURCES` is
  /// `off` (none) or a comma-separated list of `UNIVERSE=URL` (those instead, as stand-ins do in
  /// tests; checked now).
  func publicSources(of universes: UniverseList) throws(UsageError) -> PublicAPIs {
    let name = Self.publicSourcesVariable
    guard let given = environment(name), !given.isEmpty else {
      return PublicAPIs(ownOf: universes)
    }
    if given == "off" { return PublicAPIs(given: [:]) }
    var chosen: [UniverseID: APIEndpoint] = [:]
    for entry in given.split(separator: ",", omittingEmptySubsequences: false) {
      let text = String(entry)
      guard let equals = text.firstIndex(of: "="),
        universes.named(UniverseID(rawValue: String(text[..<equals]))) != nil
      else {
        throw UsageError(
          message: "\(name) takes 'off' or UNIVERSE=URL entries separated by commas "
            + "(rick-and-morty=http://127.0.0.1:8080/api), not \(BriefQuote.quoted(text)); "
            + "the universes are \(universes.wireNames)")
      }
      let parsed: (UniverseID, APIEndpoint?)
      do throws(ServiceConfiguration.SourceProblem) {
        parsed = try ServiceConfiguration.source(from: text, universes: universes)
      } catch {
        throw UsageError(message: "\(name): \(error.description)")
      }
      guard let endpoint = parsed.1 else {
        throw UsageError(
          message: "\(name) takes a URL for \(parsed.0), not 'embedded'; 'off' turns every "
            + "public API off")
      }
      chosen[parsed.0] = endpoint
    }
    return PublicAPIs(given: chosen)
  }
}
