import FanStorage

/// A stamp's file: lines of ASCII fields separated by one space, the last one a checksum of the
/// others.
///
///     bbfan sqlite3-stamp 2 schema 7
///     taken SECONDS NANOSECONDS               (when the states below were taken)
///     database DEVICE INODE SIZE SECONDS NANOSECONDS
///     log -                                   (or: log DEVICE INODE SIZE SECONDS NANOSECONDS)
///     refresh REFRESHED_AT DIGEST-OR-DASH KEY (one per saved refresh; the key last, as it holds
///                                              a space)
///     end CHECKSUM                            (FNV-1a, 64 bits, hexadecimal, of the lines above)
extension SQLiteSnapshotStamp {
  /// The stamp as its file holds it.
  ///
  /// A key or digest its line cannot hold (a line break in a key, a space in a digest) does not
  /// read back as written: `write(in:)` checks that.
  var text: String {
    var text = Self.header + "\n"
    let taken = takenAt.components
    text += "taken \(taken.seconds) \(taken.attoseconds / 1_000_000_000)\n"
    text += "database " + Self.fields(of: database) + "\n"
    text += "log " + (log.map(Self.fields(of:)) ?? "-") + "\n"
    for (key, refreshedAt) in sources.sorted(by: { $0.key < $1.key }) {
      text += "refresh \(refreshedAt) \(digests[key]?.digest ?? "-") \(key)\n"
    }
    return text + "end " + String(Self.checksum(of: Array(text.utf8)[...]), radix: 16) + "\n"
  }

  /// The stamp `bytes` hold; nil unless they are a whole stamp of this format and schema, whose
  /// last line's checksum is its other lines'.
  init?(bytes: [UInt8]) {
    guard bytes.last == Self.lineBreak,
      let lastBreak = bytes[..<(bytes.count - 1)].lastIndex(of: Self.lineBreak)
    else { return nil }
    let body = bytes[...lastBreak]
    let end = bytes[(lastBreak + 1)..<(bytes.count - 1)]
    guard let endFields = Self.fields(end, count: 2), endFields[0].elementsEqual("end".utf8),
      let sum = Self.hexadecimal(endFields[1]), sum == Self.checksum(of: body)
    else { return nil }
    var lines = body.split(separator: Self.lineBreak, omittingEmptySubsequences: false)
    // The body ends with a line break: the last piece is empty.
    guard lines.popLast()?.isEmpty == true, lines.count >= 4,
      lines[0].elementsEqual(Self.header.utf8),
      let takenLine = Self.fields(lines[1], count: 3), takenLine[0].elementsEqual("taken".utf8),
      let takenSeconds = Self.decimal(takenLine[1]),
      let takenNanoseconds = Self.decimal(takenLine[2]),
      (0..<1_000_000_000).contains(takenNanoseconds),
      let databaseLine = Self.fields(lines[2], count: 6),
      databaseLine[0].elementsEqual("database".utf8),
      let database = Self.state(databaseLine.dropFirst())
    else { return nil }
    var log: FileState?
    if !lines[3].elementsEqual("log -".utf8) {
      guard let logLine = Self.fields(lines[3], count: 6), logLine[0].elementsEqual("log".utf8),
        let state = Self.state(logLine.dropFirst())
      else { return nil }
      log = state
    }
    var sources: [String: Int64] = [:]
    var digests: [String: StoredCatalogDigest] = [:]
    for line in lines.dropFirst(4) {
      guard let fields = Self.fields(line, count: 4), fields[0].elementsEqual("refresh".utf8),
        let refreshedAt = Self.decimal(fields[1])
      else { return nil }
      let key = String(decoding: fields[3], as: UTF8.self)
      guard sources.updateValue(refreshedAt, forKey: key) == nil else { return nil }
      if !fields[2].elementsEqual("-".utf8) {
        digests[key] = StoredCatalogDigest(
          refreshedAt: refreshedAt, digest: String(decoding: fields[2], as: UTF8.self))
      }
    }
    self.init(
      database: database, takenAt: .seconds(takenSeconds) + .nanoseconds(takenNanoseconds),
      log: log, sources: sources, digests: digests)
  }

  /// The 64-bit FNV-1a hash of `bytes`: the last line of a stamp, so that a stamp cut short or
  /// damaged (a power cut before the file reached the disk) does not read.
  static func checksum(of bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  private static let lineBreak = UInt8(ascii: "\n")
  private static let space = UInt8(ascii: " ")

  /// A file's state as its line holds it: five decimal numbers.
  private static func fields(of state: FileState) -> String {
    "\(state.device) \(state.inode) \(state.size) \(state.seconds) \(state.nanoseconds)"
  }

  /// A file's state from its line's five numbers; nil unless they are.
  private static func state(_ fields: ArraySlice<ArraySlice<UInt8>>) -> FileState? {
    guard fields.count == 5 else { return nil }
    let numbers = Array(fields)
    guard let device = unsigned(numbers[0]), let inode = unsigned(numbers[1]),
      let size = decimal(numbers[2]), let seconds = decimal(numbers[3]),
      let nanoseconds = decimal(numbers[4])
    else { return nil }
    return FileState(
      device: device, inode: inode, size: size, seconds: seconds, nanoseconds: nanoseconds)
  }

  /// `line` cut at its first `count - 1` spaces into `count` non-empty fields (the last keeps
  /// any spaces); nil when it has fewer.
  private static func fields(_ line: ArraySlice<UInt8>, count: Int) -> [ArraySlice<UInt8>]? {
    var fields: [ArraySlice<UInt8>] = []
    var start = line.startIndex
    var position = start
    while position < line.endIndex, fields.count < count - 1 {
      if line[position] == space {
        fields.append(line[start..<position])
        start = position + 1
      }
      position += 1
    }
    fields.append(line[start...])
    guard fields.count == count, fields.allSatisfy({ !$0.isEmpty }) else { return nil }
    return fields
  }

  /// The number `digits` writes in decimal, with a minus sign first if negative; nil unless
  /// they are, or when it does not fit.
  private static func decimal(_ digits: ArraySlice<UInt8>) -> Int64? {
    let negative = digits.first == UInt8(ascii: "-")
    guard let magnitude = unsigned(negative ? digits.dropFirst() : digits) else { return nil }
    if negative {
      return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// The unsigned number `digits` writes in decimal; nil unless they are, or when it does not
  /// fit.
  private static func unsigned(_ digits: ArraySlice<UInt8>) -> UInt64? {
    guard !digits.isEmpty else { return nil }
    var value: UInt64 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return value
  }

  /// The number `digits` writes in lowercase hexadecimal; nil unless they are, or when it does
  /// not fit.
  private static func hexadecimal(_ digits: ArraySlice<UInt8>) -> UInt64? {
    guard !digits.isEmpty, digits.count <= 16 else { return nil }
    var value: UInt64 = 0
    for digit in digits {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(digit - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(digit - 87)
      default: return nil
      }
    }
    return value
  }
}
