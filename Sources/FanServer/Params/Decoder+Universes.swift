import FanAPI
import JSONRPC

extension CodingUserInfoKey {
  /// The key of the service's `UniverseList`, which params decode universes and series against.
  ///
  /// Optional only because the initializer is (it never fails on a string).
  package static let universes = CodingUserInfoKey(rawValue: "bbfan.universes")
}

extension Decoder {
  /// The universes the service serves (under `CodingUserInfoKey.universes`), or the shipped
  /// ones where the decoder was given none (a record decoded outside a service).
  package var universes: UniverseList {
    CodingUserInfoKey.universes.flatMap { userInfo[$0] as? UniverseList } ?? Universes.shipped
  }
}

extension MethodRouter {
  /// Makes the params of methods registered from now on decode universes and series against
  /// `universes`.
  mutating func decodeUniverses(against universes: UniverseList) {
    if let key = CodingUserInfoKey.universes { decodingInfo[key] = universes }
  }
}
