import FanStorage
import SharedLibrary

/// The libpq functions the shared store calls, loaded with `dlopen` the first time a
/// PostgreSQL connection is made.
///
/// libpq is not linked: on Debian it brings some twenty libraries (Kerberos, LDAP, GnuTLS and
/// theirs), which cost every start of `bbfan` about 3 ms and 260 page faults, PostgreSQL or
/// not. Loaded on demand, only a process that opens a shared store pays for them, and a
/// machine that never does needs no libpq at all. The types are libpq's C ABI (`libpq-fe.h`,
/// stable since libpq 5): handles are opaque pointers, enums are C ints; a test checks the
/// constants against the header.
struct LibPQ: @unchecked Sendable {
  /// A type's OID in the server's catalog (`Oid`, a C `unsigned int`).
  typealias Oid = UInt32

  /// `CONNECTION_OK` of `ConnStatusType`.
  static let connectionOK: UInt32 = 0
  /// `ExecStatusType` values.
  enum ExecStatus {
    static let emptyQuery: UInt32 = 0
    static let commandOK: UInt32 = 1
    static let tuplesOK: UInt32 = 2
    static let copyOut: UInt32 = 3
    static let copyIn: UInt32 = 4
    static let fatalError: UInt32 = 7
    static let copyBoth: UInt32 = 8
  }
  /// `PGTransactionStatusType` values.
  enum TransactionStatus {
    static let idle: UInt32 = 0
    static let active: UInt32 = 1
    static let inTransaction: UInt32 = 2
    static let inError: UInt32 = 3
    static let unknown: UInt32 = 4
  }

  typealias Connection = OpaquePointer
  typealias Result = OpaquePointer
  typealias NoticeProcessor =
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) ->
    Void

  let connectdb: @convention(c) (UnsafePointer<CChar>?) -> Connection?
  let conninfoParse:
    @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
      -> OpaquePointer?
  let conninfoFree: @convention(c) (OpaquePointer?) -> Void
  let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
  let finish: @convention(c) (Connection?) -> Void
  let reset: @convention(c) (Connection?) -> Void
  let status: @convention(c) (Connection?) -> UInt32
  let transactionStatus: @convention(c) (Connection?) -> UInt32
  let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
  let consumeInput: @convention(c) (Connection?) -> Int32
  /// `PQnotifies`: the next `NOTIFY` received (a `PGnotify *` freed with `freemem`), or nil.
  let notifies: @convention(c) (Connection?) -> UnsafeMutableRawPointer?
  let setNoticeProcessor:
    @convention(c) (Connection?, NoticeProcessor?, UnsafeMutableRawPointer?) -> NoticeProcessor?
  let exec: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Result?
  let execParams:
    @convention(c) (
      Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> Result?
  let clear: @convention(c) (Result?) -> Void
  let resultStatus: @convention(c) (Result?) -> UInt32
  let resStatus: @convention(c) (UInt32) -> UnsafeMutablePointer<CChar>?
  let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
  let cmdTuples: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?
  let ntuples: @convention(c) (Result?) -> Int32
  let nfields: @convention(c) (Result?) -> Int32
  let ftype: @convention(c) (Result?, Int32) -> Oid
  let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
  let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
  let getlength: @convention(c) (Result?, Int32, Int32) -> Int32

  /// The text of a string libpq returns; empty for none.
  static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  /// The library, loaded once per process; the failure says what to install.
  static let shared: Swift.Result<LibPQ, PostgresFailure> = load()

  /// The file names tried in order: `$BBFAN_LIBPQ` alone when set, else the platform's usual
  /// ones.
  static var candidates: [String] {
    #if canImport(Darwin)
      let names = [
        "libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
        "/usr/local/opt/libpq/lib/libpq.5.dylib",
      ]
    #else
      let names = ["libpq.so.5", "libpq.so"]
    #endif
    return SharedLibrary.candidates(overriddenBy: "BBFAN_LIBPQ", else: names)
  }

  private static func load() -> Swift.Result<LibPQ, PostgresFailure> {
    SharedLibrary.bind(
      candidates, library: "libpq", neededBy: "the PostgreSQL store",
      install: "Debian and Ubuntu: apt-get install libpq5; macOS: brew install libpq; or set "
        + "BBFAN_LIBPQ", LibPQ.init
    ).mapError { PostgresFailure(kind: .other, message: $0.description) }
  }

  private init(_ library: SharedLibrary) throws(SharedLibrary.MissingSymbol) {
    func symbol<F>(_ name: String) throws(SharedLibrary.MissingSymbol) -> F {
      try library.function(name)
    }
    connectdb = try symbol("PQconnectdb")
    conninfoParse = try symbol("PQconninfoParse")
    conninfoFree = try symbol("PQconninfoFree")
    freemem = try symbol("PQfreemem")
    finish = try symbol("PQfinish")
    reset = try symbol("PQreset")
    status = try symbol("PQstatus")
    transactionStatus = try symbol("PQtransactionStatus")
    errorMessage = try symbol("PQerrorMessage")
    consumeInput = try symbol("PQconsumeInput")
    notifies = try symbol("PQnotifies")
    setNoticeProcessor = try symbol("PQsetNoticeProcessor")
    exec = try symbol("PQexec")
    execParams = try symbol("PQexecParams")
    clear = try symbol("PQclear")
    resultStatus = try symbol("PQresultStatus")
    resStatus = try symbol("PQresStatus")
    resultErrorField = try symbol("PQresultErrorField")
    cmdTuples = try symbol("PQcmdTuples")
    ntuples = try symbol("PQntuples")
    nfields = try symbol("PQnfields")
    ftype = try symbol("PQftype")
    getisnull = try symbol("PQgetisnull")
    getvalue = try symbol("PQgetvalue")
    getlength = try symbol("PQgetlength")
  }
}
