import JSON

/// A deliberate, explained difference between bbfan's parser and Foundation's or Python's.
///
/// `all` is the differential test's table: a disagreement that none of these explains fails
/// the test.
struct KnownDifference: Sendable {
  /// A short name, for the test's tally.
  let name: String
  /// The parsers it is about.
  let parsers: Set<DifferentialCase.Parser>
  /// Why the parsers differ, and why bbfan's reading is the one it keeps.
  let reason: String
  /// Whether it explains how `parser` disagrees on the case; each one checks the document and
  /// the readings as narrowly as it can, so that it explains no other difference.
  let check: @Sendable (DifferentialCase, DifferentialCase.Parser) -> Check

  /// What a known difference says of a disagreement.
  enum Check {
    /// It does not explain it.
    case no
    /// It explains it entirely.
    case explains
    /// It explains part of it: the document repaired of it is the case to check next.
    case repaired(DifferentialCase)
  }

  /// The known differences that explain how `parser` disagrees with bbfan on `item`, in the
  /// order they were taken out; empty when they agree, nil when something is left unexplained.
  static func explanation(
    of item: DifferentialCase, _ parser: DifferentialCase.Parser
  ) -> [String]? {
    guard item.disagreement(parser) != nil else { return [] }
    for known in all where known.parsers.contains(parser) {
      switch known.check(item, parser) {
      case .no: continue
      case .explains: return [known.name]
      case .repaired(let rest):
        if let more = explanation(of: rest, parser) { return [known.name] + more }
      }
    }
    return nil
  }

  /// The table.
  static let all: [KnownDifference] = [
    KnownDifference(
      name: "trailing commas", parsers: [.foundation],
      reason: """
        Foundation on Linux accepts a comma before `]` or `}`; RFC 8259's array and object \
        productions have none, and bbfan rejects it (a trailing comma is a typo a client \
        should hear about). Checked: without those commas, bbfan reads what Foundation read (or differs only \
        as another entry explains).
        """
    ) { item, parser in
      guard case .rejected = item.bbfanReading, case .value = item.reading(parser) else {
        return .no
      }
      let repaired = Scan.withoutTrailingCommas(item.bytes)
      return repaired == item.bytes ? .no : .repaired(item.repaired(repaired))
    },
    KnownDifference(
      name: "byte order mark", parsers: [.foundation, .python],
      reason: """
        Foundation skips a UTF-8 byte order mark, and Python's json.loads on bytes decodes \
        with utf-8-sig; RFC 8259 §8.1 says implementations must not add one and may ignore \
        one. bbfan reads a message as sent and rejects it. Checked: without the mark, bbfan \
        reads what the other read (or differs only as another entry explains).
        """
    ) { item, parser in
      guard item.bytes.starts(with: [0xEF, 0xBB, 0xBF]), case .rejected = item.bbfanReading,
        case .value = item.reading(parser)
      else { return .no }
      return .repaired(item.repaired(Array(item.bytes.dropFirst(3))))
    },
    KnownDifference(
      name: "UTF-16 or UTF-32 guessed from zero bytes", parsers: [.foundation, .python],
      reason: """
        Foundation and Python's json.loads on bytes guess UTF-16 or UTF-32 when one of the \
        first bytes is zero (RFC 4627's old detection), so `1` followed by zero bytes is a \
        number to them; RFC 8259 §8.1 requires UTF-8, and to bbfan a zero byte outside a \
        string is an error.
        """
    ) { item, _ in
      guard case .rejected = item.bbfanReading else { return .no }
      return item.bytes.prefix(4).contains(0) || item.bytes.starts(with: [0xFE, 0xFF])
        || item.bytes.starts(with: [0xFF, 0xFE]) ? .explains : .no
    },
    KnownDifference(
      name: "nesting depth", parsers: [.foundation, .python],
      reason: """
        bbfan stops at 64 levels (a request is never that deep, and a deeper one would cost \
        stack); Foundation stops at 512 and Python at its recursion limit. RFC 8259 §9 lets \
        a parser limit the depth. Checked: without the limit, bbfan reads what the other read (or differs only as \
        another entry explains).
        """
    ) { item, parser in
      guard case .failure(let error) = item.bbfan, error.kind == .tooDeep,
        case .value = item.reading(parser)
      else { return .no }
      return .repaired(item.repaired(item.bytes, maxDepth: 100_000))
    },
    KnownDifference(
      name: "numbers beyond binary64", parsers: [.foundation],
      reason: """
        Foundation rejects a number whose magnitude no Double holds (1e400); RFC 8259 §6 \
        allows any, and bbfan keeps the literal text (an id is echoed byte for byte; a \
        decoder that wants a Double says the value is out of range).
        """
    ) { item, parser in
      guard case .value(let mine) = item.bbfanReading, case .rejected = item.reading(parser)
      else { return .no }
      return mine.hasLiteralBeyondDouble ? .explains : .no
    },
    KnownDifference(
      name: "canonically equivalent member names", parsers: [.foundation],
      reason: """
        Foundation on Linux returns a Swift Dictionary, whose String keys compare by Unicode \
        canonical equivalence, so "é" and "e\\u0301" become one member; RFC 8259 §8.3 compares \
        names code unit by code unit. bbfan keeps both members (and its duplicate-name check \
        for params then names the second). Checked: with such members merged as a Swift \
        Dictionary merges them (the first name, the last value), bbfan reads what Foundation read.
        """
    ) { item, _ in
      guard case .success(let value) = item.bbfan, Scan.hasEquivalentNames(value) else {
        return .no
      }
      return .repaired(item.repaired(value: Scan.mergingEquivalentNames(value)))
    },
    KnownDifference(
      name: "NaN and Infinity", parsers: [.python],
      reason: """
        Python's json accepts NaN, Infinity and -Infinity (its allow_nan default); they are \
        not JSON (RFC 8259 §6) and bbfan rejects them.
        """
    ) { item, parser in
      guard case .rejected = item.bbfanReading, case .value = item.reading(parser) else {
        return .no
      }
      let outside = Scan.outsideStrings(item.bytes)
      return outside.contains(Array("NaN".utf8)) || outside.contains(Array("Infinity".utf8))
        ? .explains : .no
    },
    KnownDifference(
      name: "lone surrogates", parsers: [.python],
      reason: """
        Python reads a lone surrogate escape (\\ud800) into its string, and json.loads on bytes \
        decodes with surrogatepass, so UTF-8 bytes of a surrogate (ED A0 80) pass too; neither \
        is a Unicode scalar, RFC 8259 §8.2 calls such strings' behaviour unpredictable, and \
        Swift's String cannot hold one: bbfan rejects both.
        """
    ) { item, parser in
      guard case .failure(let error) = item.bbfan, case .value = item.reading(parser) else {
        return .no
      }
      return Scan.isSurrogateError(error, in: item.bytes) ? .explains : .no
    },
  ]

  /// Differences the comparison itself absorbs, with why (see `CanonicalValue`).
  static let absorbed: [(name: String, reason: String)] = [
    (
      "repeated member names",
      """
      bbfan keeps every member, in order, so that a params object naming a field twice is \
      answered -32602 "appears more than once"; Python and Foundation keep the last value. \
      The comparison keeps the last value of bbfan's too.
      """
    ),
    (
      "number representation",
      """
      bbfan keeps a number's literal text; Python makes an int (exact) or a float, Foundation an \
      Int64 or UInt64 when the literal is an integer that fits, an NSDecimalNumber when a \
      Double would not hold it exactly and Decimal's 38 digits do, else a Double (so an integer \
      of 300 digits is a Double, rounded). A literal agrees with the same exact integer, with \
      the Double Swift rounds it to, or with a decimal that is it rounded to fewer digits \
      (Decimal keeps 38).
      """
    ),
  ]
}
