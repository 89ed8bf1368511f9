import Foundation
import Synchronization

/// A throwaway PostgreSQL server of a test's own: a fresh cluster in a temporary folder, reached
/// only through a Unix socket in that folder (no TCP port to collide on), with a database
/// `bbfan` owned by the user `bbfan`.
///
/// When the tests run as root (as in CI containers), the server runs as `nobody` (PostgreSQL
/// refuses root). `stop()` ends it and removes the folder; `stopForOutage()` and `start()` stop
/// and restart the same cluster, for tests of what bbfan does while its database is away.
package final class TemporaryPostgres: Sendable {
  /// The URL bbfan connects with (`postgres://bbfan@/bbfan?host=FOLDER`).
  package let url: String
  /// The folder that holds the cluster, its log and its socket.
  package let directory: String
  private let tools: String
  private let runAs: [String]
  private let stopped = Mutex(false)

  /// Why a server could not be started or stopped, with what its tools printed.
  package struct Failure: Error, CustomStringConvertible {
    /// What went wrong, and the output of the command that failed.
    package let description: String
  }

  /// The folder of PostgreSQL's server programs (`initdb`, `pg_ctl`), or nil when there is none:
  /// the one `initdb` on `PATH` is in, else the newest `/usr/lib/postgresql/N/bin`.
  package static let toolsDirectory: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let manager = FileManager.default
    for folder in path.split(separator: ":").map(String.init)
    where manager.isExecutableFile(atPath: folder + "/initdb")
      && manager.isExecutableFile(atPath: folder + "/pg_ctl")
    {
      // initdb and pg_ctl may be links into the versioned folder, where the other tools are.
      let real = URL(filePath: folder + "/initdb").resolvingSymlinksInPath()
      return real.deletingLastPathComponent().path()
    }
    let versions = (try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    return
      versions
      .compactMap { version in Int(version).map { (number: $0, name: version) } }
      .sorted { $0.number > $1.number }
      .map { "/usr/lib/postgresql/\($0.name)/bin" }
      .first { manager.isExecutableFile(atPath: $0 + "/initdb") }
  }()

  /// One server for the whole test process, started on first use and stopped when the process
  /// exits, for tests that need a database but not a server of their own.
  private static let shared: Result<TemporaryPostgres, any Error> = Result {
    let server = try TemporaryPostgres()
    atexit { try? TemporaryPostgres.shared.get().stop() }
    return server
  }

  private static let databases = Atomic(0)

  /// The URL of a new, empty database on the test process's shared server (see `shared`).
  package static func freshDatabase() throws -> String {
    let server = try shared.get()
    let name = "test\(databases.add(1, ordering: .relaxed).newValue)"
    try server.run("createdb", "-h", server.directory, "-U", "bbfan", name, asServer: false)
    return "postgres://bbfan@/\(name)?host=\(server.directory)"
  }

  /// Creates a cluster and starts its server; returns once it accepts connections.
  package init() throws {
    guard let tools = Self.toolsDirectory else {
      throw Failure(description: "PostgreSQL is not installed (apt-get install postgresql)")
    }
    self.tools = tools.hasSuffix("/") ? String(tools.dropLast()) : tools
    var template = Array("/tmp/bbfan-pg-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Failure(
        description: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
    }
    directory = String(cString: made)
    if geteuid() == 0 {
      guard let nobody = getpwnam("nobody") else {
        throw Failure(
          description: "running as root and there is no user nobody to run PostgreSQL as")
      }
      chown(directory, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
      runAs = [
        "/usr/bin/setpriv", "--reuid=\(nobody.pointee.pw_uid)", "--regid=\(nobody.pointee.pw_gid)",
        "--clear-groups", "--",
      ]
    } else {
      runAs = []
    }
    url = "postgres://bbfan@/bbfan?host=\(directory)"
    do {
      try run(
        "initdb", "-D", directory + "/data", "-U", "bbfan", "--auth-local=trust", "-E", "UTF8",
        "--locale=C", "--no-sync")
      let settings = """

        listen_addresses = ''
        unix_socket_directories = '\(directory)'
        max_connections = 100
        shared_buffers = 16MB

        """
      let configuration = FileHandle(forWritingAtPath: directory + "/data/postgresql.conf")
      try configuration?.seekToEnd()
      try configuration?.write(contentsOf: Data(settings.utf8))
      try configuration?.close()
      try start()
      try run("createdb", "-h", directory, "-U", "bbfan", "bbfan", asServer: false)
    } catch {
      stop()
      throw error
    }
  }

  deinit {
    stop()
  }

  /// Starts the server (again, after `stopForOutage()`); returns once it accepts connections.
  package func start() throws {
    try run("pg_ctl", "-D", directory + "/data", "-l", directory + "/server.log", "-w", "start")
  }

  /// Stops the server but keeps its cluster, as an outage would; `start()` brings it back.
  package func stopForOutage() throws {
    try run("pg_ctl", "-D", directory + "/data", "-m", "fast", "-w", "stop")
  }

  /// Stops the server, if it runs, and removes its folder; later calls do nothing.
  package func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    if FileManager.default.fileExists(atPath: directory + "/data/postmaster.pid") {
      _ = try? run("pg_ctl", "-D", directory + "/data", "-m", "immediate", "-w", "stop")
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Runs one of PostgreSQL's programs (as the server's user when `asServer`), with nothing open
  /// but a log file, so that the server it may start holds none of the test process's pipes.
  private func run(_ arguments: String..., asServer: Bool = true) throws {
    let output = directory + "/commands.log"
    let command = (asServer ? runAs : []) + [tools + "/" + arguments[0]] + arguments.dropFirst()
    let status = try Self.spawn(command, output: output)
    guard status == 0 else {
      let log = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      let server = (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
      throw Failure(
        description: "\(command.joined(separator: " ")) exited with \(status):\n\(log)\n\(server)")
    }
  }

  /// Runs `command` with stdin from /dev/null, stdout and stderr appended to `output`, and every
  /// other descriptor closed; returns its exit status.
  private static func spawn(_ command: [String], output: String) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    guard let closeFrom = addCloseFrom() else {
      throw Failure(description: "this C library has no posix_spawn_file_actions_addclosefrom_np")
    }
    _ = closeFrom(&actions, 3)
    let arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
    guard result == 0 else {
      throw Failure(description: "cannot start \(command[0]): \(String(cString: strerror(result)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else {
        throw Failure(description: "waitpid: \(String(cString: strerror(errno)))")
      }
    }
    // WIFEXITED and WEXITSTATUS are macros Swift does not import.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  private typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
  /// module does not declare.
  private static func addCloseFrom() -> AddCloseFrom? {
    dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
      unsafeBitCast($0, to: AddCloseFrom.self)
    }
  }
}
