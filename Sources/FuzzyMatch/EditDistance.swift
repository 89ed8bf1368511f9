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

  /// The candidate closest to `name` (ignoring case) when it is close enough to be a likely
  /// typo: at most 2 edits, or a quarter of the candidate's length; ties go to the first.
  public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = between(lowered, candidate.lowercased())
      if distance <= max(2, candidate.count / 4), distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }
}
