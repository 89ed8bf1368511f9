internal import CLibPQ

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
  /// The connection string with any password removed, for logs and messages.
  package let redactedConnectionString: String
  /// The passwords in the connection string, scrubbed from libpq's messages.
  private let secrets: [String]
  /// The transaction status after the last call: libpq forgets it once the connection is bad.
  private var transactionStatus = PQTRANS_IDLE
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
    var parseError: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connection, &parseError) else {
      let detail = parseError.map { String(cString: $0) } ?? "out of memory"
      PQfreemem(parseError)
      throw PostgresFailure(
        kind: .other,
        message: "bad connection string \(redaction.text): "
          + Self.scrubbed(Self.oneLine(detail), secrets: redaction.secrets))
    }
    PQconninfoFree(options)
    guard let made = PQconnectdb(connection) else {
      throw PostgresFailure(kind: .connectionLost, message: "libpq: out of memory")
    }
    guard PQstatus(made) == CONNECTION_OK else {
      let detail = String(cString: PQerrorMessage(made))
      PQfinish(made)
      throw PostgresFailure(
        kind: .connectionLost,
        message: "cannot connect to \(redaction.text): "
          + Self.scrubbed(Self.oneLine(detail), secrets: redaction.secrets))
    }
    handle = made
    // Notices (a ROLLBACK outside a transaction, a server shutting down) would go to stderr.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
  }

  deinit {
    PQfinish(handle)
  }

  /// Whether the connection was good after the last call (it may still have been lost since).
  package var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

  /// Runs one statement with `parameters` bound to `$1`, `$2`, …, and returns every row.
  @discardableResult
  package func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresFailure)
    -> [[PostgresValue]]
  {
    var types: [Oid] = []
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
      PQexecParams(
        handle, sql, Int32(clamping: parameters.count), types, values, lengths, formats, 0)
    }
    defer { PQclear(result) }
    let rows = PQntuples(result)
    let columns = PQnfields(result)
    let columnTypes = (0..<columns).map { PQftype(result, $0) }
    return (0..<rows).map { row in
      (0..<columns).map { column in
        guard PQgetisnull(result, row, column) == 0, let text = PQgetvalue(result, row, column)
        else { return .null }
        let count = Int(PQgetlength(result, row, column))
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
    PQclear(try run(sql) { PQexec(handle, sql) })
  }

  /// Reconnects if needed, runs `call`, and returns its result when it succeeded.
  private func run(_ sql: String, _ call: () -> OpaquePointer?) throws(PostgresFailure)
    -> OpaquePointer
  {
    let isRollback = Self.isRollback(sql)
    try prepare(isRollback: isRollback, statement: sql)
    let before = transactionStatus
    let result = call()
    transactionStatus = PQtransactionStatus(handle)
    let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
    if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY,
      let result
    {
      rowsAffected = Int(String(cString: PQcmdTuples(result))) ?? 0
      return result
    }
    rowsAffected = 0
    let failure = failure(result, status: status, statement: sql)
    PQclear(result)
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
    if PQstatus(handle) == CONNECTION_OK, PQconsumeInput(handle) != 0 { return }
    if Self.isOpen(transactionStatus), !isRollback {
      // Reconnecting here would run the rest of the transaction without its start.
      transactionStatus = PQTRANS_UNKNOWN
      transactionLost = true
      throw PostgresFailure(
        kind: .connectionLost,
        message: "the connection was lost in a transaction, which did not commit: "
          + lastError(), statement: statement)
    }
    PQreset(handle)
    transactionStatus = PQtransactionStatus(handle)
    guard PQstatus(handle) == CONNECTION_OK else {
      throw PostgresFailure(
        kind: .connectionLost,
        message: "cannot reconnect to \(redactedConnectionString): \(lastError())",
        statement: statement)
    }
  }

  private func failure(_ result: OpaquePointer?, status: ExecStatusType, statement: String)
    -> PostgresFailure
  {
    let sqlState = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map {
      String(cString: $0)
    }
    var message =
      result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "M"))) }.map {
        String(cString: $0)
      } ?? lastError()
    if status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH {
      message = "COPY is not supported"
    }
    if message.isEmpty { message = "libpq: \(String(cString: PQresStatus(status)))" }
    let lost = PQstatus(handle) != CONNECTION_OK
    return PostgresFailure(
      kind: lost ? .connectionLost : nil, sqlState: sqlState, message: message,
      statement: statement)
  }

  /// libpq's last message for the connection, on one line and without any password.
  private func lastError() -> String {
    Self.scrubbed(Self.oneLine(String(cString: PQerrorMessage(handle))), secrets: secrets)
  }

  private static func isOpen(_ status: PGTransactionStatusType) -> Bool {
    status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
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
