import SharedLibrary

/// Reads a PNG file for a card.
///
/// Non-interlaced grey, RGB and palette images without partial transparency are embedded as
/// their own deflated data, which PDF's FlateDecode undoes with PNG predictors (fully
/// transparent palette entries and a tRNS colour become a colour-key mask). The rest (alpha
/// channels, partly transparent palettes, interlacing) are decoded with zlib and embedded as
/// 8-bit samples with the alpha as a soft mask.
enum PNGImage {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The most bytes an image's inflated data may take (a card's image needs far fewer).
  static let maximumInflatedCount = 64 << 20

  /// The image header (IHDR).
  struct Header: Sendable, Equatable {
    /// The width in pixels.
    var width: Int
    /// The height in pixels.
    var height: Int
    /// Bits per sample (or per palette index).
    var depth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGB and alpha.
    var colorType: Int
    /// Whether the image is Adam7-interlaced.
    var interlaced: Bool

    /// Samples per pixel.
    var channels: Int {
      switch colorType {
      case 2: 3
      case 4: 2
      case 6: 4
      default: 1
      }
    }

    /// The bytes of one filtered row of `width` pixels, without its filter-type byte.
    func rowCount(width: Int) -> Int {
      (width * channels * depth + 7) / 8
    }
  }

  /// What a PNG file holds that a card uses.
  private struct Chunks {
    var header: Header
    /// PLTE's RGB triples.
    var palette: [UInt8]
    /// tRNS's body: alphas by palette index, or a grey or RGB colour key.
    var transparency: [UInt8]
    /// The IDAT chunks' bodies, one zlib stream.
    var data: [UInt8]
  }

  /// The image in `bytes`, which start with the PNG signature.
  static func read(_ bytes: [UInt8]) throws(ImageProblem) -> CardImage {
    let file = try chunks(of: bytes)
    let header = file.header
    let inflated = try inflate(file.data, header: header)
    let alphas = header.colorType == 3 ? file.transparency : []
    let partlyTransparent = alphas.contains { $0 != 0 && $0 != 255 }
    if header.interlaced || header.colorType == 4 || header.colorType == 6 || partlyTransparent {
      return try decoded(header: header, file: file, inflated: inflated)
    }
    // PDF readers differ on an unknown filter type; refuse it as a decoder would.
    let row = header.rowCount(width: header.width) + 1
    for start in stride(from: 0, to: inflated.count, by: row) where inflated[start] > 4 {
      throw ImageProblem("the PNG file's image data is damaged (filter type \(inflated[start]))")
    }
    var entries: String
    switch header.colorType {
    case 2: entries = "/ColorSpace /DeviceRGB"
    case 3:
      let hex = file.palette.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
      }
      entries = "/ColorSpace [/Indexed /DeviceRGB \(file.palette.count / 3 - 1) <"
      entries += hex.joined() + ">]"
    default: entries = "/ColorSpace /DeviceGray"
    }
    entries += " /BitsPerComponent \(header.depth) /Filter /FlateDecode"
    entries += " /DecodeParms << /Predictor 15 /Colors \(header.channels)"
    entries += " /BitsPerComponent \(header.depth) /Columns \(header.width) >>"
    if let mask = colorKeyMask(header: header, transparency: file.transparency) {
      entries += " /Mask [\(mask.map(String.init).joined(separator: " "))]"
    }
    return CardImage(
      width: header.width, height: header.height, entries: entries, data: file.data, softMask: nil)
  }

  /// The chunks that matter, read and checked (lengths, CRCs, order, values).
  private static func chunks(
    of bytes: [UInt8]
  ) throws(ImageProblem) -> Chunks {
    var header: Header?
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var data: [UInt8] = []
    var index = signature.count
    while true {
      guard index + 12 <= bytes.count else { throw ImageProblem("the PNG file is truncated") }
      let length = Int(bigEndian(bytes, at: index))
      guard length <= 0x7FFF_FFFF, length <= bytes.count - index - 12 else {
        throw ImageProblem("the PNG file is truncated")
      }
      let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
      let body = bytes[index + 8..<index + 8 + length]
      guard
        CRC32.checksum(bytes[index + 4..<index + 8 + length])
          == bigEndian(bytes, at: index + 8 + length)
      else {
        throw ImageProblem("the PNG file is damaged (the \(printable(type)) chunk's CRC is wrong)")
      }
      index += 12 + length
      if header == nil, type != "IHDR" {
        throw ImageProblem("the PNG file is damaged (it does not start with IHDR)")
      }
      switch type {
      case "IHDR": header = try readHeader(body)
      case "PLTE":
        guard length % 3 == 0, (3...768).contains(length) else {
          throw ImageProblem("the PNG file is damaged (bad palette)")
        }
        palette = Array(body)
      case "tRNS": transparency = Array(body)
      case "IDAT":
        guard data.count + length <= maximumInflatedCount else {
          throw ImageProblem("the PNG file is too large for a card")
        }
        data += body
      case "IEND":
        guard let header else { throw ImageProblem("the PNG file has no header") }
        guard !data.isEmpty else { throw ImageProblem("the PNG file has no image data") }
        if header.colorType == 3 {
          guard !palette.isEmpty else { throw ImageProblem("the PNG file has no palette") }
          guard transparency.count <= palette.count / 3 else {
            throw ImageProblem("the PNG file is damaged (tRNS is longer than the palette)")
          }
        }
        return Chunks(header: header, palette: palette, transparency: transparency, data: data)
      default:
        // A critical chunk (first letter uppercase) that is not understood must not be skipped.
        if let first = type.utf8.first, (0x41...0x5A).contains(first) {
          throw ImageProblem("the PNG file has an unknown critical chunk \(printable(type))")
        }
      }
    }
  }

  private static func readHeader(_ body: ArraySlice<UInt8>) throws(ImageProblem) -> Header {
    guard body.count == 13 else { throw ImageProblem("the PNG file is damaged (bad IHDR)") }
    let start = body.startIndex
    let header = Header(
      width: Int(bigEndian(body, at: start)), height: Int(bigEndian(body, at: start + 4)),
      depth: Int(body[start + 8]), colorType: Int(body[start + 9]),
      interlaced: body[start + 12] == 1)
    let depths: [Int: [Int]] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard let allowed = depths[header.colorType], allowed.contains(header.depth),
      body[start + 10] == 0, body[start + 11] == 0, body[start + 12] <= 1
    else {
      throw ImageProblem(
        "the PNG file's header is invalid (colour type \(header.colorType), "
          + "\(header.depth) bits)")
    }
    guard (1...0x7FFF_FFFF).contains(header.width), (1...0x7FFF_FFFF).contains(header.height)
    else { throw ImageProblem("the PNG file's size is invalid") }
    return header
  }

  /// The inflated image data, checked to be exactly as long as the header says.
  private static func inflate(
    _ data: [UInt8], header: Header
  ) throws(ImageProblem) -> [UInt8] {
    var count = 0
    for pass in passes(header) where pass.width > 0 && pass.height > 0 {
      let row = header.rowCount(width: pass.width) + 1
      guard row <= (maximumInflatedCount - count) / pass.height else {
        throw ImageProblem("the PNG image is too large for a card")
      }
      count += row * pass.height
    }
    guard
      let inflated = try zlib({ () throws(SharedLibrary.Unusable) in
        try Zlib.inflate(data, count: count)
      })
    else {
      throw ImageProblem("the PNG file's image data is damaged or truncated")
    }
    return inflated
  }

  /// What `body` returns; when zlib cannot be loaded, the problem says what to install.
  private static func zlib<Value>(
    _ body: () throws(SharedLibrary.Unusable) -> Value
  ) throws(ImageProblem) -> Value {
    do {
      return try body()
    } catch {
      throw ImageProblem(error.description)
    }
  }

  /// The pixel grids the data holds: the whole image, or Adam7's seven passes.
  static func passes(_ header: Header) -> [(
    x: Int, y: Int, dx: Int, dy: Int, width: Int, height: Int
  )] {
    let grids =
      header.interlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
    return grids.map { x, y, dx, dy in
      (
        x, y, dx, dy, header.width > x ? (header.width - x + dx - 1) / dx : 0,
        header.height > y ? (header.height - y + dy - 1) / dy : 0
      )
    }
  }

  private static func decoded(
    header: Header, file: Chunks,
    inflated: [UInt8]
  ) throws(ImageProblem) -> CardImage {
    let pixels = try PNGDecoder.decode(
      header: header, palette: file.palette, transparency: file.transparency, data: inflated)
    guard
      let data = try zlib({ () throws(SharedLibrary.Unusable) in try Zlib.deflate(pixels.color) })
    else {
      throw ImageProblem("the PNG image could not be compressed")
    }
    var softMask: [UInt8]?
    if let alpha = pixels.alpha {
      guard let mask = try zlib({ () throws(SharedLibrary.Unusable) in try Zlib.deflate(alpha) })
      else {
        throw ImageProblem("the PNG image's alpha could not be compressed")
      }
      softMask = mask
    }
    let space = pixels.channels == 3 ? "/DeviceRGB" : "/DeviceGray"
    return CardImage(
      width: header.width, height: header.height,
      entries: "/ColorSpace \(space) /BitsPerComponent 8 /Filter /FlateDecode", data: data,
      softMask: softMask)
  }

  /// The /Mask array of colour-key ranges for tRNS in grey, RGB or fully-transparent palette
  /// images, or nil when nothing is transparent.
  private static func colorKeyMask(header: Header, transparency: [UInt8]) -> [Int]? {
    switch header.colorType {
    case 0, 2:
      let samples = header.channels
      guard transparency.count == samples * 2 else { return nil }
      let limit = (1 << header.depth) - 1
      return (0..<samples).flatMap { sample in
        let value = min(
          limit, Int(transparency[sample * 2]) << 8 | Int(transparency[sample * 2 + 1]))
        return [value, value]
      }
    case 3:
      var ranges: [Int] = []
      for (index, alpha) in transparency.enumerated() where alpha == 0 {
        if let last = ranges.last, last == index - 1 {
          ranges[ranges.count - 1] = index
        } else {
          ranges += [index, index]
        }
      }
      return ranges.isEmpty ? nil : ranges
    default: return nil
    }
  }

  /// The 32-bit big-endian number at `index` (the caller checks that four bytes are there).
  private static func bigEndian<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at index: Int
  ) -> UInt32 where Bytes.Index == Int {
    UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8
      | UInt32(bytes[index + 3])
  }

  /// A chunk type for a message: letters kept, anything else as "?".
  private static func printable(_ type: String) -> String {
    String(type.map { $0.isASCII && $0.isLetter ? $0 : "?" })
  }
}
