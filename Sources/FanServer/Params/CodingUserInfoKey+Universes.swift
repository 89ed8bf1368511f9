extension CodingUserInfoKey {
  /// The key of the service's `UniverseList`, which params decode universes and series against.
  ///
  /// Optional only because the initializer is (it never fails on a string).
  package static let universes = CodingUserInfoKey(rawValue: "bbfan.universes")
}
