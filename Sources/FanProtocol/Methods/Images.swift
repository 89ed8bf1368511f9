/// `images.fetch`: an image from the on-disk cache, downloaded or revalidated as needed.
public enum ImagesFetch: WireMethod {
  /// The wire name.
  public static let name = "images.fetch"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .invalidParams, .application(.notAnImage), .application(.upstreamUnavailable),
    .application(.upstreamInvalid),
  ]
  /// `[url]` is accepted too.
  public static let positionalParameters: [String]? = ["url"]

  /// `{url, maxAge?, inline?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// An `http` or `https` URL, such as a character's `imageURL`.
    public var url: String
    /// How old a cached copy may be, in seconds, to be answered without asking the server;
    /// absent: the server's `Cache-Control: max-age`, else a day; 0: always ask.
    public var maxAge: Int?
    /// Whether the reply carries the image itself, in base64, as `content`.
    public var inline: Bool?

    /// A value with these members.
    public init(url: String, maxAge: Int? = nil, inline: Bool? = nil) {
      self.url = url
      self.maxAge = maxAge
      self.inline = inline
    }
  }

  /// Where the image is and how current it is.
  public struct Result: Codable, Sendable, Equatable {
    /// The URL asked for.
    public var url: String
    /// The absolute path of the cached file (in `DATA_DIR/images`).
    public var path: String
    /// The MIME type the server declared, such as `image/jpeg`.
    public var mimeType: String
    /// The file's size in bytes.
    public var bytes: Int
    /// `downloaded`, `revalidated` (the server answered 304), `cached` (young enough: the
    /// server was not asked) or `stale` (the server could not be reached; the cached copy is
    /// returned).
    public var freshness: String
    /// When the file was downloaded or last confirmed current (ISO 8601, UTC).
    public var fetchedAt: String
    /// The server's `ETag`, or null.
    @EncodedAsNull public var etag: String?
    /// The server's `Last-Modified`, or null.
    @EncodedAsNull public var lastModified: String?
    /// Why the copy is stale, or null.
    @EncodedAsNull public var warning: String?
    /// The image in plain base64, when `inline` was true; absent otherwise.
    public var content: String?

    /// A value with these members.
    public init(
      url: String, path: String, mimeType: String, bytes: Int, freshness: String, fetchedAt: String,
      etag: String? = nil, lastModified: String? = nil, warning: String? = nil,
      content: String? = nil
    ) {
      self.url = url
      self.path = path
      self.mimeType = mimeType
      self.bytes = bytes
      self.freshness = freshness
      self.fetchedAt = fetchedAt
      self.etag = etag
      self.lastModified = lastModified
      self.warning = warning
      self.content = content
    }
  }
}
