import FanAPI
import FanCatalogImage
import FanCatalogImages
import FanCore
import FanProtocol
import FanStorage
import FanStorageEngines
import Foundation
import JSON
import JSONRPC
import Synchronization
import Testing

@testable import FanServer

/// The catalog images, the seam through which an embedded catalog opens already mapped.
///
/// (`FanCatalogImage`, `EmbeddedCatalogImages`.) A catalog opened through its image answers every
/// catalog method with the plain path's bytes (JSON, mapper, `Catalog.init`), and an image that
/// does not match the embedded data is refused, never read.
@Suite("Catalog images")
struct CatalogImageTests {
  static let universes = ["breaking-bad", "rick-and-morty"]
  /// Every shipped universe: each must have its image (`make catalog-images`).
  static let shipped = Universes.all.map(\.id.rawValue)

  private static func universe(_ id: String) throws -> any CatalogUniverse {
    try #require(Universes.all.first { $0.id.rawValue == id })
  }

  private static func embeddedBodies(of universe: any CatalogUniverse) throws -> [String] {
    try universe.resources.map { try #require(universe.embeddedBody(of: $0)) }
  }

  @Test(
    "the committed image is what the generator writes from the embedded data now",
    arguments: shipped)
  func imageIsCurrent(id: String) throws {
    let universe = try Self.universe(id)
    let plain = try EmbeddedCatalogSource(universe: universe).catalog()
    let image = CatalogImage.encode(
      plain.catalog, problems: plain.problems,
      digest: CatalogImage.digest(of: try Self.embeddedBodies(of: universe)))
    #expect(
      EmbeddedCatalogImages.image(of: universe) == image,
      "the image of \(id) is stale: run make catalog-images")
  }

  @Test("a saved refresh's digest is the FNV-1a hash of each body's size and bytes, in order")
  func savedDigest() throws {
    for id in Self.universes {
      let universe = try Self.universe(id)
      var bodies: [CatalogResource: [Data]] = [:]
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for resource in universe.resources {
        let body = Data(try #require(universe.embeddedBody(of: resource)).utf8)
        // Two pages of each list, the second the first's first half.
        let pages = [body, body.prefix(body.count / 2)]
        bodies[resource] = pages
        for page in pages {
          let size = UInt64(page.count)
          let bytes = (0..<8).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + Array(page)
          for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
          }
        }
      }
      #expect(CurrentCatalog.digest(of: bodies, in: universe) == String(hash, radix: 16))
    }
  }

  @Test(
    "a saved refresh's digest read in place is the digest of its bodies taken out",
    arguments: universes)
  func savedDigestInPlace(id: String) throws {
    let universe = try Self.universe(id)
    var resources: [StoredCatalog.Resource] = []
    for resource in universe.resources {
      let body = Array(try #require(universe.embeddedBody(of: resource)).utf8)
      // Three pages stored out of order, and a body of no list.
      for (page, bytes) in [(3, body.prefix(7)), (1, body[...]), (2, body.suffix(body.count / 3))] {
        let name = page == 1 ? resource.name : "\(resource.name) page \(page)"
        resources.append(
          StoredCatalog.Resource(
            name: name, url: "u", body: Array(bytes), etag: nil, lastModified: nil))
      }
    }
    resources.append(
      StoredCatalog.Resource(name: "other", url: "u", body: [1, 2], etag: nil, lastModified: nil))
    let stored = StoredCatalog(source: "s", refreshedAt: 0, resources: resources)
    let bodies = CurrentCatalog.bodies(of: stored, in: universe)
    #expect(
      try CurrentCatalog.digest(of: stored, in: universe)
        == CurrentCatalog.digest(of: bodies, in: universe))
    // Without a list's first page: that list is missing, as a load of the bodies says.
    let last = try #require(universe.resources.last)
    let partial = StoredCatalog(
      source: "s", refreshedAt: 0, resources: resources.filter { $0.name != last.name })
    #expect(CurrentCatalog.bodies(of: partial, in: universe)[last] == nil)
    #expect(throws: SourceError.missingResource(last.name)) {
      try CurrentCatalog.digest(of: partial, in: universe)
    }
  }

  @Test("the digests computed when the files were embedded are those of their bytes")
  func digestsMatch() throws {
    for id in Self.universes {
      let universe = try Self.universe(id)
      let digest = try #require(CatalogImage.embeddedDigest(of: universe))
      let bodies = try Self.embeddedBodies(of: universe)
      #expect(digest == CatalogImage.digest(of: bodies))
      #expect(digest.split(separator: " ").count == universe.resources.count)
    }
  }

  @Test(
    "the image opens to the plain path's records, order, folded names and problems",
    arguments: shipped)
  func opensToPlainCatalog(id: String) throws {
    let universe = try Self.universe(id)
    let plain = try EmbeddedCatalogSource(universe: universe).catalog()
    let opened = try #require(EmbeddedCatalogImages.catalog(of: universe))
    #expect(opened.catalog.universe == plain.catalog.universe)
    #expect(opened.catalog.parts == plain.catalog.parts)
    #expect(opened.problems == plain.problems)
    #expect(opened.catalog.characters.count == plain.catalog.characters.count)
    #expect(!plain.catalog.characters.isEmpty)
    if id == "rick-and-morty" { #expect(plain.catalog.characters.count == 826) }
  }

  @Test("an image of other bytes, another universe or version, or cut short is refused")
  func refused() throws {
    let universe = try Self.universe("breaking-bad")
    let other = try Self.universe("rick-and-morty")
    let image = try #require(EmbeddedCatalogImages.image(of: universe))
    let digest = try #require(CatalogImage.embeddedDigest(of: universe))
    #expect(CatalogImage.open(image, universe: universe, digest: digest) != nil)
    // Made from other bytes: the digest differs.
    #expect(CatalogImage.open(image, universe: universe, digest: "0 0 0") == nil)
    let plain = try EmbeddedCatalogSource(universe: universe).catalog()
    let stale = CatalogImage.encode(plain.catalog, problems: plain.problems, digest: "1 2 3")
    #expect(EmbeddedCatalogImages.catalog(of: universe, image: stale) == nil)
    // Of another universe, or another version.
    let otherDigest = try #require(CatalogImage.embeddedDigest(of: other))
    #expect(CatalogImage.open(image, universe: other, digest: otherDigest) == nil)
    let version = image.replacingOccurrences(
      of: CatalogImage.header, with: "bbfan-catalog-image 0")
    #expect(CatalogImage.open(version, universe: universe, digest: digest) == nil)
    // Cut short anywhere, or with bytes after its end.
    let bytes = Array(image.utf8)
    for cut in stride(from: 0, to: bytes.count, by: max(bytes.count / 97, 1)) {
      let truncated = String(decoding: bytes[..<cut], as: UTF8.self)
      #expect(
        CatalogImage.open(truncated, universe: universe, digest: digest) == nil, "cut at \(cut)")
    }
    #expect(CatalogImage.open(image + "1,", universe: universe, digest: digest) == nil)
    // A table one string shorter, or longer, than its strings.
    var lines = image.split(separator: "\n", omittingEmptySubsequences: false)
    let stringCount = try #require(Int(lines[3]))
    for count in [stringCount - 1, stringCount + 1] {
      lines[3] = "\(count)"
      let altered = lines.joined(separator: "\n")
      #expect(CatalogImage.open(altered, universe: universe, digest: digest) == nil)
    }
    lines[3] = "\(stringCount)"
    // A table of the characters' shapes one shorter, or longer, than its shapes.
    let shapesLine = 4 + stringCount
    let shapes = try #require(lines[shapesLine].split(separator: ",").first.flatMap { Int($0) })
    #expect(shapes > 1)
    for count in [shapes - 1, shapes + 1] {
      var altered = lines
      altered[shapesLine] = "\(count)," + lines[shapesLine].drop { $0 != "," }.dropFirst()
      #expect(
        CatalogImage.open(
          altered.joined(separator: "\n"), universe: universe, digest: digest) == nil)
    }
    #expect(
      CatalogImage.open(lines.joined(separator: "\n"), universe: universe, digest: digest) != nil)
  }

  @Test(
    "a catalog reading its characters on demand reads each record, name and count as the plain path",
    arguments: universes)
  func charactersOnDemand(id: String) throws {
    let universe = try Self.universe(id)
    let plain = try EmbeddedCatalogSource(universe: universe).catalog().catalog
    let image = try #require(EmbeddedCatalogImages.image(of: universe))
    let digest = try #require(CatalogImage.embeddedDigest(of: universe))
    let fallbacks = Mutex(0)
    func opened() throws -> Catalog {
      try #require(
        CatalogImage.open(
          image, universe: universe, digest: digest,
          charactersOnDemand: {
            fallbacks.withLock { $0 += 1 }
            return plain.characters
          }
        )?.catalog)
    }
    // Every name, read alone.
    let names = try opened()
    #expect(names.characterCount == plain.characters.count)
    for character in plain.characters {
      #expect(names.name(ofCharacter: character.id) == character.name)
    }
    // Every record read alone: a fresh catalog for each fifth of them (past a quarter, a
    // catalog reads all its records at once).
    let ids = plain.characters.map(\.id)
    let fifth = max(ids.count / 5, 1)
    for start in stride(from: 0, to: ids.count, by: fifth) {
      let catalog = try opened()
      for id in ids[start..<min(start + fifth, ids.count)] {
        #expect(try catalog.character(id: id) == plain.character(id: id))
      }
    }
    // Past a quarter: all at once, the same records in the same order.
    let all = try opened()
    for id in ids { _ = try all.character(id: id) }
    #expect(all.characters == plain.characters)
    #expect(all.parts == plain.parts)
    #expect(fallbacks.withLock { $0 } == 0)
  }

  @Test("a character record that does not read is the plain path's, never a wrong one")
  func damagedRecordOnDemand() throws {
    let universe = try Self.universe("rick-and-morty")
    let plain = try EmbeddedCatalogSource(universe: universe).catalog().catalog
    let image = try #require(EmbeddedCatalogImages.image(of: universe))
    let digest = try #require(CatalogImage.embeddedDigest(of: universe))
    // The lines: 3 of header, the table's count and strings, the shapes (the first line starts
    // with their count), the episodes (the first with theirs), then the characters.
    var lines = image.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let shapesLine = 4 + (try #require(Int(lines[3])))
    let shapes = try #require(lines[shapesLine].split(separator: ",").first.flatMap { Int($0) })
    let episodesLine = shapesLine + shapes
    let episodes = try #require(lines[episodesLine].split(separator: ",").first.flatMap { Int($0) })
    // The second character's line: folded name, folded nickname and id kept, its name's place
    // out of the table, the rest cut.
    let damagedLine = episodesLine + episodes + 1
    let fields = lines[damagedLine].split(separator: ",")
    lines[damagedLine] = fields[0..<3].joined(separator: ",") + ",99999999,"
    let damaged = lines.joined(separator: "\n")
    // Read whole, the image is refused; on demand, it opens, and that record is the plain one.
    #expect(CatalogImage.open(damaged, universe: universe, digest: digest) == nil)
    let fallbacks = Mutex(0)
    let catalog = try #require(
      CatalogImage.open(
        damaged, universe: universe, digest: digest,
        charactersOnDemand: {
          fallbacks.withLock { $0 += 1 }
          return plain.characters
        }
      )?.catalog)
    let character = plain.characters[1]
    #expect(catalog.name(ofCharacter: character.id) == character.name)
    #expect(try catalog.character(id: character.id) == character)
    #expect(fallbacks.withLock { $0 } == 1)
    #expect(catalog.characters == plain.characters)
  }

  @Test(
    "a text with line breaks, control characters and two spellings of one accent keeps its bytes")
  func strings() throws {
    let universe = try Self.universe("breaking-bad")
    let plain = try EmbeddedCatalogSource(universe: universe).catalog()
    var parts = plain.catalog.parts
    let texts = ["a\r\nb\tc\u{7F}", "Caf\u{E9}", "Cafe\u{301}", "\"\"\"#", "\\#(x)", "", "🧪"]
    parts.quotes = texts.enumerated().map { index, text in
      Quote(
        id: index + 1, text: text, author: text, series: .breakingBad,
        extraFields: [RecordField(name: text, value: .texts(texts))])
    }
    let catalog = Catalog(universe: universe, ordered: parts)
    let image = CatalogImage.encode(catalog, problems: [], digest: "d")
    #expect(!image.utf8.contains { $0 < 0x20 && $0 != 0x0A })
    let opened = try #require(CatalogImage.open(image, universe: universe, digest: "d"))
    #expect(opened.catalog.parts == parts)
    for (quote, text) in zip(opened.catalog.quotes, texts) {
      #expect(Array(quote.text.utf8) == Array(text.utf8))
    }
  }

  /// A saved refresh of `universe` whose bodies are its embedded files, with `digest` saved
  /// with them; counts the reads of its bodies.
  private final class SavedEmbedded: SnapshotReader {
    let universe: any CatalogUniverse
    let digest: String?
    let bodyReads = Atomic<Int>(0)

    init(universe: any CatalogUniverse, digest: String? = nil) {
      self.universe = universe
      self.digest = digest
    }

    func savedSources() throws(StorageError) -> [String: Int64] { [:] }

    func catalogDigest(source: String) throws(StorageError) -> StoredCatalogDigest? {
      digest.map { StoredCatalogDigest(refreshedAt: 1, digest: $0) }
    }

    func catalog(source: String) throws(StorageError) -> StoredCatalog? {
      bodyReads.add(1, ordering: .relaxed)
      return StoredCatalog(
        source: source, refreshedAt: 1,
        resources: universe.resources.map {
          StoredCatalog.Resource(
            name: $0.name, url: "http://127.0.0.1/\($0.name)",
            body: Array((universe.embeddedBody(of: $0) ?? "").utf8), etag: nil, lastModified: nil)
        })
    }

    func mayHaveChanged() -> Bool { true }
  }

  /// The saved images of a new data directory (for the caller to remove), and the catalog of
  /// `universe`'s embedded bodies saved as a refresh, mapped by the plain path, with its digest.
  private static func savedImages(of universe: any CatalogUniverse) throws -> (
    directory: URL, images: SavedCatalogImages, plain: CurrentCatalog.Loaded, digest: String
  ) {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-saved-image-\(UUID().uuidString)")
    let plain = try #require(
      try CurrentCatalog.stored(
        of: universe, source: "http://127.0.0.1/api", from: SavedEmbedded(universe: universe)))
    return (
      directory, SavedCatalogImages(dataDirectory: directory.path()), plain,
      try #require(plain.digest)
    )
  }

  @Test(
    "a saved refresh writes its image at its first load and opens from it after, as mapped",
    arguments: universes)
  func savedRefreshImages(id: String) throws {
    let universe = try Self.universe(id)
    let (directory, images, plain, digest) = try Self.savedImages(of: universe)
    defer { try? FileManager.default.removeItem(at: directory) }
    let reader = SavedEmbedded(universe: universe)
    let path = images.path(of: universe, digest: digest)
    #expect(!FileManager.default.fileExists(atPath: path))
    // An image of older bodies, to be removed; another universe's, to be kept.
    try FileManager.default.createDirectory(
      atPath: images.folder, withIntermediateDirectories: true)
    let older = images.folder + "/\(id)-0123abcd.image"
    let others = images.folder + "/\(id)-other-0123abcd.image"
    for file in [older, others] {
      #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    }
    for round in 1...3 {
      let loaded = try #require(
        try CurrentCatalog.stored(
          of: universe, source: "http://127.0.0.1/api", from: reader, images: images))
      #expect(FileManager.default.fileExists(atPath: path), "round \(round)")
      #expect(loaded.catalog.parts == plain.catalog.parts, "round \(round)")
      #expect(loaded.problems == plain.problems)
      #expect(loaded.identity == plain.identity)
      if round == 1 {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(!FileManager.default.fileExists(atPath: older))
        #expect(FileManager.default.fileExists(atPath: others))
        #expect(images.catalog(of: universe, digest: digest) != nil)
      }
      if round == 2 {
        // Damaged: refused, mapped again, and written again.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try String(text.dropLast(10)).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(images.catalog(of: universe, digest: digest) == nil)
      }
    }
    #expect(images.catalog(of: universe, digest: digest + "0") == nil)
    // A byte that UTF-8 never has, or a NUL, in the first string of the table: refused.
    let whole = try #require(FileManager.default.contents(atPath: path))
    #expect(images.catalog(of: universe, digest: digest) != nil)
    let lines = whole.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let header = lines[0..<4].map { $0.count + 1 }.reduce(0, +)
    let colon = try #require(whole[header...].firstIndex(of: UInt8(ascii: ":")))
    for byte: UInt8 in [0xFF, 0x00] {
      var damaged = whole
      damaged[colon + 1] = byte
      try damaged.write(to: URL(filePath: path))
      #expect(images.catalog(of: universe, digest: digest) == nil, "byte \(byte)")
    }
  }

  @Test(
    "a saved digest opens its image without reading the bodies, as mapped; without it, read",
    arguments: universes)
  func savedDigestOpensImage(id: String) throws {
    let universe = try Self.universe(id)
    let (directory, images, plain, digest) = try Self.savedImages(of: universe)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = "http://127.0.0.1/api"
    // The first load writes the image.
    _ = try CurrentCatalog.stored(
      of: universe, source: source, from: SavedEmbedded(universe: universe), images: images)
    let named = SavedEmbedded(universe: universe, digest: digest)
    let opened = try #require(
      try CurrentCatalog.stored(of: universe, source: source, from: named, images: images))
    #expect(named.bodyReads.load(ordering: .relaxed) == 0)
    #expect(opened.catalog.parts == plain.catalog.parts)
    #expect(opened.problems == plain.problems)
    #expect(opened.identity == plain.identity)
    #expect(opened.refreshedAt == plain.refreshedAt)
    // A digest with no image of its own (other bodies, or the image removed): the bodies are
    // read, hashed and mapped, as before.
    let other = SavedEmbedded(universe: universe, digest: digest + "0")
    let mapped = try #require(
      try CurrentCatalog.stored(of: universe, source: source, from: other, images: images))
    #expect(other.bodyReads.load(ordering: .relaxed) == 1)
    #expect(mapped.catalog.parts == plain.catalog.parts)
    #expect(mapped.identity == plain.identity)
    // A damaged image: refused, the bodies read and mapped again.
    let path = images.path(of: universe, digest: digest)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try String(text.dropLast(10)).write(toFile: path, atomically: true, encoding: .utf8)
    let damaged = SavedEmbedded(universe: universe, digest: digest)
    let remapped = try #require(
      try CurrentCatalog.stored(of: universe, source: source, from: damaged, images: images))
    #expect(damaged.bodyReads.load(ordering: .relaxed) == 1)
    #expect(remapped.catalog.parts == plain.catalog.parts)
    // Without the images, the digest is not used.
    let withoutImages = SavedEmbedded(universe: universe, digest: digest)
    _ = try CurrentCatalog.stored(of: universe, source: source, from: withoutImages)
    #expect(withoutImages.bodyReads.load(ordering: .relaxed) == 1)
  }

  /// A service on a data directory of its own, its embedded catalogs opened from their images
  /// or by the plain path.
  private static func service(images: Bool) throws -> (FanService, URL) {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-image-\(UUID().uuidString)")
    var configuration = ServiceConfiguration(
      storageEngines: .standard, dataDirectory: directory.path(), seed: 1,
      passwordIterations: 1000)
    configuration.opensCatalogImages = images
    return (try TestComposition.service(configuration), directory)
  }

  /// Every catalog method's requests for `universe`: every id, every page of the lists at two
  /// sizes, filters and searches.
  private static func requests(_ universe: String, catalog: Catalog) -> [(String, String)] {
    let u = #""universe":"\#(universe)""#
    var requests: [(String, String)] = [("service.info", "{}")]
    for episode in catalog.episodes {
      requests.append(("episodes.get", #"{"id":\#(episode.id),\#(u)}"#))
    }
    for character in catalog.characters {
      requests.append(("characters.get", #"{"id":\#(character.id),\#(u)}"#))
      if !catalog.quotes.isEmpty {
        requests.append(("quotes.byCharacter", #"{"id":\#(character.id),\#(u)}"#))
      }
    }
    for location in catalog.locations {
      requests.append(("locations.get", #"{"id":\#(location.id),\#(u)}"#))
    }
    requests += [
      ("episodes.get", #"{"id":99999,\#(u)}"#), ("characters.get", #"{"id":99999,\#(u)}"#),
    ]
    for search in ["a", "rick", "walt", "smith", "jesse", "morty", "zz", "é"] {
      requests.append(("characters.filter", #"{"name":"\#(search)",\#(u)}"#))
      requests.append(("episodes.filter", #"{"name":"\#(search)",\#(u)}"#))
    }
    for season in 1...6 {
      requests.append(("episodes.filter", #"{"season":\#(season),\#(u)}"#))
      requests.append(("characters.filter", #"{"seasons":[\#(season)],\#(u)}"#))
    }
    for status in ["alive", "deceased", "unknown"] {
      requests.append(("characters.filter", #"{"status":"\#(status)",\#(u)}"#))
    }
    for species in ["human", "alien", "robot"] {
      requests.append(("characters.filter", #"{"species":"\#(species)",\#(u)}"#))
    }
    for name in catalog.characters.prefix(12).map(\.name) {
      let quoted = name.replacingOccurrences(of: "\"", with: "\\\"")
      requests.append(("episodes.filter", #"{"characters":["\#(quoted)"],\#(u)}"#))
    }
    for id in catalog.characters.prefix(12).map(\.id) {
      requests.append(("episodes.filter", #"{"characters":[\#(id)],\#(u)}"#))
    }
    requests += [
      ("episodes.filter", #"{"characters":["nobody at all"],\#(u)}"#),
      ("characters.list", #"{"groupBy":"status",\#(u)}"#),
      ("characters.export", #"{"id":\#(catalog.characters.first?.id ?? 1),"format":"csv",\#(u)}"#),
    ]
    if !catalog.quotes.isEmpty {
      requests += [
        ("quotes.overview", #"{\#(u)}"#), ("quotes.random", #"{"author":"jesse",\#(u)}"#),
        ("quotes.random", #"{\#(u)}"#),
      ]
    }
    return requests
  }

  /// The pages of a list, following each page's cursor to the end (the plain service's
  /// cursors; the other service must accept them and answer the same pages).
  @Test(
    "every catalog method answers the plain path's bytes from a catalog opened through its image",
    arguments: universes)
  func sameReplies(universe: String) async throws {
    let (imaged, imagedDirectory) = try Self.service(images: true)
    let (plain, plainDirectory) = try Self.service(images: false)
    defer {
      try? FileManager.default.removeItem(at: imagedDirectory)
      try? FileManager.default.removeItem(at: plainDirectory)
    }
    let imagedConnection = imaged.makeConnection()
    let plainConnection = plain.makeConnection()
    var nextID = 0
    func replies(_ method: String, _ params: String) async throws -> (String, String) {
      nextID += 1
      let request = try JSONParser.parse(
        #"{"jsonrpc":"2.0","id":\#(nextID),"method":"\#(method)","params":\#(params)}"#)
      let fromImage = try #require(await imagedConnection.respond(to: request))
      let fromPlain = try #require(await plainConnection.respond(to: request))
      // The services' data directories are their own: the same reply names its own.
      return (
        fromImage.serializedText.replacingOccurrences(of: imagedDirectory.path(), with: "DIR"),
        fromPlain.serializedText.replacingOccurrences(of: plainDirectory.path(), with: "DIR")
      )
    }
    let catalog = try plain.servedCatalogs.loaded(universe: UniverseID(rawValue: universe)).catalog
    var compared = 0
    for (method, params) in Self.requests(universe, catalog: catalog) {
      let (fromImage, fromPlain) = try await replies(method, params)
      #expect(fromImage == fromPlain, "\(method) \(params)")
      compared += 1
    }
    // Every page of the lists, at two sizes, following the cursors.
    let lists = [
      ("episodes.list", ""), ("characters.list", ""), ("episodes.filter", #""season":1,"#),
      ("characters.filter", #""name":"r","#), ("locations.list", ""),
    ]
    for (method, extra) in lists {
      if method == "locations.list", catalog.locations.isEmpty { continue }
      for limit in [7, 50] {
        var cursor: String?
        var pages = 0
        repeat {
          let cursorMember = cursor.map { #","cursor":"\#($0)""# } ?? ""
          let params = #"{\#(extra)"universe":"\#(universe)","limit":\#(limit)\#(cursorMember)}"#
          let (fromImage, fromPlain) = try await replies(method, params)
          #expect(fromImage == fromPlain, "\(method) \(params)")
          let reply = try JSONParser.parse(fromPlain)
          cursor = reply["result"]?["nextCursor"]?.stringValue
          pages += 1
          compared += 1
        } while cursor != nil && pages < 200
        #expect(pages > 1 || limit == 50, "\(method) limit \(limit)")
      }
    }
    #expect(compared > catalog.characters.count)
  }
}
