import FanCore
import Testing

/// `CatalogIDIndex` and `CatalogGroupIndex` answer what the dictionaries they replace answer
/// (`[id: first position]`, `[key: positions, each once]`), in their array form and in their
/// dictionary form, for compact and spread-out keys, duplicates, negatives and extremes.
@Suite("The catalog's indexes answer as dictionaries")
struct CatalogIndexTests {
  /// Lists of ids (or keys), each a case.
  static let lists: [[Int]] = [
    [],
    [1],
    [0],
    [-3],
    [1, 2, 3, 4, 5],
    [5, 4, 3, 2, 1],
    [3, 3, 1, 1, 2, 3],
    [10, 12, 11, 10, 40, 13],
    [-5, 0, 5, -5, 2],
    [1, 1_000_000],
    [7, 900, 3, 64, 65, 2],
    [Int.max, Int.min, 0],
    [Int.max, Int.max - 1, Int.max],
    [Int.min, Int.min + 3, Int.min],
    Array(1...826),
    (1...300).map { $0 * 3 },
    (1...300).map { $0 * 5 },
  ]

  /// Ids the tests look up besides the listed ones: neighbours, far ones, extremes.
  static func probes(around ids: [Int]) -> [Int] {
    var probes = [0, 1, -1, 64, 1_000_000, Int.max, Int.min]
    for id in ids {
      probes.append(id)
      if id < Int.max { probes.append(id + 1) }
      if id > Int.min { probes.append(id - 1) }
    }
    return probes
  }

  @Test("an id's position is the first record's with that id", arguments: lists.indices)
  func idIndex(list: Int) {
    let ids = Self.lists[list]
    var plain: [Int: Int] = [:]
    for (position, id) in ids.enumerated() where plain[id] == nil { plain[id] = position }
    let packed = CatalogIDIndex(count: ids.count) { ids[$0] }
    let spread = CatalogIDIndex(count: ids.count, id: { ids[$0] }, arrayAllowed: false)
    for id in Self.probes(around: ids) {
      #expect(packed[id] == plain[id], "\(id) in \(ids)")
      #expect(spread[id] == plain[id], "\(id) in \(ids)")
    }
  }

  @Test(
    "a key's positions are its pairs' positions, each once, ascending", arguments: lists.indices)
  func groupIndex(list: Int) {
    let keys = Self.lists[list]
    // Pairs: each key filed at its place / 2 (two neighbours share a position, so a key given
    // twice in a row is filed twice at one position, and must be kept once).
    let pairs = keys.enumerated().map { (key: $1, position: $0 / 2) }
    var plain: [Int: [Int]] = [:]
    for pair in pairs where plain[pair.key]?.last != pair.position {
      plain[pair.key, default: []].append(pair.position)
    }
    let packed = CatalogGroupIndex(pairs: pairs.count) { pairs[$0] }
    let spread = CatalogGroupIndex(pairs: pairs.count, pair: { pairs[$0] }, arrayAllowed: false)
    for key in Self.probes(around: keys) {
      let expected = plain[key] ?? []
      #expect(Array(packed.positions(of: key)) == expected, "\(key) in \(keys)")
      #expect(Array(spread.positions(of: key)) == expected, "\(key) in \(keys)")
      #expect(packed.count(of: key) == expected.count)
      #expect(spread.count(of: key) == expected.count)
    }
  }

  @Test("a position filed twice under a key, not in a row, is kept once")
  func duplicatesApart() {
    let pairs: [(key: Int, position: Int)] = [(1, 0), (2, 0), (1, 0), (1, 1), (2, 2), (2, 2)]
    for arrayAllowed in [true, false] {
      let index = CatalogGroupIndex(
        pairs: pairs.count, pair: { pairs[$0] }, arrayAllowed: arrayAllowed)
      #expect(Array(index.positions(of: 1)) == [0, 1])
      #expect(Array(index.positions(of: 2)) == [0, 2])
      #expect(index.positions(of: 3).isEmpty)
    }
  }
}
