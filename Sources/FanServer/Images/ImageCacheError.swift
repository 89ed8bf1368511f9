/// Why the image cache could not keep an image.
package enum ImageCacheError: Error, Sendable, Equatable {
  /// A file in the image folder could not be written, read or removed.
  case fileSystem(path: String, reason: String)
}
