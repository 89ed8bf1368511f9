import FanAPI
import JSONRPC

extension MethodRouter {
  /// Makes the params of methods registered from now on decode universes and series against
  /// `universes`.
  mutating func decodeUniverses(against universes: UniverseList) {
    if let key = CodingUserInfoKey.universes { decodingInfo[key] = universes }
  }
}
