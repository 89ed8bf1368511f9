import JSON
import JSONRPC
import JSONRPCTestSupport

@testable import FanServer

/// `test.echo`: answers its text, a quick concurrent call among the user-state ones.
enum Echo: RPCMethod {
  static let name = "test.echo"
  struct Params: Codable, Sendable {
    var text: String
  }
  typealias Result = String
}

/// A user-state method that shares its commit with the ones queued beside it.
enum Share: RPCMethod {
  static let name = "test.share"
  static let scheduling = Scheduling.userStateSharingCommit
  struct Params: Codable, Sendable {
    var value: Int
    var fail: Bool?
  }
  typealias Result = Int
}

/// A user-state method that commits on its own.
enum Note: RPCMethod {
  static let name = "test.note"
  static let scheduling = Scheduling.userState
  struct Params: Codable, Sendable {
    var value: Int
  }
  typealias Result = Int
}

/// What a sharing method of the tests throws when it is told to fail.
struct DomainProblem: Error {}

/// What a commit scope of the tests throws when it is told to fail.
struct CommitProblem: Error {}

/// A connection serving `test.share`, `test.note` and `test.echo`, logging into `log`.
///
/// Its commit scope adds `begin` and `commit` around each group (or `commit failed`, and throws,
/// when `fails` says so); the methods add `run V` and `note V`. `test.share` with `fail` throws
/// `DomainProblem` (-32001); a failed commit is -32002.
func makeSharingConnection(
  log: EventLog, fails: @escaping @Sendable () -> Bool = { false }
) -> JSONRPCConnection {
  var router = MethodRouter()
  router.register(Share.self) { params, _ in
    log.add("run \(params.value)")
    if params.fail == true { throw DomainProblem() }
    return params.value
  }
  router.register(Note.self) { params, _ in
    log.add("note \(params.value)")
    return params.value
  }
  router.register(Echo.self) { params, _ in params.text }
  let scheduler = ServiceScheduler(commitScope: { body in
    log.add("begin")
    await body("group")
    if fails() {
      log.add("commit failed")
      throw CommitProblem()
    }
    log.add("commit")
  })
  return JSONRPCConnection(
    router: router, log: DiagnosticLog(level: .off), scheduler: scheduler,
    errorMapper: { error in
      switch error {
      case is DomainProblem: JSONRPCError(code: -32001, message: "The domain said no.")
      case is CommitProblem: JSONRPCError(code: -32002, message: "The commit failed.")
      default: .internalError()
      }
    })
}
