import FanAPI
import FanCore
import FanProtocol
import FanStorage

extension ServiceConfiguration {
  /// Why a `--source` value cannot be used.
  package enum SourceProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// `NAME=` names no universe; `known` are the names of those that exist.
    case unknownUniverse(String, known: String)
    /// The URL cannot be a base URL.
    case badURL(APIEndpoint.BaseURLProblem)

    /// A sentence for the command line.
    package var description: String {
      switch self {
      case .unknownUniverse(let name, let known):
        return
          "--source names a universe that does not exist, '\(name)'; the universes are " + known
      case .badURL(let problem):
        return
          "--source takes 'embedded' or the API's base URL, optionally after a universe and '=' "
          + "(rick-and-morty=https://rickandmortyapi.com/api), but \(problem)"
      }
    }
  }

  /// This configuration with a live source for each universe given none (and not told to serve
  /// its embedded catalog): the one whose refresh the data directory saved last, if any.
  ///
  /// A saved refresh is kept under its URL for the default universe and `UNIVERSE URL` for the
  /// others (`CatalogRefresher.storageKey`); a URL never holds a space.
  /// The saved refreshes are read through `snapshots` (this configuration's `snapshotReader()`,
  /// which the caller keeps to read the catalogs with).
  package func withRememberedSources(from snapshots: any SnapshotReader) throws(StorageError)
    -> ServiceConfiguration
  {
    let open = universes.ids.filter { sources[$0] == nil && !embedded.contains($0) }
    guard !open.isEmpty else { return self }
    let latest = Self.latestSavedSources(in: try snapshots.savedSources())
    var remembered = self
    for universe in open {
      guard let found = latest[universe] else { continue }
      do throws(APIEndpoint.BaseURLProblem) {
        remembered.sources[universe] = try APIEndpoint(base: found.url)
        remembered.rememberedSources.insert(universe)
      } catch {
        // Saved by a refresh from a base URL, so always one; a key no bbfan wrote is ignored.
        continue
      }
    }
    return remembered
  }

  /// The source URL and refresh time of each universe's newest saved refresh, from the saved
  /// snapshots' keys and times (`SnapshotReader.savedSources`).
  package static func latestSavedSources(in saved: [String: Int64]) -> [UniverseID: (
    url: String, refreshedAt: Int64
  )] {
    var latest: [UniverseID: (url: String, refreshedAt: Int64)] = [:]
    for (key, refreshedAt) in saved {
      let parts = key.split(separator: " ", maxSplits: 1)
      let universe =
        parts.count == 2
        ? UniverseID(rawValue: String(parts[0])) : CatalogRefresher.keyedByURLAlone
      guard let url = parts.last, latest[universe].map({ $0.refreshedAt < refreshedAt }) ?? true
      else { continue }
      latest[universe] = (String(url), refreshedAt)
    }
    return latest
  }

  /// One `--source` value: `embedded` or a base URL for the default universe, or either one
  /// after `NAME=` for the universe NAME of `universes`; nil stands for `embedded`.
  package static func source(from text: String, universes: UniverseList)
    throws(SourceProblem) -> (UniverseID, APIEndpoint?)
  {
    var universe = universes.default.id
    var rest = text
    // A base URL has "://" before any "="; "NAME=" comes first when a universe is named.
    if let equals = text.firstIndex(of: "="),
      !text[..<equals].contains(":"), !text[..<equals].contains("/")
    {
      let name = String(text[..<equals])
      guard let named = universes.named(UniverseID(rawValue: name)) else {
        throw .unknownUniverse(name, known: universes.wireNames)
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

extension ServiceConfiguration {
  /// The live API `catalog.refresh` of `universe` fetches from: its source, else (unless told to
  /// serve its embedded catalog) its public API; nil when there is neither.
  package func refreshSource(of universe: UniverseID) -> APIEndpoint? {
    if let source = sources[universe] { return source }
    return embedded.contains(universe) ? nil : publicAPIs.endpoint(of: universe)
  }

  /// The live source `service.info` names for `universe`, served from `source`: its own, or the
  /// public API once a refresh from it is the catalog in use.
  package func liveSourceName(of universe: UniverseID, servedFrom source: String) -> String? {
    if let given = sources[universe] { return given.name }
    guard let fallback = refreshSource(of: universe), fallback.name == source else { return nil }
    return fallback.name
  }
}
