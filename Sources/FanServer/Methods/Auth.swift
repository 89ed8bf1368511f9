import FanCore
import FanProtocol
import JSONRPC

extension AuthRegister: RPCMethod {
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState
}

extension AuthLogin: RPCMethod {
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState
}

extension AuthLogout: RPCMethod {
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState
}

extension AuthSession: RPCMethod {
  /// Reads who is signed in.
  package static let scheduling = Scheduling.userState
}

extension AuthAccounts: RPCMethod {
  /// Reads who is signed in.
  package static let scheduling = Scheduling.userState
}

extension AuthCheckPassword: RPCMethod {}

extension AuthDeleteAccount: RPCMethod {
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState
}

extension AuthSwitch: RPCMethod {
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState
}

extension FanService {
  /// Registers the `auth.*` methods.
  func registerAuthMethods(into router: inout MethodRouter) {
    let accounts = self.accounts
    let profiles = ProfileService(storage: storage)
    router.register(AuthRegister.self) { params, _ in
      let (user, token) = try await accounts.register(
        username: params.username, password: params.password,
        confirmation: params.passwordConfirmation)
      return AuthRegister.Result(user: UserRecord(user), token: token)
    }
    router.register(AuthLogin.self) { params, _ in
      let signedIn = try await accounts.login(
        username: params.username, password: params.password, device: params.device)
      return AuthLogin.Result(
        user: UserRecord(signedIn.user), token: signedIn.token, device: signedIn.device)
    }
    router.register(AuthLogout.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      try await accounts.logout(token: params.token)
      return AuthLogout.Result(user: UserRecord(session.user))
    }
    router.register(AuthAccounts.self) { _, _ in
      var answered: [AuthAccounts.Account] = []
      for account in try await accounts.signedInAccounts() {
        let profile = try await profiles.record(of: account.user)
        answered.append(
          AuthAccounts.Account(
            username: account.user.username, current: account.isCurrent,
            signedInAt: Timestamp.iso8601(milliseconds: account.signedInAt),
            displayName: profile.displayName, photo: profile.photo))
      }
      return AuthAccounts.Result(accounts: answered)
    }
    router.register(AuthCheckPassword.self) { params, _ in
      let unmet = PasswordPolicy.unmetRules(params.password)
      return AuthCheckPassword.Result(
        ok: unmet.isEmpty,
        problems: unmet.map {
          AuthCheckPassword.Problem(rule: $0.rawValue, problem: $0.description)
        },
        rules: PasswordPolicy.Rule.allCases.map {
          AuthCheckPassword.RuleState(
            rule: $0.rawValue, problem: $0.description, met: !unmet.contains($0))
        })
    }
    router.register(AuthDeleteAccount.self) { params, _ in
      _ = try await accounts.deleteAccount(password: params.password, token: params.token)
      return AuthDeleteAccount.Result(deleted: true)
    }
    router.register(AuthSwitch.self) { params, _ in
      AuthSwitch.Result(user: UserRecord(try await accounts.switchAccount(to: params.username)))
    }
    router.register(AuthSession.self) { params, _ in
      AuthSession.Result(
        user: try await accounts.optionalSession(token: params.token).map { UserRecord($0.user) })
    }
  }
}
