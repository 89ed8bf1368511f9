#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call.

// Leaves the write-ahead log as it is when the last connection to the database closes, instead
// of copying it into the database file (two fsyncs) and deleting it (so the next process to
// write makes a new one: two more fsyncs).
static inline int bbfan_sqlite3_no_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
