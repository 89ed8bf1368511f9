import FanCore
import FanProtocol
import Testing

@Suite("CalendarDate")
struct CalendarDateTests {
  @Test(
    "parses ISO dates that exist",
    arguments: [
      ("2008-01-20", 2008, 1, 20), ("2012-02-29", 2012, 2, 29), ("2000-02-29", 2000, 2, 29),
    ])
  func iso(text: String, year: Int, month: Int, day: Int) throws {
    let date = try #require(CalendarDate(iso: text))
    #expect((date.year, date.month, date.day) == (year, month, day))
    #expect(date.description == text)
  }

  @Test(
    "refuses dates that do not exist or are not YYYY-MM-DD",
    arguments: [
      "2010-02-30", "2011-02-29", "1900-02-29", "2010-13-01", "2010-00-10", "2010-1-5", "20100105",
      "01-20-2008", "2010-01-32", "", "2010-01-0a", " 2010-01-01",
    ])
  func invalid(text: String) {
    #expect(CalendarDate(iso: text) == nil)
  }

  @Test("writes every date zero-padded as YYYY-MM-DD")
  func written() throws {
    for (year, month, day) in [(1, 1, 1), (9, 9, 9), (10, 10, 10), (999, 12, 31), (9999, 12, 31)] {
      let date = try #require(CalendarDate(year: year, month: month, day: day))
      let expected = [(year, 4), (month, 2), (day, 2)].map { value, width in
        String(repeating: "0", count: width - String(value).count) + String(value)
      }
      #expect(date.description == expected.joined(separator: "-"))
    }
  }

  @Test("reads the source API's MM-DD-YYYY")
  func monthDayYear() {
    #expect(CalendarDate(monthDayYear: "01-20-2008")?.description == "2008-01-20")
    #expect(CalendarDate(monthDayYear: "2008-01-20") == nil)
    #expect(CalendarDate(monthDayYear: "Unknown") == nil)
  }

  @Test("orders chronologically")
  func order() throws {
    let dates = ["2010-03-21", "2009-12-31", "2010-03-02"].compactMap(CalendarDate.init(iso:))
    #expect(dates.sorted().map(\.description) == ["2009-12-31", "2010-03-02", "2010-03-21"])
  }
}

@Suite("TextFolding")
struct TextFoldingTests {
  @Test(
    "ignores case, diacritics and spacing",
    arguments: [
      ("  Tomás   CANTILLO ", "tomas cantillo"), ("Walter White", "walter white"),
      ("ÉLODIE", "elodie"),
      ("Cap n' Cook", "cap n' cook"),
    ])
  func fold(text: String, expected: String) {
    #expect(TextFolding.fold(text) == expected)
  }

  @Test("all-ASCII text folds byte by byte exactly as the Unicode path folds it")
  func asciiPathAgrees() {
    // A leading "é" sends the text down the Unicode path; it folds to "e" and the rest must
    // fold the same either way (the "a"s keep white space at the ends from moving).
    for byte in UInt8(0)...UInt8(127) {
      let middle = String(decoding: [byte, byte], as: UTF8.self)
      for text in ["a\(middle)a", "a b\(middle)C d  a", "a\tB\(middle)\r\na"] {
        #expect("e" + TextFolding.fold(text) == TextFolding.fold("é" + text), "byte \(byte)")
      }
    }
  }
}
