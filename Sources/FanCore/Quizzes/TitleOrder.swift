/// The order of quiz titles: case and accents ignored, numbers by their value ("Toddler Quiz
/// #2" before "#10"), punctuation kept and compared as it is.
package enum TitleOrder {
  /// Whether `a` comes before `b`; ties of the folded titles are broken by the titles as given,
  /// so the order is total and the same on every run.
  package static func precedes(_ a: String, _ b: String) -> Bool {
    switch compare(TextFolding.fold(a), TextFolding.fold(b)) {
    case .some(let before): return before
    case .none: return compare(a, b) ?? false
    }
  }

  /// True when `a` sorts first, false when `b` does, nil when they are equal; digit runs are
  /// compared by value (leading zeros dropped, then by length, then digit by digit, so no run
  /// is too long).
  static func compare(_ a: String, _ b: String) -> Bool? {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    var i = 0
    var j = 0
    while i < x.count, j < y.count {
      if isDigit(x[i]), isDigit(y[j]) {
        let runX = digits(x, from: &i)
        let runY = digits(y, from: &j)
        if runX.count != runY.count { return runX.count < runY.count }
        for (p, q) in zip(runX, runY) where p != q { return p.value < q.value }
        continue
      }
      if x[i] != y[j] { return x[i].value < y[j].value }
      i += 1
      j += 1
    }
    if x.count - i == y.count - j { return nil }
    return x.count - i < y.count - j
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    (48...57).contains(scalar.value)
  }

  /// The run of digits at `index` without its leading zeros; `index` moves past it.
  private static func digits(_ scalars: [Unicode.Scalar], from index: inout Int)
    -> ArraySlice<Unicode.Scalar>
  {
    let start = index
    while index < scalars.count, isDigit(scalars[index]) { index += 1 }
    var first = start
    while first < index - 1, scalars[first] == "0" { first += 1 }
    return scalars[first..<index]
  }
}
