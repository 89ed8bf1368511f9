import JSON

/// A day of the Gregorian calendar, written on the wire as ISO 8601 `YYYY-MM-DD`.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The year.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// A date, or nil when it does not exist (such as February 30th).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDate.days(inMonth: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD` exactly; nil for any other form or a day that does not exist.
  public init?(iso text: String) {
    guard let parts = CalendarDate.numbers(text, lengths: [4, 2, 2]) else { return nil }
    self.init(year: parts[0], month: parts[1], day: parts[2])
  }

  /// Parses the source API's `MM-DD-YYYY`; nil for any other form or a day that does not exist.
  public init?(monthDayYear text: String) {
    guard let parts = CalendarDate.numbers(text, lengths: [2, 2, 4]) else { return nil }
    self.init(year: parts[2], month: parts[0], day: parts[1])
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    // Every date that exists fits `YYYY-MM-DD` exactly: write its ten bytes in place.
    if (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) {
      return String(unsafeUninitializedCapacity: 10) { buffer in
        func put(_ value: Int, digits: Int, endingAt end: Int) {
          var rest = value
          for position in (end - digits..<end).reversed() {
            buffer[position] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
            rest /= 10
          }
        }
        put(year, digits: 4, endingAt: 4)
        buffer[4] = UInt8(ascii: "-")
        put(month, digits: 2, endingAt: 7)
        buffer[7] = UInt8(ascii: "-")
        put(day, digits: 2, endingAt: 10)
        return 10
      }
    }
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  /// Orders dates chronologically.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Decodes `YYYY-MM-DD`.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let date = CalendarDate(iso: text) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "must be a date that exists, written YYYY-MM-DD, not \(BriefQuote.quoted(text))"))
    }
    self = date
  }

  /// Encodes `YYYY-MM-DD`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  private static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func numbers(_ text: String, lengths: [Int]) -> [Int]? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == lengths.count else { return nil }
    var numbers: [Int] = []
    for (part, length) in zip(parts, lengths) {
      guard part.utf8.count == length, part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    return numbers
  }
}
