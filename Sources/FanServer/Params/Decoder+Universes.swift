import FanAPI

extension Decoder {
  /// The universes the service serves (under `CodingUserInfoKey.universes`), or the shipped
  /// ones where the decoder was given none (a record decoded outside a service).
  package var universes: UniverseList {
    CodingUserInfoKey.universes.flatMap { userInfo[$0] as? UniverseList } ?? Universes.shipped
  }
}
