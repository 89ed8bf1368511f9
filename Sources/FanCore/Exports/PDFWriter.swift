/// A PDF file being written: numbered objects, then the cross-reference table and trailer.
///
/// Nothing in it comes from the clock or the environment, so the same objects give the same
/// bytes.
struct PDFWriter {
  private var bytes: [UInt8] = []
  /// The byte offset of each object, by object number - 1 (nil until it is written).
  private var offsets: [Int?] = []

  /// Starts a PDF 1.4 file, with the binary comment that tells transfer programs it is binary.
  init() {
    append("%PDF-1.4\n%")
    bytes += [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
  }

  /// A new object number, for an object written later with `write`.
  mutating func reserve() -> Int {
    offsets.append(nil)
    return offsets.count
  }

  /// Writes object `number` (from `reserve`) with `body`, such as a dictionary.
  mutating func write(_ number: Int, _ body: String) {
    begin(number)
    append(body + "\nendobj\n")
  }

  /// Writes object `number` (from `reserve`) as a stream: `dictionary` holds the entries
  /// between `<<` and `>>` except `/Length`, which is added.
  mutating func write(_ number: Int, dictionary: String, stream: [UInt8]) {
    begin(number)
    let separator = dictionary.isEmpty ? "" : " "
    append("<< \(dictionary)\(separator)/Length \(stream.count) >>\nstream\n")
    bytes += stream
    append("\nendstream\nendobj\n")
  }

  /// Adds a new object with `body` and returns its number.
  mutating func add(_ body: String) -> Int {
    let number = reserve()
    write(number, body)
    return number
  }

  /// Adds a new stream object and returns its number.
  mutating func add(dictionary: String, stream: [UInt8]) -> Int {
    let number = reserve()
    write(number, dictionary: dictionary, stream: stream)
    return number
  }

  /// The file: the objects, the cross-reference table and the trailer.
  ///
  /// The trailer names `root` and `info`. An object reserved but never written is listed as free.
  func finished(root: Int, info: Int) -> [UInt8] {
    var file = self
    let table = bytes.count
    file.append("xref\n0 \(offsets.count + 1)\n0000000000 65535 f\r\n")
    for offset in offsets {
      if let offset {
        let digits = String(offset)
        file.append(String(repeating: "0", count: max(0, 10 - digits.count)) + digits)
        file.append(" 00000 n\r\n")
      } else {
        file.append("0000000000 00000 f\r\n")
      }
    }
    file.append("trailer\n<< /Size \(offsets.count + 1) /Root \(root) 0 R /Info \(info) 0 R >>\n")
    file.append("startxref\n\(table)\n%%EOF\n")
    return file.bytes
  }

  private mutating func begin(_ number: Int) {
    offsets[number - 1] = bytes.count
    append("\(number) 0 obj\n")
  }

  private mutating func append(_ text: String) {
    bytes += Array(text.utf8)
  }
}
