import FanAPI
import FanCore

extension ServiceConfiguration {
  /// Why a `--source` value cannot be used.
  package enum SourceProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// `NAME=` names no universe.
    case unknownUniverse(String)
    /// The URL cannot be a base URL.
    case badURL(APIEndpoint.BaseURLProblem)

    /// A sentence for the command line.
    package var description: String {
      switch self {
      case .unknownUniverse(let name):
        return
          "--source names a universe that does not exist, '\(name)'; the universes are "
          + Universes.wireNames
      case .badURL(let problem):
        return
          "--source takes 'embedded' or the API's base URL, optionally after a universe and '=' "
          + "(rick-and-morty=https://rickandmortyapi.com/api), but \(problem)"
      }
    }
  }

  /// One `--source` value: `embedded` or a base URL for the default universe, or either one
  /// after `NAME=` for the universe NAME; nil stands for `embedded`.
  package static func source(from text: String) throws(SourceProblem) -> (
    UniverseID, APIEndpoint?
  ) {
    var universe = Universes.default.id
    var rest = text
    // A base URL has "://" before any "="; "NAME=" comes first when a universe is named.
    if let equals = text.firstIndex(of: "="),
      !text[..<equals].contains(":"), !text[..<equals].contains("/")
    {
      let name = String(text[..<equals])
      guard let named = Universes.named(UniverseID(rawValue: name)) else {
        throw .unknownUniverse(name)
      }
      universe = named.id
      rest = String(text[text.index(after: equals)...])
    }
    if rest == "embedded" { return (universe, nil) }
    do throws(APIEndpoint.BaseURLProblem) {
      return (universe, try APIEndpoint(base: rest))
    } catch {
      throw .badURL(error)
    }
  }
}
