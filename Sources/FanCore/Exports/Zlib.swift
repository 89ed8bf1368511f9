import CZlib
import SharedLibrary

/// Whole-buffer zlib streams (RFC 1950) through the system's zlib, loaded on first use
/// (`LibZ`); each function throws when it cannot be loaded.
enum Zlib {
  /// The data of the zlib stream `compressed`, which must be exactly `count` bytes long; nil
  /// when the stream is damaged, truncated, or inflates to another length.
  static func inflate(_ compressed: [UInt8], count: Int) throws(SharedLibrary.Unusable) -> [UInt8]?
  {
    let zlib = try LibZ.shared.get()
    // One byte more than expected tells "too long" from "exactly right".
    var output = [UInt8](repeating: 0, count: count + 1)
    var length = uLongf(output.count)
    let status = output.withUnsafeMutableBufferPointer { destination in
      compressed.withUnsafeBufferPointer { source in
        zlib.uncompress(
          destination.baseAddress, &length, source.baseAddress, uLong(source.count))
      }
    }
    guard status == Z_OK, Int(length) == count else { return nil }
    output.removeLast()
    return output
  }

  /// `data` as a zlib stream, compressed at the default level (the same bytes every time); nil
  /// only when zlib fails (out of memory).
  static func deflate(_ data: [UInt8]) throws(SharedLibrary.Unusable) -> [UInt8]? {
    let zlib = try LibZ.shared.get()
    var length = zlib.compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = output.withUnsafeMutableBufferPointer { destination in
      data.withUnsafeBufferPointer { source in
        zlib.compress2(
          destination.baseAddress, &length, source.baseAddress, uLong(source.count),
          Z_DEFAULT_COMPRESSION)
      }
    }
    guard status == Z_OK else { return nil }
    output.removeSubrange(Int(length)...)
    return output
  }
}
