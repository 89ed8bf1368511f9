/// A record `DirectListDecoder` reads straight from JSON bytes.
package protocol DirectlyDecodable {
  /// The record at the reader, an object of the plain shape; nil (the reader failed) when it is
  /// anything else, so that the caller decodes the list with `JSONDecoder` instead.
  init?(reading reader: inout DirectListDecoder)
}
