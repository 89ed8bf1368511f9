/// How well a quiz was recalled, as the four buttons of a flash-card app say it.
public enum ReviewGrade: String, Sendable, CaseIterable, Codable {
  /// Forgotten: SM-2 quality 1 ("incorrect response; the correct one remembered").
  case again
  /// Recalled with serious difficulty: quality 3.
  case hard
  /// Recalled after a hesitation: quality 4.
  case good
  /// Recalled perfectly: quality 5.
  case easy

  /// The SM-2 quality (0 to 5) the grade stands for.
  public var quality: Int {
    switch self {
    case .again: 1
    case .hard: 3
    case .good: 4
    case .easy: 5
    }
  }
}
