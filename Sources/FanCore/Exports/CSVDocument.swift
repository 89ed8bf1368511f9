/// Comma-separated values as RFC 4180 writes them, made safe to open in a spreadsheet.
package enum CSVDocument {
  /// RFC 4180: UTF-8, CRLF line ends, a header row then the rows; a field is quoted when it
  /// holds a comma, a double quote (doubled), CR or LF, or starts/ends with a space; a cell
  /// starting with =, +, -, @, TAB or CR is neutralised as OWASP's CSV-injection page
  /// recommends (prefix a single quote ' and quote the cell).
  ///
  /// Every record ends with CRLF, the last one too; a record of one empty field is written `""`
  /// so that it does not read back as a blank line. Rows are written as given, whatever their
  /// length.
  package static func render(header: [String], rows: [[String]]) -> [UInt8] {
    var output: [UInt8] = []
    append(header, to: &output)
    for row in rows { append(row, to: &output) }
    return output
  }

  /// The first characters that make a spreadsheet read a cell as a formula.
  private static let formulaStarts: Set<UInt8> = [
    UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
  ]

  private static func append(_ record: [String], to output: inout [UInt8]) {
    if record.count == 1, record[0].isEmpty {
      output += [0x22, 0x22]
    } else {
      for (index, field) in record.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        append(field, to: &output)
      }
    }
    output += [0x0D, 0x0A]
  }

  private static func append(_ field: String, to output: inout [UInt8]) {
    let bytes = Array(field.utf8)
    let neutralised = bytes.first.map(formulaStarts.contains) ?? false
    let quoted =
      neutralised || bytes.first == 0x20 || bytes.last == 0x20
      || bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }
    guard quoted else {
      output += bytes
      return
    }
    output.append(0x22)
    if neutralised { output.append(UInt8(ascii: "'")) }
    for byte in bytes {
      output.append(byte)
      if byte == 0x22 { output.append(0x22) }
    }
    output.append(0x22)
  }
}
