/// `auth.register`: creates an account and signs it in.
public enum AuthRegister: WireMethod {
  /// The wire name.
  public static let name = "auth.register"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .invalidParams, .application(.usernameTaken), .application(.passwordMismatch),
    .application(.weakPassword),
  ]

  /// `{username, password, passwordConfirmation}`.
  public struct Params: Codable, Sendable, Equatable {
    /// 3 to 32 letters, digits, `.`, `_`, `-`; unique regardless of case.
    public var username: String
    /// The password (see the password rules).
    public var password: String
    /// The password again.
    public var passwordConfirmation: String

    /// A value with these members.
    public init(username: String, password: String, passwordConfirmation: String) {
      self.username = username
      self.password = password
      self.passwordConfirmation = passwordConfirmation
    }
  }

  /// The new user and the session's token.
  public struct Result: Codable, Sendable, Equatable {
    /// The user.
    public var user: UserRecord
    /// The session's token: pass it as `token` to act for this user from another process.
    public var token: String

    /// A value with these members.
    public init(user: UserRecord, token: String) {
      self.user = user
      self.token = token
    }
  }
}

/// `auth.login`: signs a user in.
public enum AuthLogin: WireMethod {
  /// The wire name.
  public static let name = "auth.login"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .application(.unknownUser), .application(.wrongPassword),
  ]

  /// `{username, password, device?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The username (case is ignored).
    public var username: String
    /// The password.
    public var password: String
    /// The device cookie an earlier `auth.login` of this user gave this caller, or `""` for
    /// none yet; either way the result then carries a device cookie to keep.
    public var device: String?

    /// A value with these members.
    public init(username: String, password: String, device: String? = nil) {
      self.username = username
      self.password = password
      self.device = device
    }
  }

  /// The user, the session's token and, when asked for, a device cookie.
  public struct Result: Codable, Sendable, Equatable {
    /// The user.
    public var user: UserRecord
    /// The session's token: pass it as `token` to act for this user from another process.
    public var token: String
    /// A device cookie of this user, when the params had `device`: pass it as `device` at the
    /// next `auth.login` of this user, and a stranger's wrong passwords will not hold it back.
    public var device: String?

    /// A value with these members.
    public init(user: UserRecord, token: String, device: String? = nil) {
      self.user = user
      self.token = token
      self.device = device
    }
  }
}

/// `auth.logout`: ends the current session (or the one of `token`); it is no longer remembered.
public enum AuthLogout: WireMethod {
  /// The wire name.
  public static let name = "auth.logout"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized)]

  /// `{token?}`.
  public typealias Params = TokenParams

  /// The user who was signed out.
  public struct Result: Codable, Sendable, Equatable {
    /// The user.
    public var user: UserRecord

    /// A value with these members.
    public init(user: UserRecord) {
      self.user = user
    }
  }
}

/// `auth.session`: who is signed in (the remembered user after a restart), or null.
public enum AuthSession: WireMethod {
  /// The wire name.
  public static let name = "auth.session"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized)]

  /// `{token?}`.
  public typealias Params = TokenParams

  /// The signed-in user, or null.
  public struct Result: Codable, Sendable, Equatable {
    /// The user, or null when nobody is signed in.
    @EncodedAsNull public var user: UserRecord?

    /// A value with these members.
    public init(user: UserRecord? = nil) {
      self.user = user
    }
  }
}

/// `auth.accounts`: the accounts signed in on this data directory, and which one is current.
public enum AuthAccounts: WireMethod {
  /// The wire name.
  public static let name = "auth.accounts"
  /// The errors its schema documents.
  public static let errors: [MethodError] = []

  /// No params.
  public struct Params: Codable, Sendable, Equatable {
    /// The empty params.
    public init() {}
  }

  /// The accounts, in the order they signed in.
  public struct Result: Codable, Sendable, Equatable {
    /// Every account signed in here.
    public var accounts: [Account]

    /// A value with these members.
    public init(accounts: [Account]) {
      self.accounts = accounts
    }
  }

  /// An account signed in on the data directory.
  public struct Account: Codable, Sendable, Equatable {
    /// The username.
    public var username: String
    /// Whether requests without a token act for it.
    public var current: Bool
    /// When it signed in here (ISO 8601, UTC).
    public var signedInAt: String
    /// The profile's display name, or null (as `profile.get` answers it).
    @EncodedAsNull public var displayName: String?
    /// The profile's photo, or null (as `profile.get` answers it).
    @EncodedAsNull public var photo: PhotoRecord?

    /// A value with these members.
    public init(
      username: String, current: Bool, signedInAt: String, displayName: String? = nil,
      photo: PhotoRecord? = nil
    ) {
      self.username = username
      self.current = current
      self.signedInAt = signedInAt
      self.displayName = displayName
      self.photo = photo
    }
  }
}

/// `auth.checkPassword`: the password rules a password breaks, for a form that checks as the
/// user types; creates nothing.
public enum AuthCheckPassword: WireMethod {
  /// The wire name.
  public static let name = "auth.checkPassword"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]

  /// `{password}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The password to check.
    public var password: String

    /// A value with these members.
    public init(password: String) {
      self.password = password
    }
  }

  /// Whether the password is acceptable, each rule it breaks, and every rule with whether it
  /// is met (so a form can show them all without a list of its own).
  public struct Result: Codable, Sendable, Equatable {
    /// True when it breaks no rule (`auth.register` would take it).
    public var ok: Bool
    /// Each broken rule, in the order of `auth.register`'s `data.rules`.
    public var problems: [Problem]
    /// Every rule, in the same order, met or not.
    public var rules: [RuleState]

    /// A value with these members.
    public init(ok: Bool, problems: [Problem], rules: [RuleState]) {
      self.ok = ok
      self.problems = problems
      self.rules = rules
    }
  }

  /// A password rule and whether the password meets it.
  public struct RuleState: Codable, Sendable, Equatable {
    /// The rule's stable id, as in `auth.register`'s `data.rules`.
    public var rule: String
    /// What the rule asks for, as in `auth.register`'s `data.unmet`.
    public var problem: String
    /// Whether the password meets it.
    public var met: Bool

    /// A value with these members.
    public init(rule: String, problem: String, met: Bool) {
      self.rule = rule
      self.problem = problem
      self.met = met
    }
  }

  /// A broken password rule.
  public struct Problem: Codable, Sendable, Equatable {
    /// The rule's stable id, as in `auth.register`'s `data.rules`.
    public var rule: String
    /// What the password needs, as in `auth.register`'s `data.unmet`.
    public var problem: String

    /// A value with these members.
    public init(rule: String, problem: String) {
      self.rule = rule
      self.problem = problem
    }
  }
}

/// `auth.deleteAccount`: deletes the signed-in account for good, with its password.
public enum AuthDeleteAccount: WireMethod {
  /// The wire name.
  public static let name = "auth.deleteAccount"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .application(.unauthorized), .application(.wrongPassword), .invalidParams,
  ]

  /// `{password, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The account's password.
    public var password: String
    /// Deletes this session's account instead of the current one.
    public var token: String?

    /// A value with these members.
    public init(password: String, token: String? = nil) {
      self.password = password
      self.token = token
    }
  }

  /// `{deleted: true}`.
  public struct Result: Codable, Sendable, Equatable {
    /// Always true: the account is gone.
    public var deleted: Bool

    /// A value with these members.
    public init(deleted: Bool) {
      self.deleted = deleted
    }
  }
}

/// `auth.switch`: makes another account signed in on this data directory the current one,
/// without its password.
public enum AuthSwitch: WireMethod {
  /// The wire name.
  public static let name = "auth.switch"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.notFound)]

  /// `{username}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The account to act for (case is ignored); it must be signed in here.
    public var username: String

    /// A value with these members.
    public init(username: String) {
      self.username = username
    }
  }

  /// The user now current.
  public typealias Result = AuthLogout.Result
}
