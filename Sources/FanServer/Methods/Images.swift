import FanAPI
import FanProtocol
import FoundationEssentials
import JSON
import JSONRPC

extension ImagesFetch: RPCMethod {
  /// The URL in `text`, if it is an absolute `http` or `https` URL with a host.
  static func validate(_ text: String) throws(JSONRPCError) -> URL {
    guard let components = URLComponents(string: text), let scheme = components.scheme else {
      throw .invalidParams(
        field: "url",
        problem: "must be an absolute http or https URL, not \(BriefQuote.quoted(text))")
    }
    guard ["http", "https"].contains(scheme.lowercased()) else {
      throw .invalidParams(
        field: "url",
        problem:
          "must be an http or https URL (images are not fetched over \(BriefQuote.bare(scheme)))")
    }
    guard let host = components.host, !host.isEmpty, let url = components.url else {
      throw .invalidParams(field: "url", problem: "must name a host, as in https://host/image.png")
    }
    return url
  }

  /// It waits on the network; a cancellation stops it at once.
  package static let isLongRunning = true
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
