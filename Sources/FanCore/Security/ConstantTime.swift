/// Comparisons whose duration does not depend on where the inputs differ.
package enum ConstantTime {
  /// Whether `a` and `b` are equal, looking at every byte whatever the first difference.
  package static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}
