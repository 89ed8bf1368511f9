/// Levenshtein distance, for "did you mean" suggestions.
public enum EditDistance {
  /// The number of single-character insertions, deletions and substitutions from `a` to `b`.
  public static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The distance from `a` to `b` when it is at most `limit`, else nil; the work it does is
  /// bounded by the limit, whatever the lengths.
  ///
  /// Two strings whose lengths differ by more than `limit` are never compared (the distance is
  /// at least that difference), and the comparison stops at the first row whose every entry is
  /// past the limit; so a long input costs no more than a short one against what it cannot
  /// match. Where it answers, it answers what `between(_:_:)` does.
  public static func between(_ a: String, _ b: String, atMost limit: Int) -> Int? {
    let (lengthA, lengthB) = (a.count, b.count)
    guard abs(lengthA - lengthB) <= limit else { return nil }
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var smallest = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        smallest = min(smallest, current[j])
      }
      // Every later row is at least this row's smallest entry.
      if smallest > limit { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }

  /// The candidate closest to `name` (ignoring case) when it is close enough to be a likely
  /// typo: at most 2 edits, or a quarter of the candidate's length; ties go to the first.
  ///
  /// Its work is bounded whatever `name`'s length: a candidate too far in length is skipped.
  public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let limit = min(max(2, candidate.count / 4), (best?.distance ?? Int.max) - 1)
      guard limit >= 0,
        let distance = between(lowered, candidate.lowercased(), atMost: limit)
      else { continue }
      best = (candidate, distance)
    }
    return best?.name
  }
}
