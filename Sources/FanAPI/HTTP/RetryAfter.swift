/// Reads a `Retry-After` header: delay seconds (`120`) or an HTTP date
/// (`Wed, 21 Oct 2026 07:28:00 GMT`, RFC 9110 IMF-fixdate).
package enum RetryAfter {
  /// The wait in whole seconds (never negative), or nil when the value is neither form.
  ///
  /// `now` is the current time in seconds since 1970, for the date form.
  package static func seconds(_ value: String, now: Int64) -> Int? {
    let text = trimmed(value)
    if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return Int(text.prefix(9))
    }
    guard let date = httpDate(text) else { return nil }
    return Int(max(0, date - now))
  }

  /// Seconds since 1970 of an IMF-fixdate, or nil.
  package static func httpDate(_ text: String) -> Int64? {
    // "Sun, 06 Nov 1994 08:49:37 GMT"
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3])
    else { return nil }
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    guard let monthIndex = months.firstIndex(of: String(parts[2])) else { return nil }
    let clock = parts[4].split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3, (1...31).contains(day), (0...23).contains(clock[0]),
      (0...59).contains(clock[1]), (0...60).contains(clock[2])
    else { return nil }
    let days = daysFromCivil(year: year, month: monthIndex + 1, day: day)
    return Int64(days) * 86_400 + Int64(clock[0] * 3600 + clock[1] * 60 + clock[2])
  }

  /// `text` without leading and trailing spaces and tabs.
  private static func trimmed(_ text: String) -> String {
    var text = Substring(text)
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return String(text)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
