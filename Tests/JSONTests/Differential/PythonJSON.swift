import Foundation
import JSON

/// Python's `json.loads` on many documents in one `python3` process.
enum PythonJSON {
  /// What Python said of one document: its value, or the exception's class name.
  typealias Reading = Result<CanonicalValue, PythonRejection>

  /// Python rejected a document with this exception.
  struct PythonRejection: Error, Equatable {
    var exception: String
  }

  /// A line of the script's output that is not in its form.
  struct Malformed: Error {
    var text: [UInt8]
  }

  /// The script failed.
  struct Failed: Error {
    var output: String
  }

  /// The script: reads documents and prints each one's reading, a line each.
  ///
  /// It reads documents, one base64 line each, from the file named by its argument, and prints
  /// `+` and the value in a prefix form (`n`, `t`, `f`, `i<int>;`, `d<bits>;`, `s<code points
  /// in hex, dot-separated>;`, `a<count>:` and the elements, `o<count>:` and name/value pairs,
  /// names sorted by code point), or `-` and the exception's class name.
  /// `json.loads` is given the bytes, as a program reading a file or a socket would.
  static let script = #"""
    import base64, json, struct, sys
    sys.setrecursionlimit(20000)
    def form(v, out):
        if v is None: out.append('n')
        elif v is True: out.append('t')
        elif v is False: out.append('f')
        elif isinstance(v, int): out.append('i%d;' % v)
        elif isinstance(v, float): out.append('d%s;' % struct.pack('>d', v).hex())
        elif isinstance(v, str): out.append('s%s;' % '.'.join('%x' % ord(c) for c in v))
        elif isinstance(v, list):
            out.append('a%d:' % len(v))
            for e in v: form(e, out)
        else:
            out.append('o%d:' % len(v))
            for k in sorted(v):
                form(k, out)
                form(v[k], out)
    for line in open(sys.argv[1], 'rb'):
        document = base64.b64decode(line.strip())
        try:
            out = []
            form(json.loads(document), out)
            print('+' + ''.join(out))
        except (ValueError, RecursionError) as error:
            print('-' + type(error).__name__)
    """#

  /// Python's reading of each document, in order.
  static func read(_ documents: [[UInt8]]) throws -> [Reading] {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "bbfan-json-differential-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "documents.b64")
    let lines = documents.map { Data($0).base64EncodedString() + "\n" }.joined()
    try Data(lines.utf8).write(to: input)
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, input.path()]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // The errors are read after the output: the script writes them only when it fails.
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complaints = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failed(output: String(decoding: complaints, as: UTF8.self))
    }
    let replies = Array(printed).split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
    )
    .dropLast()
    guard replies.count == documents.count else {
      throw Failed(output: "\(replies.count) lines for \(documents.count) documents")
    }
    return try replies.map { line in
      let text = Array(line)
      guard let first = text.first else { throw Malformed(text: text) }
      if first == UInt8(ascii: "-") {
        return .failure(
          PythonRejection(exception: String(decoding: text.dropFirst(), as: UTF8.self)))
      }
      var index = 1
      let value = try CanonicalValue.read(python: text, at: &index)
      guard index == text.count else { throw Malformed(text: text) }
      return .success(value)
    }
  }
}
