/// Each record's position in its list, by the record's id: what `Catalog` looks records up by.
///
/// The ids of a source's records are mostly a compact range (1 to the count), so the positions
/// are kept in an array indexed by id, built in one pass without hashing (the dictionary it
/// replaces, with its runtime type look-ups and growth, was a tenth of opening a catalog image).
/// Ids too spread out for that (more than four slots a record) are kept in a dictionary: the
/// answers are the same either way, a test compares both with a plain dictionary.
package struct CatalogIDIndex: Sendable {
  /// The smallest id.
  private let base: Int
  /// Position + 1 of the record whose id is `base + offset`, 0 where there is none; empty when
  /// the ids are kept in `spread`.
  private let slots: [Int]
  /// The positions by id when the ids are spread out; nil otherwise.
  private let spread: [Int: Int]?

  /// The index of `count` records, the record at each position having id `id(position)`; when
  /// two records share an id, the first one's position is kept.
  package init(count: Int, id: (Int) -> Int) {
    self.init(count: count, id: id, arrayAllowed: true)
  }

  /// As `init(count:id:)`; `arrayAllowed` false keeps every id in the dictionary (the tests
  /// compare the two forms).
  package init(count: Int, id: (Int) -> Int, arrayAllowed: Bool) {
    var lowest = Int.max
    var highest = Int.min
    for position in 0..<count {
      let value = id(position)
      lowest = min(lowest, value)
      highest = max(highest, value)
    }
    if count == 0 {
      // No record: no dictionary either (its first use costs the runtime's type look-ups).
      self.base = 0
      self.slots = []
      self.spread = nil
    } else if arrayAllowed, let span = Self.span(lowest: lowest, highest: highest, count: count) {
      var slots = [Int](repeating: 0, count: span)
      for position in 0..<count {
        let offset = id(position) - lowest
        if slots[offset] == 0 { slots[offset] = position + 1 }
      }
      self.base = lowest
      self.slots = slots
      self.spread = nil
    } else {
      var spread: [Int: Int] = [:]
      spread.reserveCapacity(count)
      for position in 0..<count where spread[id(position)] == nil {
        spread[id(position)] = position
      }
      self.base = 0
      self.slots = []
      self.spread = spread
    }
  }

  /// The number of array slots from `lowest` to `highest` when it is small enough for `count`
  /// records (at most four slots a record, or 64); nil otherwise, or when there is no record.
  static func span(lowest: Int, highest: Int, count: Int) -> Int? {
    guard count > 0 else { return nil }
    let (difference, overflow) = highest.subtractingReportingOverflow(lowest)
    guard !overflow, difference < max(64, count * 4) else { return nil }
    return difference + 1
  }

  /// The position of the record with id `id`, nil when there is none.
  package subscript(id: Int) -> Int? {
    if let spread { return spread[id] }
    let (offset, overflow) = id.subtractingReportingOverflow(base)
    guard !overflow, offset >= 0, offset < slots.count else { return nil }
    let slot = slots[offset]
    return slot == 0 ? nil : slot - 1
  }
}
