#include <sqlite3.h>

// libsqlite3 is not linked: FanSQLite loads it with dlopen when a store is first opened
// (LibSQLite3.swift), and this module gives only its types and constants. Each function bbfan
// calls has its pointer type here, taken from the header's own declaration, so the Swift side
// cannot declare it differently.
#define BBFAN_SQLITE3_FUNCTION(name) typedef __typeof__(&sqlite3_##name) bbfan_sqlite3_##name##_f;

BBFAN_SQLITE3_FUNCTION(open_v2)
BBFAN_SQLITE3_FUNCTION(close)
BBFAN_SQLITE3_FUNCTION(close_v2)
BBFAN_SQLITE3_FUNCTION(busy_timeout)
BBFAN_SQLITE3_FUNCTION(extended_result_codes)
BBFAN_SQLITE3_FUNCTION(extended_errcode)
BBFAN_SQLITE3_FUNCTION(system_errno)
BBFAN_SQLITE3_FUNCTION(errmsg)
BBFAN_SQLITE3_FUNCTION(errstr)
BBFAN_SQLITE3_FUNCTION(exec)
BBFAN_SQLITE3_FUNCTION(free)
BBFAN_SQLITE3_FUNCTION(prepare_v3)
BBFAN_SQLITE3_FUNCTION(finalize)
BBFAN_SQLITE3_FUNCTION(reset)
BBFAN_SQLITE3_FUNCTION(clear_bindings)
BBFAN_SQLITE3_FUNCTION(bind_null)
BBFAN_SQLITE3_FUNCTION(bind_int64)
BBFAN_SQLITE3_FUNCTION(bind_double)
BBFAN_SQLITE3_FUNCTION(bind_text64)
BBFAN_SQLITE3_FUNCTION(bind_blob64)
BBFAN_SQLITE3_FUNCTION(bind_zeroblob)
BBFAN_SQLITE3_FUNCTION(step)
BBFAN_SQLITE3_FUNCTION(column_count)
BBFAN_SQLITE3_FUNCTION(column_type)
BBFAN_SQLITE3_FUNCTION(column_int64)
BBFAN_SQLITE3_FUNCTION(column_double)
BBFAN_SQLITE3_FUNCTION(column_text)
BBFAN_SQLITE3_FUNCTION(column_blob)
BBFAN_SQLITE3_FUNCTION(column_bytes)
BBFAN_SQLITE3_FUNCTION(changes)
BBFAN_SQLITE3_FUNCTION(get_autocommit)

// sqlite3_db_config is variadic, which Swift can neither call nor hold as a function pointer:
// LibSQLite3 holds its address, and this wrapper calls it.
typedef int (*bbfan_sqlite3_db_config_variadic)(sqlite3 *, int, ...);

// Leaves the write-ahead log as it is when the last connection to the database closes, instead
// of copying it into the database file (two fsyncs) and deleting it (so the next process to
// write makes a new one: two more fsyncs).
static inline int bbfan_sqlite3_no_checkpoint_on_close(void *db_config, sqlite3 *db) {
  return ((bbfan_sqlite3_db_config_variadic)db_config)(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1,
                                                       (int *)0);
}
