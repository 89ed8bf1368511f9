/// A quiz's review state on the wire.
public struct ReviewRecord: Codable, Sendable, Equatable {
  /// When it is due next (UTC).
  public var dueAt: String
  /// The current interval in days.
  public var intervalDays: Int
  /// The SM-2 E-Factor (1.3 to 2.5 and up).
  public var ease: Double
  /// Successful reviews in a row.
  public var repetitions: Int
  /// Times forgotten after being recalled.
  public var lapses: Int
  /// Reviews in all.
  public var reviews: Int
  /// Whether it was forgotten so often (8 lapses) that it is worth rewriting.
  public var leech: Bool

  /// A value with these members.
  public init(
    dueAt: String, intervalDays: Int, ease: Double, repetitions: Int, lapses: Int, reviews: Int,
    leech: Bool
  ) {
    self.dueAt = dueAt
    self.intervalDays = intervalDays
    self.ease = ease
    self.repetitions = repetitions
    self.lapses = lapses
    self.reviews = reviews
    self.leech = leech
  }

}
