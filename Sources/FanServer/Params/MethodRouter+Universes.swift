import FanAPI
import FanProtocol
import JSONRPC

extension MethodRouter {
  /// Makes the params of methods registered from now on decode universes and series against
  /// `universes`: any other name is -32602 listing those that exist.
  mutating func decodeUniverses(against universes: UniverseList) {
    if let key = WireVocabulary.userInfoKey {
      decodingInfo[key] = WireVocabulary(
        universes: universes.ids, series: universes.all.flatMap(\.series))
    }
  }
}
