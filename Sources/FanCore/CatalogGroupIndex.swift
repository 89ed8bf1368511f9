/// The positions of the records filed under each key, ascending: a catalog's episodes by
/// character and by season, its quotes by character.
///
/// Keys (ids, season numbers) are mostly a compact range, so the positions are kept in one
/// flat array, each key's run found through an array of offsets indexed by key: two passes
/// without hashing and with no array per key (the dictionaries of arrays it replaces, with
/// their runtime type look-ups, growth and hundreds of small arrays, were most of building a
/// catalog's indexes). Keys too spread out for that (more than four slots a pair) are kept in
/// a dictionary: the answers are the same either way, a test compares both with a plain
/// dictionary of arrays.
package struct CatalogGroupIndex: Sendable {
  /// The smallest key.
  private let base: Int
  /// Where the run of key `base + offset` starts in `members` (`offsets[offset]`) and ends
  /// (`offsets[offset + 1]`); empty when the keys are kept in `spread`.
  private let offsets: [Int]
  /// Every key's positions, the keys' runs one after the other.
  private let members: [Int]
  /// The positions by key when the keys are spread out; nil otherwise.
  private let spread: [Int: [Int]]?

  /// The index of `pairs` pairs, the pair at `index` filing position `pair(index).position`
  /// under `pair(index).key`; positions must come in ascending order, and a position filed
  /// twice under one key is kept once.
  package init(pairs: Int, pair: (Int) -> (key: Int, position: Int)) {
    self.init(pairs: pairs, pair: pair, arrayAllowed: true)
  }

  /// As `init(pairs:pair:)`; `arrayAllowed` false keeps every key in the dictionary (the
  /// tests compare the two forms).
  package init(pairs: Int, pair: (Int) -> (key: Int, position: Int), arrayAllowed: Bool) {
    var lowest = Int.max
    var highest = Int.min
    for index in 0..<pairs {
      let key = pair(index).key
      lowest = min(lowest, key)
      highest = max(highest, key)
    }
    guard pairs > 0 else {
      // No pair: no dictionary either (its first use costs the runtime's type look-ups).
      self.base = 0
      self.offsets = []
      self.members = []
      self.spread = nil
      return
    }
    guard arrayAllowed,
      let span = CatalogIDIndex.span(lowest: lowest, highest: highest, count: pairs)
    else {
      var spread: [Int: [Int]] = [:]
      for index in 0..<pairs {
        let (key, position) = pair(index)
        if spread[key]?.last != position { spread[key, default: []].append(position) }
      }
      self.base = 0
      self.offsets = []
      self.members = []
      self.spread = spread
      return
    }
    // The last position counted under each key: a position filed twice is counted once.
    var last = [Int](repeating: -1, count: span)
    var offsets = [Int](repeating: 0, count: span + 1)
    for index in 0..<pairs {
      let (key, position) = pair(index)
      let offset = key - lowest
      if last[offset] != position {
        last[offset] = position
        offsets[offset + 1] += 1
      }
    }
    for offset in 0..<span { offsets[offset + 1] += offsets[offset] }
    var members = [Int](repeating: 0, count: offsets[span])
    var next = offsets
    for offset in 0..<span { last[offset] = -1 }
    for index in 0..<pairs {
      let (key, position) = pair(index)
      let offset = key - lowest
      if last[offset] != position {
        last[offset] = position
        members[next[offset]] = position
        next[offset] += 1
      }
    }
    self.base = lowest
    self.offsets = offsets
    self.members = members
    self.spread = nil
  }

  /// The positions filed under `key`, ascending; empty when there is none.
  package func positions(of key: Int) -> ArraySlice<Int> {
    if let spread { return spread[key]?[...] ?? [] }
    guard let offset = offset(of: key) else { return [] }
    return members[offsets[offset]..<offsets[offset + 1]]
  }

  /// How many positions are filed under `key`.
  package func count(of key: Int) -> Int {
    if let spread { return spread[key]?.count ?? 0 }
    guard let offset = offset(of: key) else { return 0 }
    return offsets[offset + 1] - offsets[offset]
  }

  /// The offset of `key` in `offsets`, nil when it is out of the keys' range.
  private func offset(of key: Int) -> Int? {
    let (offset, overflow) = key.subtractingReportingOverflow(base)
    guard !overflow, offset >= 0, offset < offsets.count - 1 else { return nil }
    return offset
  }
}
