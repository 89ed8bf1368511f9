import FanCore
import FanProtocol
import FanStorage
import FoundationEssentials
import JSONRPC

extension ProfileGet: RPCMethod {
  /// Reads the user's own state, in order with their writes.
  package static let scheduling = Scheduling.userState
}

extension ProfileUpdate: RPCMethod {
  /// Writes the user's own state.
  package static let scheduling = Scheduling.userState
}

extension FanService {
  /// Registers the `profile.*` methods.
  func registerProfileMethods(into router: inout MethodRouter) {
    let accounts = self.accounts
    let profiles = ProfileService(storage: storage)
    router.register(ProfileGet.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      return try await profiles.record(of: session.user)
    }
    router.register(ProfileUpdate.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      return try await profiles.update(
        session.user, displayName: params.displayName, photo: params.photo)
    }
  }
}
