import Foundation

extension CharactersExport.Result {
  /// The file's bytes, when the call asked for them `inline` (decoded from `content`).
  public var data: Data? { content.flatMap { Data(base64Encoded: $0) } }
}
