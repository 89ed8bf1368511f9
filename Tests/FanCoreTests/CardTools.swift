import FanCore
import Foundation
import TestSupport

/// The real tools the card export's tests check PDFs with (qpdf, pdftotext, pdftoppm), and the
/// test images they make.
enum CardTools {
  /// A new empty folder for one test's files.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-cards-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `bytes` to `name` in `folder`.
  @discardableResult
  static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> URL {
    let url = folder.appending(path: name)
    try Data(bytes).write(to: url)
    return url
  }

  /// `qpdf --check` of `pdf`: its exit status and what it printed.
  static func check(_ pdf: [UInt8]) throws -> (status: Int32, output: String) {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return try Subprocess.run(["qpdf", "--check", write(pdf, "card.pdf", in: folder).path()])
  }

  /// The text pdftotext reads from `pdf` (`arguments` such as `-raw` or `-bbox` added).
  static func text(_ pdf: [UInt8], arguments: [String] = []) throws -> String {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try Subprocess.run(
      ["pdftotext"] + arguments + [write(pdf, "card.pdf", in: folder).path(), "-"])
    guard result.status == 0 else { throw ToolFailure(output: result.output) }
    return result.output
  }

  /// The page rendered by `pdftoppm -r 72 -gray`: one grey byte per point, top row first.
  static func render(_ pdf: [UInt8]) throws -> GrayImage {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try write(pdf, "card.pdf", in: folder)
    let prefix = folder.appending(path: "page").path()
    let result = try Subprocess.run(
      ["pdftoppm", "-r", "72", "-gray", "-singlefile", input.path(), prefix])
    guard result.status == 0 else { throw ToolFailure(output: result.output) }
    let bytes = try [UInt8](Data(contentsOf: URL(filePath: prefix + ".pgm")))
    return try GrayImage(pgm: bytes)
  }

  /// JPEG files made by pdftoppm from a placeholder card: `"gray"`, `"rgb"`, `"cmyk"`,
  /// `"progressive-gray"`, `"progressive-rgb"` (made once per run).
  static let jpegs = Result { try makeJPEGs() }

  /// The PNG files `Tests/Tools/make_test_pngs.py` writes, by file name (made once per run).
  static let pngs = Result { try makePNGs() }

  private static func makeJPEGs() throws -> [String: [UInt8]] {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let card = CardDocument.render(
      CardContent(
        name: "Walter White", caption: "Breaking Bad",
        fields: [.init(label: "Occupation", value: "Chemistry teacher")], image: nil)
    ).bytes
    let input = try write(card, "source.pdf", in: folder)
    let kinds: [String: [String]] = [
      "gray": ["-jpeg", "-gray"], "rgb": ["-jpeg"], "cmyk": ["-jpegcmyk"],
      "progressive-gray": ["-jpeg", "-gray", "-jpegopt", "progressive=y"],
      "progressive-rgb": ["-jpeg", "-jpegopt", "progressive=y"],
    ]
    var files: [String: [UInt8]] = [:]
    for (kind, options) in kinds {
      let prefix = folder.appending(path: kind).path()
      let command = ["pdftoppm", "-r", "24", "-singlefile"] + options + [input.path(), prefix]
      let result = try Subprocess.run(command)
      guard result.status == 0 else { throw ToolFailure(output: result.output) }
      files[kind] = try [UInt8](Data(contentsOf: URL(filePath: prefix + ".jpg")))
    }
    return files
  }

  private static func makePNGs() throws -> [String: [UInt8]] {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = BuiltProducts.repository.appending(
      path: "Tests/Tools/make_test_pngs.py")
    let result = try Subprocess.run(["python3", script.path(), folder.path()])
    guard result.status == 0 else { throw ToolFailure(output: result.output) }
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path()) {
      files[name] = try [UInt8](Data(contentsOf: folder.appending(path: name)))
    }
    return files
  }

  /// A tool exited with an error.
  struct ToolFailure: Error, CustomStringConvertible {
    /// What it printed.
    var output: String
    var description: String { output }
  }
}

/// A greyscale picture read from a binary PGM (P5) file.
struct GrayImage {
  /// Pixels per row.
  var width: Int
  /// Rows.
  var height: Int
  /// One byte per pixel, top row first.
  var pixels: [UInt8]

  /// Reads a P5 file with a maximum value of 255.
  init(pgm bytes: [UInt8]) throws {
    var fields: [Int] = []
    var index = 2
    guard bytes.starts(with: Array("P5".utf8)) else { throw CardTools.ToolFailure(output: "no P5") }
    while fields.count < 3, index < bytes.count {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      var value = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      fields.append(value)
    }
    (width, height) = (fields[0], fields[1])
    pixels = Array(bytes[(index + 1)...])
    guard pixels.count == width * height else {
      throw CardTools.ToolFailure(output: "PGM has \(pixels.count) bytes for \(width)x\(height)")
    }
  }

  /// The pixel at column `x`, row `y` (from the top).
  subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }

  /// The mean and variance of the pixels in columns `xs` and rows `ys`.
  func statistics(xs: Range<Int>, ys: Range<Int>) -> (mean: Double, variance: Double) {
    let values = ys.flatMap { y in xs.map { x in Double(self[x, y]) } }
    let mean = values.reduce(0, +) / Double(values.count)
    let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
    return (mean, variance)
  }
}
