/// Decodes a PNG image's inflated data to 8-bit grey or RGB samples and an 8-bit alpha.
enum PNGDecoder {
  /// The pixels of the image, row by row.
  ///
  /// `channels` (1 or 3) samples per pixel, and the alpha per pixel (nil when every pixel is
  /// opaque). 16-bit samples keep their high byte, and lower depths are scaled to 0...255;
  /// palette images become RGB. `data` is as long as the header says (`PNGImage` checks).
  static func decode(
    header: PNGImage.Header, palette: [UInt8], transparency: [UInt8], data: [UInt8]
  ) throws(ImageProblem) -> (color: [UInt8], channels: Int, alpha: [UInt8]?) {
    let channels = header.colorType == 2 || header.colorType == 3 || header.colorType == 6 ? 3 : 1
    guard header.width <= maximumPixels / header.height else {
      throw ImageProblem("the PNG image has too many pixels for a card")
    }
    let pixelCount = header.width * header.height
    var color = [UInt8](repeating: 0, count: pixelCount * channels)
    var alpha = [UInt8](repeating: 255, count: pixelCount)
    let key = colorKey(header: header, transparency: transparency)
    let samplesPerPixel = header.channels
    var offset = 0
    for pass in PNGImage.passes(header) where pass.width > 0 && pass.height > 0 {
      let rowCount = header.rowCount(width: pass.width)
      let filterStep = max(1, samplesPerPixel * header.depth / 8)
      var previous = [UInt8](repeating: 0, count: rowCount)
      for passRow in 0..<pass.height {
        let filter = data[offset]
        var row = Array(data[offset + 1..<offset + 1 + rowCount])
        offset += 1 + rowCount
        try unfilter(&row, previous: previous, filter: filter, step: filterStep)
        previous = row
        let y = pass.y + passRow * pass.dy
        for passColumn in 0..<pass.width {
          let pixel = y * header.width + pass.x + passColumn * pass.dx
          let first = passColumn * samplesPerPixel
          switch header.colorType {
          case 3:
            let index = sample(row, index: first, depth: header.depth)
            if index * 3 + 2 < palette.count {
              for channel in 0..<3 { color[pixel * 3 + channel] = palette[index * 3 + channel] }
            }
            if index < transparency.count { alpha[pixel] = transparency[index] }
          default:
            var matchesKey = key != nil
            for channel in 0..<channels {
              let value = sample(row, index: first + channel, depth: header.depth)
              color[pixel * channels + channel] = scale(value, depth: header.depth)
              if let key, key[channel] != value { matchesKey = false }
            }
            if header.colorType == 4 || header.colorType == 6 {
              let value = sample(row, index: first + channels, depth: header.depth)
              alpha[pixel] = scale(value, depth: header.depth)
            } else if matchesKey {
              alpha[pixel] = 0
            }
          }
        }
      }
    }
    return (color, channels, alpha.allSatisfy { $0 == 255 } ? nil : alpha)
  }

  /// The most pixels a decoded image may have (a card's image needs far fewer).
  static let maximumPixels = 16 << 20

  /// The grey or RGB colour that tRNS makes transparent, in sample values, or nil.
  private static func colorKey(header: PNGImage.Header, transparency: [UInt8]) -> [Int]? {
    guard header.colorType == 0 || header.colorType == 2 else { return nil }
    let samples = header.channels
    guard transparency.count == samples * 2 else { return nil }
    return (0..<samples).map { Int(transparency[$0 * 2]) << 8 | Int(transparency[$0 * 2 + 1]) }
  }

  /// Sample `index` of an unfiltered row at `depth` bits.
  private static func sample(_ row: [UInt8], index: Int, depth: Int) -> Int {
    switch depth {
    case 16: return Int(row[index * 2]) << 8 | Int(row[index * 2 + 1])
    case 8: return Int(row[index])
    default:
      let bit = index * depth
      let shift = 8 - depth - bit % 8
      return Int(row[bit / 8]) >> shift & ((1 << depth) - 1)
    }
  }

  /// `value` at `depth` bits scaled to 8 bits.
  private static func scale(_ value: Int, depth: Int) -> UInt8 {
    switch depth {
    case 16: UInt8(value >> 8)
    case 8: UInt8(value)
    default: UInt8(value * 255 / ((1 << depth) - 1))
    }
  }

  /// Undoes filter `filter` (0 to 4) on `row`, given the previous row unfiltered.
  private static func unfilter(
    _ row: inout [UInt8], previous: [UInt8], filter: UInt8, step: Int
  ) throws(ImageProblem) {
    switch filter {
    case 0: break
    case 1:
      for index in step..<max(step, row.count) { row[index] &+= row[index - step] }
    case 2:
      for index in row.indices { row[index] &+= previous[index] }
    case 3:
      for index in row.indices {
        let left = index >= step ? Int(row[index - step]) : 0
        row[index] &+= UInt8((left + Int(previous[index])) / 2)
      }
    case 4:
      for index in row.indices {
        let left = index >= step ? Int(row[index - step]) : 0
        let upLeft = index >= step ? Int(previous[index - step]) : 0
        row[index] &+= paeth(left, Int(previous[index]), upLeft)
      }
    default:
      throw ImageProblem("the PNG file's image data is damaged (filter type \(filter))")
    }
  }

  private static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> UInt8 {
    let estimate = left + up - upLeft
    let toLeft = abs(estimate - left)
    let toUp = abs(estimate - up)
    let toUpLeft = abs(estimate - upLeft)
    if toLeft <= toUp, toLeft <= toUpLeft { return UInt8(left) }
    return toUp <= toUpLeft ? UInt8(up) : UInt8(upLeft)
  }
}
