import FanAPI
import FoundationEssentials
import JSONRPC

/// `images.fetch`: an image from the on-disk cache, downloaded or revalidated as needed.
package enum ImagesFetch: RPCMethod {
  /// The wire name.
  package static let name = "images.fetch"
  /// `[url]` is accepted too.
  package static let positionalParameters: [String]? = ["url"]
  /// It waits on the network; a cancellation stops it at once.
  package static let isLongRunning = true

  /// `{url, maxAge?, inline?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// An `http` or `https` URL, such as a character's `imageURL`.
    package var url: String
    /// How old a cached copy may be, in seconds, to be answered without asking the server;
    /// absent: the server's `Cache-Control: max-age`, else a day; 0: always ask.
    package var maxAge: Int?
    /// Whether the reply carries the image itself, in base64, as `content`.
    package var inline: Bool?
  }

  /// Where the image is and how current it is.
  package struct Result: Codable, Sendable, Equatable {
    /// The URL asked for.
    package var url: String
    /// The absolute path of the cached file (in `DATA_DIR/images`).
    package var path: String
    /// The MIME type the server declared, such as `image/jpeg`.
    package var mimeType: String
    /// The file's size in bytes.
    package var bytes: Int
    /// `downloaded`, `revalidated` (the server answered 304), `cached` (young enough: the
    /// server was not asked) or `stale` (the server could not be reached; the cached copy is
    /// returned).
    package var freshness: String
    /// When the file was downloaded or last confirmed current (ISO 8601, UTC).
    package var fetchedAt: String
    /// The server's `ETag`, or null.
    @EncodedAsNull package var etag: String?
    /// The server's `Last-Modified`, or null.
    @EncodedAsNull package var lastModified: String?
    /// Why the copy is stale, or null.
    @EncodedAsNull package var warning: String?
    /// The image in plain base64, when `inline` was true; absent otherwise.
    package var content: String?
  }

  /// The URL in `text`, if it is an absolute `http` or `https` URL with a host.
  static func validate(_ text: String) throws(JSONRPCError) -> URL {
    guard let components = URLComponents(string: text), let scheme = components.scheme else {
      throw .invalidParams(
        field: "url", problem: "must be an absolute http or https URL, not \"\(text)\"")
    }
    guard ["http", "https"].contains(scheme.lowercased()) else {
      throw .invalidParams(
        field: "url",
        problem: "must be an http or https URL (images are not fetched over \(scheme))")
    }
    guard let host = components.host, !host.isEmpty, let url = components.url else {
      throw .invalidParams(field: "url", problem: "must name a host, as in https://host/image.png")
    }
    return url
  }
}

extension FanService {
  /// Registers the `images.*` methods.
  func registerImageMethods(into router: inout MethodRouter) {
    let images = self.images
    router.register(ImagesFetch.self) { params, _ in
      let url = try ImagesFetch.validate(params.url)
      if let maxAge = params.maxAge, maxAge < 0 {
        throw JSONRPCError.invalidParams(
          field: "maxAge", problem: "must be 0 or more seconds, not \(maxAge)")
      }
      let image = try await images.fetch(url, maxAge: params.maxAge)
      let content =
        params.inline == true ? try await images.contents(of: image).base64EncodedString() : nil
      return ImagesFetch.Result(
        url: params.url, path: image.path, mimeType: image.entry.mimeType,
        bytes: image.entry.bytes, freshness: image.freshness.rawValue,
        fetchedAt: Timestamp.iso8601(milliseconds: image.entry.fetchedAt),
        etag: image.entry.etag, lastModified: image.entry.lastModified, warning: image.warning,
        content: content)
    }
  }
}
