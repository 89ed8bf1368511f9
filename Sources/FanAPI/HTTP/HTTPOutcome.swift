/// What a GET brought back: a new body, or word that the one the client holds is current.
package enum HTTPOutcome: Sendable, Equatable {
  /// A 2xx answer with its body.
  case fetched(HTTPBody)
  /// A 304 answer to a conditional request, with the validators the server sent (if any).
  case notModified(CacheValidators)
}
