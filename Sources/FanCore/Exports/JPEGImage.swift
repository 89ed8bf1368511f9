/// Reads a JPEG file's size and components; the file itself is embedded as it is (DCTDecode).
enum JPEGImage {
  /// The image in `bytes` (which start with FF D8 FF), after walking every marker segment to
  /// the end-of-image marker, so a truncated or damaged file is refused.
  static func read(_ bytes: [UInt8]) throws(ImageProblem) -> CardImage {
    var frame: (precision: Int, height: Int, width: Int, components: Int)?
    var frameMarker: UInt8 = 0
    var index = 2
    while true {
      guard index < bytes.count else { throw ImageProblem("the JPEG file is truncated") }
      guard bytes[index] == 0xFF else {
        throw ImageProblem("the JPEG file is damaged (no marker where one should be)")
      }
      while index < bytes.count, bytes[index] == 0xFF { index += 1 }
      guard index < bytes.count else { throw ImageProblem("the JPEG file is truncated") }
      let marker = bytes[index]
      index += 1
      switch marker {
      case 0xD9: break
      case 0x01, 0xD0...0xD8: continue
      default:
        guard index + 2 <= bytes.count else { throw ImageProblem("the JPEG file is truncated") }
        let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
        guard length >= 2 else { throw ImageProblem("the JPEG file is damaged") }
        guard index + length <= bytes.count else {
          throw ImageProblem("the JPEG file is truncated")
        }
        if isFrame(marker) {
          guard length >= 8, frame == nil else {
            throw ImageProblem("the JPEG file is damaged (bad frame header)")
          }
          frame = (
            Int(bytes[index + 2]), Int(bytes[index + 3]) << 8 | Int(bytes[index + 4]),
            Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]), Int(bytes[index + 7])
          )
          frameMarker = marker
        }
        index += length
        if marker == 0xDA {
          guard frame != nil else {
            throw ImageProblem("the JPEG file is damaged (a scan before the frame header)")
          }
          index = endOfScan(bytes, from: index)
        }
        continue
      }
      break
    }
    guard let frame else { throw ImageProblem("the JPEG file has no frame header") }
    guard [0xC0, 0xC1, 0xC2].contains(frameMarker) else {
      throw ImageProblem(
        "the JPEG file is lossless, hierarchical or arithmetic-coded, which PDF readers do not "
          + "decode")
    }
    guard frame.precision == 8 else {
      throw ImageProblem("the JPEG file has \(frame.precision)-bit samples; only 8 are supported")
    }
    guard frame.width > 0, frame.height > 0 else {
      throw ImageProblem("the JPEG file gives its height only after the scan (DNL)")
    }
    let colorSpace: String
    switch frame.components {
    case 1: colorSpace = "/ColorSpace /DeviceGray"
    case 3: colorSpace = "/ColorSpace /DeviceRGB"
    case 4: colorSpace = "/ColorSpace /DeviceCMYK /Decode [1 0 1 0 1 0 1 0]"
    default:
      throw ImageProblem("the JPEG file has \(frame.components) components; 1, 3 or 4 are drawn")
    }
    return CardImage(
      width: frame.width, height: frame.height,
      entries: colorSpace + " /BitsPerComponent 8 /Filter /DCTDecode", data: bytes,
      softMask: nil)
  }

  /// Whether `marker` starts a frame header: SOF0 to SOF15 but DHT (C4), JPG (C8) and DAC (CC).
  private static func isFrame(_ marker: UInt8) -> Bool {
    (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
  }

  /// The index of the first marker after the entropy-coded data that starts at `start` (FF
  /// followed by neither 00, FF nor a restart marker), or the file's length when there is none.
  private static func endOfScan(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == 0xFF {
        let next = bytes[index + 1]
        if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return index }
      }
      index += 1
    }
    return bytes.count
  }
}
