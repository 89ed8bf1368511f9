import FanCore
import JSONRPC

/// `auth.register`: creates an account and signs it in.
package enum AuthRegister: RPCMethod {
  /// The wire name.
  package static let name = "auth.register"
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState

  /// `{username, password, passwordConfirmation}`.
  package struct Params: Codable, Sendable, Equatable {
    /// 3 to 32 letters, digits, `.`, `_`, `-`; unique regardless of case.
    package var username: String
    /// The password (see the password rules).
    package var password: String
    /// The password again.
    package var passwordConfirmation: String
  }

  /// The new user and the session's token.
  package struct Result: Codable, Sendable, Equatable {
    /// The user.
    package var user: UserRecord
    /// The session's token: pass it as `token` to act for this user from another process.
    package var token: String
  }
}

/// `auth.login`: signs a user in.
package enum AuthLogin: RPCMethod {
  /// The wire name.
  package static let name = "auth.login"
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState

  /// `{username, password}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The username (case is ignored).
    package var username: String
    /// The password.
    package var password: String
  }

  /// The user and the session's token.
  package typealias Result = AuthRegister.Result
}

/// `auth.logout`: ends the current session (or the one of `token`); it is no longer remembered.
package enum AuthLogout: RPCMethod {
  /// The wire name.
  package static let name = "auth.logout"
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState

  /// `{token?}`.
  package typealias Params = TokenParams

  /// The user who was signed out.
  package struct Result: Codable, Sendable, Equatable {
    /// The user.
    package var user: UserRecord
  }
}

/// `auth.session`: who is signed in (the remembered user after a restart), or null.
package enum AuthSession: RPCMethod {
  /// The wire name.
  package static let name = "auth.session"
  /// Reads who is signed in.
  package static let scheduling = Scheduling.userState

  /// `{token?}`.
  package typealias Params = TokenParams

  /// The signed-in user, or null.
  package struct Result: Codable, Sendable, Equatable {
    /// The user, or null when nobody is signed in.
    @EncodedAsNull package var user: UserRecord?
  }
}

/// `auth.accounts`: the accounts signed in on this data directory, and which one is current.
package enum AuthAccounts: RPCMethod {
  /// The wire name.
  package static let name = "auth.accounts"
  /// Reads who is signed in.
  package static let scheduling = Scheduling.userState

  /// No params.
  package struct Params: Codable, Sendable, Equatable {}

  /// The accounts, in the order they signed in.
  package struct Result: Codable, Sendable, Equatable {
    /// Every account signed in here.
    package var accounts: [Account]
  }

  /// An account signed in on the data directory.
  package struct Account: Codable, Sendable, Equatable {
    /// The username.
    package var username: String
    /// Whether requests without a token act for it.
    package var current: Bool
    /// When it signed in here (ISO 8601, UTC).
    package var signedInAt: String
    /// The profile's display name, or null (as `profile.get` answers it).
    @EncodedAsNull package var displayName: String?
    /// The profile's photo, or null (as `profile.get` answers it).
    @EncodedAsNull package var photo: PhotoRecord?
  }
}

/// `auth.checkPassword`: the password rules a password breaks, for a form that checks as the
/// user types; creates nothing.
package enum AuthCheckPassword: RPCMethod {
  /// The wire name.
  package static let name = "auth.checkPassword"

  /// `{password}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The password to check.
    package var password: String
  }

  /// Whether the password is acceptable, each rule it breaks, and every rule with whether it
  /// is met (so a form can show them all without a list of its own).
  package struct Result: Codable, Sendable, Equatable {
    /// True when it breaks no rule (`auth.register` would take it).
    package var ok: Bool
    /// Each broken rule, in the order of `auth.register`'s `data.rules`.
    package var problems: [Problem]
    /// Every rule, in the same order, met or not.
    package var rules: [RuleState]
  }

  /// A password rule and whether the password meets it.
  package struct RuleState: Codable, Sendable, Equatable {
    /// The rule's stable id, as in `auth.register`'s `data.rules`.
    package var rule: String
    /// What the rule asks for, as in `auth.register`'s `data.unmet`.
    package var problem: String
    /// Whether the password meets it.
    package var met: Bool
  }

  /// A broken password rule.
  package struct Problem: Codable, Sendable, Equatable {
    /// The rule's stable id, as in `auth.register`'s `data.rules`.
    package var rule: String
    /// What the password needs, as in `auth.register`'s `data.unmet`.
    package var problem: String
  }
}

/// `auth.deleteAccount`: deletes the signed-in account for good, with its password.
package enum AuthDeleteAccount: RPCMethod {
  /// The wire name.
  package static let name = "auth.deleteAccount"
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState

  /// `{password, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The account's password.
    package var password: String
    /// Deletes this session's account instead of the current one.
    package var token: String?
  }

  /// `{deleted: true}`.
  package struct Result: Codable, Sendable, Equatable {
    /// Always true: the account is gone.
    package var deleted: Bool
  }
}

/// `auth.switch`: makes another account signed in on this data directory the current one,
/// without its password.
package enum AuthSwitch: RPCMethod {
  /// The wire name.
  package static let name = "auth.switch"
  /// Changes who is signed in.
  package static let scheduling = Scheduling.userState

  /// `{username}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The account to act for (case is ignored); it must be signed in here.
    package var username: String
  }

  /// The user now current.
  package typealias Result = AuthLogout.Result
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
      let (user, token) = try await accounts.login(
        username: params.username, password: params.password)
      return AuthLogin.Result(user: UserRecord(user), token: token)
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
