import FanAPI
import FanCore
import FanProtocol
import FanStorage
import FoundationEssentials

/// Writes a character's record as a CSV file or a PDF card into `DATA_DIR/exports/`.
///
/// The card's image comes from the image cache (fetched when a live host answers); without one,
/// the card draws a placeholder and says why in a warning: an export never fails for want of an
/// image.
package struct CharacterExporter: Sendable {
  /// What an export wrote.
  package struct Exported: Sendable, Equatable {
    /// The absolute path of the file.
    package var path: String
    /// The file's bytes.
    package var bytes: [UInt8]
    /// What could not be done as asked (no image, a character that cannot be drawn), if
    /// anything.
    package var warnings: [String]
  }

  /// A step of an export, for progress notifications.
  package struct Step: Sendable, Equatable {
    /// Steps completed so far.
    package var completed: Int
    /// Steps in all.
    package var total: Int
    /// What just happened.
    package var message: String
  }

  /// How recently a cached image must have been downloaded or confirmed for a card to use it
  /// without asking its host again: a day, in milliseconds.
  package static let imageMaxAge: Int64 = 86_400_000

  /// The data directory the files go under.
  package let dataDirectory: String
  /// Where card images come from.
  package let images: ImageCache
  /// The universes whose names a card shows.
  package let universes: UniverseList

  /// An exporter into `dataDirectory` taking images from `images`, naming `universes` as they
  /// are named.
  package init(dataDirectory: String, images: ImageCache, universes: UniverseList) {
    self.dataDirectory = dataDirectory
    self.images = images
    self.universes = universes
  }

  /// Writes `record` in `format`; `progress` hears each step.
  ///
  /// Throws `StorageError` when the file cannot be written, or `CancellationError`.
  package func export(
    _ record: CharacterRecord, format: ExportFormat, progress: @escaping @Sendable (Step) -> Void
  ) async throws -> Exported {
    let steps = Self.steps(format, progress: progress)
    steps("exporting \(record.name)")
    let rendered = try await render(record, format: format, step: steps)
    let path = try ExportFiles.write(
      rendered.bytes, named: Self.fileName(record, format: format), dataDirectory: dataDirectory)
    steps("rendered and written")
    return Exported(path: path, bytes: rendered.bytes, warnings: rendered.warnings)
  }

  /// `record` in `format`, in memory (nothing written); `step` hears each step but the last.
  ///
  /// Throws `CancellationError`.
  package func render(
    _ record: CharacterRecord, format: ExportFormat, step: (String) -> Void
  ) async throws -> (bytes: [UInt8], warnings: [String]) {
    let rendered: (bytes: [UInt8], warnings: [String])
    switch format {
    case .csv:
      step("read the record")
      let (header, row) = Self.csvRow(record)
      rendered = (CSVDocument.render(header: header, rows: [row]), [])
    case .pdf:
      step("read the record")
      let (image, imageWarnings) = await image(of: record)
      step(image == nil ? "no image: drawing a placeholder" : "image ready")
      try Task.checkCancellation()
      let card = CardDocument.render(
        Self.card(record, image: image, universe: universes.named(record.universe)))
      rendered = (card.bytes, imageWarnings + card.warnings)
    }
    try Task.checkCancellation()
    return rendered
  }

  /// A step counter for `format` (0 of 2 steps for CSV, 0 of 3 for PDF, then one more each
  /// call) that tells `progress`.
  package static func steps(_ format: ExportFormat, progress: @Sendable @escaping (Step) -> Void)
    -> (String) -> Void
  {
    let total = format == .pdf ? 3 : 2
    var completed = -1
    return { message in
      completed += 1
      progress(Step(completed: completed, total: total, message: message))
    }
  }

  /// `rick-and-morty-1-rick-sanchez.pdf`: the universe, the id, and the name in plain letters.
  package static func fileName(_ record: CharacterRecord, format: ExportFormat) -> String {
    var slug = ""
    for character in TextFolding.fold(record.name).unicodeScalars {
      if ("a"..."z").contains(character) || ("0"..."9").contains(character) {
        slug.unicodeScalars.append(character)
      } else if !slug.isEmpty, !slug.hasSuffix("-") {
        slug += "-"
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    let name = slug.isEmpty ? "" : "-" + String(slug.prefix(60))
    return "\(record.universe.rawValue)-\(record.id)\(name).\(format.rawValue)"
  }

  /// The CSV header and row of `record`: every field of the character record, lists joined
  /// with "; ".
  package static func csvRow(_ record: CharacterRecord) -> (header: [String], row: [String]) {
    var fields: [(String, String)] = [
      ("id", String(record.id)), ("universe", record.universe.rawValue), ("name", record.name),
    ]
    if let person = record.person {
      fields += [
        ("nickname", person.nickname), ("birthday", person.birthday?.description ?? ""),
        ("occupations", person.occupations.joined(separator: "; ")),
        ("status", record.status.rawValue), ("imageURL", record.imageURL),
        ("portrayedBy", person.portrayedBy),
        ("series", person.series.map(\.rawValue).joined(separator: "; ")),
        (
          "appearances",
          person.appearances.entries.map {
            ([$0.series.rawValue] + $0.seasons.map(String.init)).joined(separator: " ")
          }.joined(separator: "; ")
        ),
      ]
    } else if let creature = record.creature {
      fields += [
        ("status", record.status.rawValue), ("species", creature.species),
        ("type", creature.type ?? ""), ("gender", creature.gender),
        ("origin", creature.origin.name), ("location", creature.location.name),
        ("imageURL", record.imageURL), ("episodeCount", String(creature.episodeCount)),
      ]
    }
    // The fields the universe adds, after the others, as the record has them.
    fields += record.extraFields.map { ($0.name, $0.text(joining: "; ")) }
    return (fields.map(\.0), fields.map(\.1))
  }

  /// What the card of `record`, a character of `universe`, shows.
  package static func card(
    _ record: CharacterRecord, image: [UInt8]?, universe: (any UniverseDescription)?
  ) -> CardContent {
    var fields: [CardContent.Field] = []
    func add(_ label: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      fields.append(CardContent.Field(label: label, value: value))
    }
    add("Status", statusWords(record.status))
    if let creature = record.creature {
      add("Species", creature.species)
      add("Type", creature.type)
      add("Gender", creature.gender)
      add("Origin", creature.origin.name)
      add("Last seen", creature.location.name)
      add("Episodes", String(creature.episodeCount))
    }
    if let person = record.person {
      add("Nickname", person.nickname)
      add("Birthday", person.birthday?.description ?? "unknown")
      add("Occupation", person.occupations.joined(separator: ", "))
      add("Portrayed by", person.portrayedBy)
      let seasons = person.appearances.entries.filter { !$0.seasons.isEmpty }.map {
        let name = universe?.seriesDisplayNames[$0.series] ?? $0.series.rawValue
        return "\(name) \($0.seasons.map(String.init).joined(separator: ", "))"
      }
      add("Seasons", seasons.joined(separator: "; "))
    }
    for field in record.extraFields {
      add(label(field.name), field.text(joining: ", "))
    }
    return CardContent(
      name: record.name, caption: universe?.displayName ?? record.universe.rawValue,
      fields: fields, image: image)
  }

  /// `Favorite dish` for `favoriteDish`: a field's wire name as a card's label.
  private static func label(_ name: String) -> String {
    var words = ""
    for character in name {
      if character.isUppercase, !words.isEmpty { words += " " }
      words += character.lowercased()
    }
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// `Presumed dead` for `presumed-dead`: the status as words.
  private static func statusWords(_ status: CharacterStatus) -> String {
    let words = status.rawValue.split(separator: "-").joined(separator: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// The image of `record` from the cache, or nil and why.
  private func image(of record: CharacterRecord) async -> ([UInt8]?, [String]) {
    guard let url = URL(string: record.imageURL), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      return (nil, ["the character's image URL is not an http or https URL: \(record.imageURL)"])
    }
    do {
      let cached = try await images.fetch(url, acceptingCopyConfirmedWithin: Self.imageMaxAge)
      var warnings: [String] = []
      if let warning = cached.warning { warnings.append(warning) }
      let bytes = try Data(contentsOf: URL(filePath: cached.path))
      return (Array(bytes), warnings)
    } catch is CancellationError {
      return (nil, ["the export was cancelled while fetching the image"])
    } catch {
      return (nil, ["the image could not be fetched: \(error)"])
    }
  }
}
