import FanCore
import FanProtocol

extension CharacterReferenceParam {
  /// The domain's reference: the same id or name.
  var reference: CharacterReference {
    switch self {
    case .id(let id): .id(id)
    case .name(let name): .name(name)
    }
  }
}
