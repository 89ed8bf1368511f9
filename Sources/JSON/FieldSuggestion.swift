/// The known field closest to a misspelt one, carried as the `underlyingError` of the
/// `DecodingError` that reports the unknown field, so -32602 can list it in `data.suggestions`.
package struct FieldSuggestion: Error, Sendable, Equatable {
  /// The known field's name.
  package var name: String
}
