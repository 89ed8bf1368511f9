/// An image ready to be a PDF image XObject, read from a JPEG or PNG file's bytes.
struct CardImage: Sendable, Equatable {
  /// Its width in pixels.
  var width: Int
  /// Its height in pixels.
  var height: Int
  /// The XObject's entries besides its type, size and length: colour space, bits per
  /// component, filter, decode parameters, colour-key mask.
  var entries: String
  /// The stream's data, encoded as `entries` says.
  var data: [UInt8]
  /// The alpha channel as an 8-bit DeviceGray image, deflated, or nil when it is opaque.
  var softMask: [UInt8]?
  /// What was read but is not drawn as the file means it.
  var warnings: [String] = []

  /// The image in `bytes`, whose type is sniffed from the bytes alone.
  static func read(_ bytes: [UInt8]) throws(ImageProblem) -> CardImage {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGImage.read(bytes) }
    if bytes.starts(with: PNGImage.signature) { return try PNGImage.read(bytes) }
    if bytes.isEmpty { throw ImageProblem("the image file is empty") }
    throw ImageProblem("the image is neither a JPEG nor a PNG file")
  }
}
