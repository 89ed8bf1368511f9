import FanStorage

/// One connection to PostgreSQL through libpq.
///
/// It is not thread-safe on its own: an actor owns it. Statements take bound parameters only; no
/// SQL is ever built from values.
///
/// A lost connection (the server restarted, the network broke) fails the call that finds it as
/// `connectionLost`; the next call reconnects once (`PQreset`) before it runs, and fails as
/// `connectionLost` again if the server is still away. A transaction that was open when the
/// connection was lost is gone: every call but `ROLLBACK` fails until the caller has rolled it
/// back, so the rest of it can never run, and commit, on its own.
package final class PostgresConnection {
  private let handle: OpaquePointer
  /// libpq, loaded on the first connection.
  private let pq: LibPQ
  /// The connection string with any password removed, for logs and messages.
  package let redactedConnectionString: String
  /// The passwords in the connection string, scrubbed from libpq's messages.
  private let secrets: [String]
  /// The transaction status after the last call: libpq forgets it once the connection is bad.
  private var transactionStatus = LibPQ.TransactionStatus.idle
  /// A transaction was open when the connection was lost, and the caller has not rolled back.
  private var transactionLost = false

  /// How many rows the last command inserted, updated, deleted, selected or copied (0 for
  /// commands that report none).
  package private(set) var rowsAffected = 0

  /// Connects to `connection`: a URL, `postgres://USER@HOST/DB?sslmode=...`, or a conninfo,
  /// `host=... dbname=...`, as libpq reads them.
  ///
  /// A password comes from the URL or conninfo, `PGPASSWORD` or `~/.pgpass`, as libpq finds it;
  /// it is in no failure's message. A string libpq cannot parse fails as `other`; a server that
  /// cannot be reached, or refuses the connection, as `connectionLost`.
  package init(_ connection: String) throws(PostgresFailure) {
    let redaction = Self.redaction(connection)
    redactedConnectionString = redaction.text
    secrets = redaction.secrets
    pq = try LibPQ.shared.get()
    var parseError: UnsafeMutablePointer<CChar>?
    guard let options = pq.conninfoParse(connection, &parseError) else {
      let detail = parseError.map { String(cString: $0) } ?? "out of memory"
      pq.freemem(parseError)
      throw PostgresFailure(
        kind: .other,
        message: "bad connection string \(redaction.text): "
          + Self.scrubbed(Self.oneLine(detail), secrets: redaction.secrets))
    }
    pq.conninfoFree(options)
    guard let made = pq.connectdb(connection) else {
      throw PostgresFailure(kind: .connectionLost, message: "libpq: out of memory")
    }
    guard pq.status(made) == LibPQ.connectionOK else {
      let detail = LibPQ.string(pq.errorMessage(made))
      pq.finish(made)
      throw PostgresFailure(
        kind: .connectionLost,
        message: "cannot connect to \(redaction.text): "
          + Self.scrubbed(Self.oneLine(detail), secrets: redaction.secrets))
    }
    handle = made
    // Notices (a ROLLBACK outside a transaction, a server shutting down) would go to stderr.
    _ = pq.setNoticeProcessor(handle, { _, _ in }, nil)
  }

  deinit {
    pq.finish(handle)
  }

  /// Whether the connection was good after the last call (it may still have been lost since).
  package var isConnected: Bool { pq.status(handle) == LibPQ.connectionOK }

  /// Reads what the server has sent, without waiting, and returns how many notifications
  /// (`NOTIFY` on a channel this connection `LISTEN`s to) came since the last call; throws
  /// `connectionLost` when the connection is gone.
  package func takeNotifications() throws(PostgresFailure) -> Int {
    guard pq.consumeInput(handle) == 1 else {
      throw PostgresFailure(
        kind: .connectionLost,
        message: Self.scrubbed(
          Self.oneLine(LibPQ.string(pq.errorMessage(handle))), secrets: secrets))
    }
    var count = 0
    while let notification = pq.notifies(handle) {
      count += 1
      pq.freemem(notification)
    }
    return count
  }

  /// Runs one statement with `parameters` bound to `$1`, `$2`, …, and returns every row.
  @discardableResult
  package func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresFailure)
    -> [[PostgresValue]]
  {
    var types: [LibPQ.Oid] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    var values: [UnsafePointer<CChar>?] = []
    defer { for value in values { value?.deallocate() } }
    for (index, parameter) in parameters.enumerated() {
      let (type, bytes, format) = parameter.parameter
      if format == 0, let bytes, bytes.dropLast().contains(0) {
        throw PostgresFailure(
          message: "parameter $\(index + 1) is text with a NUL character, which PostgreSQL "
            + "cannot store", statement: sql)
      }
      types.append(type)
      formats.append(format)
      lengths.append(Int32(clamping: bytes?.count ?? 0))
      values.append(bytes.map(Self.copy))
    }
    let result = try run(sql) {
      pq.execParams(
        handle, sql, Int32(clamping: parameters.count), types, values, lengths, formats, 0)
    }
    defer { pq.clear(result) }
    let rows = pq.ntuples(result)
    let columns = pq.nfields(result)
    let columnTypes = (0..<columns).map { pq.ftype(result, $0) }
    return (0..<rows).map { row in
      (0..<columns).map { column in
        guard pq.getisnull(result, row, column) == 0, let text = pq.getvalue(result, row, column)
        else { return .null }
        let count = Int(pq.getlength(result, row, column))
        return text.withMemoryRebound(to: UInt8.self, capacity: count) {
          PostgresValue.fromText(
            UnsafeBufferPointer(start: $0, count: count), type: columnTypes[Int(column)])
        }
      }
    }
  }

  /// Runs SQL that takes no parameters and whose rows are not wanted: one statement or several
  /// separated by `;` (a schema script), in one implicit transaction unless it has its own.
  package func execute(_ sql: String) throws(PostgresFailure) {
    pq.clear(try run(sql) { pq.exec(handle, sql) })
  }

  /// Reconnects if needed, runs `call`, and returns its result when it succeeded.
  private func run(_ sql: String, _ call: () -> OpaquePointer?) throws(PostgresFailure)
    -> OpaquePointer
  {
    let isRollback = Self.isRollback(sql)
    try prepare(isRollback: isRollback, statement: sql)
    let before = transactionStatus
    let result = call()
    transactionStatus = pq.transactionStatus(handle)
    let status = result.map { pq.resultStatus($0) } ?? LibPQ.ExecStatus.fatalError
    if status == LibPQ.ExecStatus.commandOK || status == LibPQ.ExecStatus.tuplesOK
      || status == LibPQ.ExecStatus.emptyQuery,
      let result
    {
      rowsAffected = Int(LibPQ.string(pq.cmdTuples(result))) ?? 0
      return result
    }
    rowsAffected = 0
    let failure = failure(result, status: status, statement: sql)
    pq.clear(result)
    if failure.kind == .connectionLost, Self.isOpen(before), !isRollback {
      transactionLost = true
    }
    throw failure
  }

  /// Before a call: refuses it after a lost transaction (but a ROLLBACK), and reconnects once
  /// when the connection is bad or the server closed it while it was idle.
  private func prepare(isRollback: Bool, statement: String) throws(PostgresFailure) {
    if transactionLost {
      guard isRollback else {
        throw PostgresFailure(
          kind: .connectionLost,
          message: "the connection was lost in a transaction, which did not commit; "
            + "roll it back before anything else", statement: statement)
      }
      transactionLost = false
    }
    // Reading what is waiting finds a socket the server closed since the last call.
    if pq.status(handle) == LibPQ.connectionOK, pq.consumeInput(handle) != 0 { return }
    if Self.isOpen(transactionStatus), !isRollback {
      // Reconnecting here would run the rest of the transaction without its start.
      transactionStatus = LibPQ.TransactionStatus.unknown
      transactionLost = true
      throw PostgresFailure(
        kind: .connectionLost,
        message: "the connection was lost in a transaction, which did not commit: "
          + lastError(), statement: statement)
    }
    pq.reset(handle)
    transactionStatus = pq.transactionStatus(handle)
    guard pq.status(handle) == LibPQ.connectionOK else {
      throw PostgresFailure(
        kind: .connectionLost,
        message: "cannot reconnect to \(redactedConnectionString): \(lastError())",
        statement: statement)
    }
  }

  private func failure(_ result: OpaquePointer?, status: UInt32, statement: String)
    -> PostgresFailure
  {
    let sqlState = result.flatMap { pq.resultErrorField($0, Int32(UInt8(ascii: "C"))) }.map {
      String(cString: $0)
    }
    var message =
      result.flatMap { pq.resultErrorField($0, Int32(UInt8(ascii: "M"))) }.map {
        String(cString: $0)
      } ?? lastError()
    if status == LibPQ.ExecStatus.copyIn || status == LibPQ.ExecStatus.copyOut
      || status == LibPQ.ExecStatus.copyBoth
    {
      message = "COPY is not supported"
    }
    if message.isEmpty { message = "libpq: \(LibPQ.string(pq.resStatus(status)))" }
    let lost = pq.status(handle) != LibPQ.connectionOK
    return PostgresFailure(
      kind: lost ? .connectionLost : nil, sqlState: sqlState, message: message,
      statement: statement)
  }

  /// libpq's last message for the connection, on one line and without any password.
  private func lastError() -> String {
    Self.scrubbed(Self.oneLine(LibPQ.string(pq.errorMessage(handle))), secrets: secrets)
  }

  private static func isOpen(_ status: UInt32) -> Bool {
    status == LibPQ.TransactionStatus.inTransaction || status == LibPQ.TransactionStatus.inError
      || status == LibPQ.TransactionStatus.active
  }

  private static func isRollback(_ sql: String) -> Bool {
    let words = sql.split(whereSeparator: { $0 == ";" || $0.isWhitespace })
    return words.count == 1 && words[0].uppercased() == "ROLLBACK"
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { line in
      line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
    }
    .map { String($0) }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  private static func copy(_ bytes: [UInt8]) -> UnsafePointer<CChar> {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
    bytes.withUnsafeBytes { source in
      UnsafeMutableRawPointer(buffer).copyMemory(
        from: source.baseAddress ?? UnsafeRawPointer(buffer), byteCount: bytes.count)
    }
    return UnsafePointer(buffer)
  }
}
