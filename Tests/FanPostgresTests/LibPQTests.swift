import CLibPQ
import Testing

@testable import FanPostgres
@testable import FanStorage

@Suite("libpq, loaded on demand")
struct LibPQTests {
  @Test("the constants the store uses are libpq-fe.h's")
  func constants() {
    #expect(LibPQ.connectionOK == CONNECTION_OK.rawValue)
    #expect(LibPQ.ExecStatus.emptyQuery == PGRES_EMPTY_QUERY.rawValue)
    #expect(LibPQ.ExecStatus.commandOK == PGRES_COMMAND_OK.rawValue)
    #expect(LibPQ.ExecStatus.tuplesOK == PGRES_TUPLES_OK.rawValue)
    #expect(LibPQ.ExecStatus.copyOut == PGRES_COPY_OUT.rawValue)
    #expect(LibPQ.ExecStatus.copyIn == PGRES_COPY_IN.rawValue)
    #expect(LibPQ.ExecStatus.fatalError == PGRES_FATAL_ERROR.rawValue)
    #expect(LibPQ.ExecStatus.copyBoth == PGRES_COPY_BOTH.rawValue)
    #expect(LibPQ.TransactionStatus.idle == PQTRANS_IDLE.rawValue)
    #expect(LibPQ.TransactionStatus.active == PQTRANS_ACTIVE.rawValue)
    #expect(LibPQ.TransactionStatus.inTransaction == PQTRANS_INTRANS.rawValue)
    #expect(LibPQ.TransactionStatus.inError == PQTRANS_INERROR.rawValue)
    #expect(LibPQ.TransactionStatus.unknown == PQTRANS_UNKNOWN.rawValue)
    #expect(MemoryLayout<LibPQ.Oid>.size == MemoryLayout<Oid>.size)
  }

  @Test("the installed libpq loads with every function the store calls")
  func loads() throws {
    let library = try LibPQ.shared.get()
    #expect(LibPQ.string(library.resStatus(LibPQ.ExecStatus.tuplesOK)) == "PGRES_TUPLES_OK")
  }

  @Test("a connection string libpq cannot parse fails through the loaded library")
  func parseFailure() {
    #expect(throws: PostgresFailure.self) { try PostgresConnection("host='unterminated") }
  }
}
