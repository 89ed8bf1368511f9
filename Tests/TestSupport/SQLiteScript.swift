import Testing

/// Runs `sql` (several statements) on the SQLite database at `path` with Python's `sqlite3`, as
/// another program, or an older bbfan, would write it.
package func runSQLite(_ sql: String, at path: String) throws {
  let script = """
    import sqlite3,sys
    c=sqlite3.connect(sys.argv[1])
    c.executescript(sys.argv[2])
    c.commit()
    """
  let (status, output) = try Subprocess.run(["python3", "-c", script, path, sql])
  try #require(status == 0, "\(output)")
}
