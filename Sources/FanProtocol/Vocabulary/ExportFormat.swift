/// A file format `characters.export` writes.
public enum ExportFormat: String, Codable, Sendable, CaseIterable {
  /// RFC 4180 CSV, one header row and one row for the character.
  case csv
  /// A one-page PDF collectible card.
  case pdf

  /// The media type of the file.
  public var mediaType: String {
    switch self {
    case .csv: return "text/csv"
    case .pdf: return "application/pdf"
    }
  }
}
