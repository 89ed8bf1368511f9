import Foundation
import JSON
import TestSupport
import Testing

/// The built binary on a data directory that cannot be used: a damaged database, one the user
/// may not write, a full disk, another process holding the lock, many processes starting at once.
///
/// Every fault answers -32010 `storage-unavailable` with its `failure` and a sentence saying what
/// to do, never -32603; the catalog methods still answer; a damaged file is left as it was.
@Suite("Storage faults", .serialized, .timeLimit(.minutes(5)))
struct StorageFaultsEndToEndTests {
  let directory = ServiceProcess.temporaryDataDirectory()

  private var database: String { directory + "/bbfan.sqlite3" }

  private var arguments: [String] {
    ["--data-dir", directory, "--log-level", "warning", "--password-cost", "1000"]
  }

  private static func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  private static func register(_ name: String) -> String {
    #"{"username":"\#(name)","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#
  }

  private func session(_ lines: [String], extra: [String] = []) async throws -> [Int: JSONValue] {
    try await ServiceProcess.running(arguments + extra, lines: lines).repliesByID()
  }

  /// A data directory where walt is registered (and remembered) and has favourites, and other
  /// users make the file a few pages long.
  private func populate(users: Int = 60) async throws {
    var lines = [Self.request(1, "auth.register", Self.register("walt"))]
    for quote in 1...10 {
      lines.append(Self.request(1 + quote, "favorites.toggle", #"{"quoteId":\#(quote)}"#))
    }
    for user in 0..<users {
      lines.append(Self.request(100 + user, "auth.register", Self.register("user\(user)")))
    }
    lines.append(Self.request(200, "auth.login", #"{"username":"walt","password":"Heisenberg1!"}"#))
    let replies = try await session(lines)
    let failed = replies.values.filter { $0["result"] == nil }
    #expect(failed.isEmpty, "setting up: \(failed.first?.serializedText ?? "")")
  }

  private static func integer(_ value: JSONValue?) -> Int? {
    guard case .number(let text)? = value else { return nil }
    return Int(text)
  }

  /// Quotes that `populate` leaves out of walt's favourites (the catalog has 1 to 30 and 63 to
  /// 102).
  private static let unfavoured = Array(11...30) + Array(63...92)

  private func cleanUp() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Checks that `reply` is -32010 with `failure`, the database's path, and a message that says
  /// what to do (`advice`).
  private static func expectStorageError(
    _ reply: JSONValue?, failure: String, path: String, advice: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = reply?["error"]
    #expect(
      error?["code"] == .integer(-32010), "\(reply?.serializedText ?? "no reply")",
      sourceLocation: sourceLocation)
    #expect(
      error?["data"]?["reason"] == .string("storage-unavailable"),
      sourceLocation: sourceLocation)
    #expect(
      error?["data"]?["failure"] == .string(failure), "\(reply?.serializedText ?? "")",
      sourceLocation: sourceLocation)
    #expect(error?["data"]?["path"] == .string(path), sourceLocation: sourceLocation)
    let message = error?["message"]?.stringValue ?? ""
    #expect(message.contains(advice), "\(message)", sourceLocation: sourceLocation)
  }

  /// The catalog methods answer, without `isFavorite`, while storage cannot be used.
  private static func expectCatalogAnswers(_ replies: [Int: JSONValue], ids: [Int]) {
    for id in ids {
      let result = replies[id]?["result"]
      #expect(result != nil, "\(replies[id]?.serializedText ?? "no reply")")
      #expect(!(result?.serializedText.contains("isFavorite") ?? true))
    }
  }

  /// Sends every request that uses storage, and the catalog methods, with ids 1 to 8.
  private static let everyKind = [
    request(1, "auth.session"),
    request(2, "auth.login", #"{"username":"walt","password":"Heisenberg1!"}"#),
    request(3, "favorites.toggle", #"{"quoteId":1}"#),
    request(4, "favorites.list"),
    request(5, "auth.register", register("jesse")),
    request(6, "characters.get", #"{"id":1}"#),
    request(7, "quotes.byCharacter", #"{"id":1}"#),
    request(8, "quotes.random"),
  ]

  @Test(
    "a damaged database answers corrupt, never -32603; the catalog answers; the file is unchanged",
    arguments: ["garbage", "truncated", "empty header"])
  func corrupt(kind: String) async throws {
    defer { cleanUp() }
    switch kind {
    case "garbage":
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let bytes = (0..<20_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
      try Data(bytes).write(to: URL(filePath: database))
    case "truncated":
      try await populate()
      let size = try #require(
        try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int)
      try #require(size >= 8 * 4096, "the database should span several pages, not \(size) bytes")
      let handle = try FileHandle(forWritingTo: URL(filePath: database))
      try handle.truncate(atOffset: UInt64(size / 2))
      try handle.close()
    default:
      try await populate()
      // The first 100 bytes (the header) overwritten: "file is not a database".
      let handle = try FileHandle(forWritingTo: URL(filePath: database))
      try handle.write(contentsOf: Data(repeating: 0x41, count: 100))
      try handle.close()
    }
    let before = try Data(contentsOf: URL(filePath: database))
    let outcome = try await ServiceProcess.running(arguments, lines: Self.everyKind)
    let replies = try outcome.repliesByID()
    for id in 1...5 {
      Self.expectStorageError(
        replies[id], failure: "corrupt", path: database, advice: "restore it from a backup")
    }
    Self.expectCatalogAnswers(replies, ids: [6, 7, 8])
    #expect(try Data(contentsOf: URL(filePath: database)) == before, "the file was changed")
    #expect(outcome.stderr.contains("storage: corrupt"), "the log says why: \(outcome.stderr)")
  }

  /// How to run the binary as a user that the file's permissions apply to: as it is when the
  /// tests do not run as root, else through `setpriv` as nobody; nil when neither works.
  static let unprivilegedRunner: [String]? = {
    if getuid() != 0 { return [] }
    let setpriv = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    guard FileManager.default.isExecutableFile(atPath: setpriv[0]),
      let probe = try? Subprocess.run(setpriv + ["/usr/bin/id", "-u"]),
      probe.status == 0, probe.output.trimmingCharacters(in: .whitespacesAndNewlines) != "0"
    else { return nil }
    return setpriv
  }()

  /// Whether this process may mount a size-limited tmpfs (root, or CAP_SYS_ADMIN), found by
  /// mounting one on a folder of its own and unmounting it.
  static let canMountTmpfs: Bool = {
    let probe = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: probe) }
    guard
      (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true))
        != nil,
      let mount = try? Subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", probe]),
      mount.status == 0
    else { return false }
    _ = try? Subprocess.run(["umount", probe])
    return true
  }()

  // Skipped, with the reason shown, only as root where setpriv cannot drop to nobody: root
  // writes whatever the permissions say.
  @Test(
    "a database the user may not write answers read-only; the catalog answers; nothing changes",
    .enabled(
      if: StorageFaultsEndToEndTests.unprivilegedRunner != nil,
      "running as root without a setpriv that can run bbfan as nobody: root may write anything"),
    arguments: ["file and folder", "folder only"])
  func readOnly(kind: String) async throws {
    defer { cleanUp() }
    let runner = try #require(Self.unprivilegedRunner)
    try await populate()
    let fileManager = FileManager.default
    // Readable by everyone, writable by nobody but its owner (root, or this user).
    try fileManager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
    defer { try? fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory) }
    try fileManager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database)
    if kind == "folder only", !runner.isEmpty {
      // The file is the user's own and writable; only the folder is not (SQLite's 1544).
      try fileManager.setAttributes(
        [.posixPermissions: 0o644, .ownerAccountName: "nobody"], ofItemAtPath: database)
    } else if kind == "folder only" {
      try fileManager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
    }
    let before = try Data(contentsOf: URL(filePath: database))
    let input = Array(Self.everyKind.map { $0 + "\n" }.joined().utf8)
    let outcome =
      runner.isEmpty
      ? try await ServiceProcess.running(arguments, input: input)
      : try await ServiceProcess.running(
        Array(runner.dropFirst()) + [ServiceProcess.executable.path()] + arguments, input: input,
        executable: URL(filePath: runner[0]))
    let replies = try outcome.repliesByID()
    for id in 1...5 {
      Self.expectStorageError(
        replies[id], failure: "read-only", path: database,
        advice: "give the user running bbfan write access to \(directory)")
    }
    Self.expectCatalogAnswers(replies, ids: [6, 7, 8])
    #expect(try Data(contentsOf: URL(filePath: database)) == before, "the file was changed")
  }

  // Skipped, with the reason shown, only where no tmpfs can be mounted (not root, no
  // CAP_SYS_ADMIN); the file-size-limit test below still covers disk-full there.
  @Test(
    "a write on a full disk answers disk-full, saves nothing, and works once there is room",
    .enabled(
      if: StorageFaultsEndToEndTests.canMountTmpfs,
      "cannot mount a size-limited tmpfs here (needs root or CAP_SYS_ADMIN)"))
  func diskFull() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let mount = try Subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", directory])
    try #require(mount.status == 0, "mounting a 2 MiB tmpfs: \(mount.output)")
    defer { _ = try? Subprocess.run(["umount", directory]) }
    try await populate(users: 0)
    let before = try Data(contentsOf: URL(filePath: database))
    let service = try InteractiveService(arguments)
    // The store is open (and its shared-memory file made) before the disk fills, so the failure
    // comes where it would in use: writing the journal, at COMMIT.
    try service.send(Self.request(1, "auth.session") + "\n")
    #expect(service.readLine()?.contains(#""walt""#) == true)
    let filler = directory + "/filler"
    let fill = try Subprocess.run([
      "python3", "-c",
      "import os,sys\nfd=os.open(sys.argv[1],os.O_WRONLY|os.O_CREAT)\n"
        + "try:\n  while True: os.write(fd,b'\\0'*4096)\nexcept OSError as e: print(e)",
      filler,
    ])
    #expect(fill.output.contains("No space left"), "\(fill.output)")
    // Sent together, so that they share a commit: its failure is every one's.
    try service.send(
      (2...4).map { Self.request($0, "favorites.toggle", #"{"quoteId":\#(20 + $0)}"#) + "\n" }
        .joined())
    for _ in 2...4 {
      let reply = try JSONParser.parse(service.readLine() ?? "")
      Self.expectStorageError(reply, failure: "disk-full", path: database, advice: "free space")
    }
    try service.send(Self.request(5, "characters.get", #"{"id":1}"#) + "\n")
    #expect(service.readLine()?.contains(#""isFavorite":true"#) == true, "reads still work")
    #expect(try Data(contentsOf: URL(filePath: database)) == before, "the file was changed")
    try FileManager.default.removeItem(atPath: filler)
    try service.send(Self.request(6, "favorites.toggle", #"{"quoteId":30}"#) + "\n")
    #expect(service.readLine()?.contains(#""isFavorite":true"#) == true, "writes work with room")
    try service.closeInput()
    #expect(service.waitForExit() == 0)
    #expect(!service.stderrText.contains("unexpected error"), "\(service.stderrText)")
    let check = try await session([Self.request(1, "favorites.list")])
    let ids = check[1]?["result"]?["quotes"]?.arrayValue?.compactMap { Self.integer($0["id"]) }
    #expect(ids == [30] + Array((1...10).reversed()), "only the write made with room was saved")
  }

  @Test("a write past the file size limit (EFBIG, as a full disk) answers disk-full, never -32603")
  func fileSizeLimit() async throws {
    defer { cleanUp() }
    try await populate()
    // bash: a limit of 40 KiB on any file this process writes, and SIGXFSZ ignored so a write
    // past it fails with EFBIG instead of killing the process.
    var lines = [Self.request(1, "auth.session")]
    for (index, quote) in Self.unfavoured.enumerated() {
      // The first half alone (a read between two toggles keeps them from sharing a commit), a
      // transaction each, so that the journal grows to the limit; then the rest together, whose
      // shared commits fail past it as a whole.
      if index < Self.unfavoured.count / 2 {
        lines.append(Self.request(1_000 + quote, "auth.session"))
      }
      lines.append(Self.request(quote, "favorites.toggle", #"{"quoteId":\#(quote)}"#))
    }
    let command =
      "ulimit -f 40; trap '' XFSZ; exec \"$0\" \"$@\""
    let outcome = try await ServiceProcess.running(
      ["-c", command, ServiceProcess.executable.path()] + arguments,
      input: Array(lines.map { $0 + "\n" }.joined().utf8), executable: URL(filePath: "/bin/bash"))
    let replies = try outcome.repliesByID()
    #expect(replies.count == lines.count, "every request answered: \(outcome.stderr)")
    var acknowledged: [Int] = []
    var failed = 0
    for quote in Self.unfavoured {
      if replies[quote]?["result"]?["isFavorite"] == .bool(true) {
        acknowledged.append(quote)
      } else {
        failed += 1
        Self.expectStorageError(
          replies[quote], failure: "disk-full", path: database, advice: "free space")
      }
    }
    #expect(failed > 0, "the limit was never reached: \(outcome.stderr)")
    // Without the limit, every acknowledged write is there, and the database is sound.
    let (_, output) = try Subprocess.run([
      "python3", "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute('PRAGMA integrity_check').fetchone()[0])",
      database,
    ])
    #expect(output.hasPrefix("ok"), "\(output)")
    let check = try await session([Self.request(1, "favorites.list")])
    let ids = Set(
      check[1]?["result"]?["quotes"]?.arrayValue?.compactMap { Self.integer($0["id"]) } ?? [])
    #expect(Set(acknowledged).isSubset(of: ids), "lost: \(Set(acknowledged).subtracting(ids))")
  }

  @Test("a write waiting past the busy timeout answers busy; reads and the catalog still answer")
  func busy() async throws {
    defer { cleanUp() }
    try await populate()
    let holder = try WriteLockHolder(path: database)
    let replies = try await session(
      [
        Self.request(1, "auth.session"),
        Self.request(2, "favorites.toggle", #"{"quoteId":63}"#),
        Self.request(3, "characters.get", #"{"id":1}"#),
      ], extra: ["--busy-timeout", "0.2"])
    holder.release()
    #expect(replies[1]?["result"]?["user"]?["username"] == .string("walt"))
    Self.expectStorageError(replies[2], failure: "busy", path: database, advice: "try again")
    #expect(replies[3]?["result"]?.serializedText.contains(#""isFavorite":true"#) == true)
    let after = try await session([Self.request(1, "favorites.toggle", #"{"quoteId":63}"#)])
    #expect(after[1]?["result"]?["isFavorite"] == .bool(true))
  }

  @Test("eight processes first using one fresh data directory at the same moment all succeed")
  func startingTogether() async throws {
    for round in 1...5 {
      let directory = ServiceProcess.temporaryDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let arguments = [
        "--data-dir", directory, "--log-level", "warning", "--password-cost", "1000",
      ]
      let services = try (0..<8).map { _ in try InteractiveService(arguments) }
      // Every process is up (service.info needs no storage) before any opens the database.
      for service in services {
        try service.send(Self.request(0, "service.info") + "\n")
        #expect(service.readLine() != nil)
      }
      // Then each registers and toggles a favourite, all at once.
      for (index, service) in services.enumerated() {
        try service.send(
          Self.request(1, "auth.register", Self.register("user\(index)")) + "\n"
            + Self.request(2, "favorites.toggle", #"{"quoteId":1}"#) + "\n")
      }
      for (index, service) in services.enumerated() {
        for _ in 1...2 {
          let reply = service.readLine() ?? "no reply"
          #expect(reply.contains(#""result""#), "round \(round), process \(index): \(reply)")
        }
        try service.closeInput()
        #expect(service.waitForExit() == 0)
      }
      let check = try ServiceProcess.run(
        arguments, lines: [Self.request(1, "favorites.top", #"{"limit":1}"#)]
      ).repliesByID()
      #expect(check[1]?["result"]?["quotes"]?.arrayValue?.first?["favoriteCount"] == .integer(8))
    }
  }
}
