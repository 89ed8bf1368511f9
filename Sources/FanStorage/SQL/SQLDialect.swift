/// What the SQL of a storage engine differs in, for the algorithms written once over it.
///
/// Algorithms write their statements with `?` placeholders and ask the dialect for the engine's
/// text; `RETURNING` and `ON CONFLICT` are spelled alike by both engines, so only placeholders,
/// row locks, array parameters and a few functions' names differ.
package struct SQLDialect: Sendable, Equatable {
  /// Whether parameters are numbered (`$1`, `$2`, as PostgreSQL wants) rather than `?`.
  package var numbersPlaceholders: Bool
  /// Whether a write locks the rows it depends on with `FOR UPDATE` (PostgreSQL); SQLite's
  /// `BEGIN IMMEDIATE` already holds the whole database's write lock.
  package var locksRows: Bool
  /// Whether a change of favourites is announced in its transaction with
  /// `pg_notify(changeChannel, universe)` (PostgreSQL, whose listeners on other machines hear it
  /// once the transaction commits); SQLite's watchers see commits by `PRAGMA data_version`.
  package var announcesChanges: Bool
  /// The function that gives a BLOB's or `bytea`'s size in bytes (`length`, `octet_length`).
  package var byteLength: String
  /// The function that gives where a text is found in another, 0 when it is not
  /// (`instr(haystack, needle)`, `strpos(haystack, needle)`).
  package var textPosition: String
  /// Whether a statement can take a list of ids as one array parameter (`= ANY(?::bigint[])`,
  /// PostgreSQL, where a statement is a round trip); SQLite, in process, runs one cheap
  /// statement an id instead.
  package var bindsArrays: Bool

  /// The channel favourite changes are announced on.
  package static let changeChannel = "bbfan_favorites"

  /// A dialect of these traits.
  package init(
    numbersPlaceholders: Bool, locksRows: Bool, byteLength: String, textPosition: String,
    bindsArrays: Bool, announcesChanges: Bool = false
  ) {
    self.numbersPlaceholders = numbersPlaceholders
    self.locksRows = locksRows
    self.byteLength = byteLength
    self.textPosition = textPosition
    self.bindsArrays = bindsArrays
    self.announcesChanges = announcesChanges
  }

  /// SQLite's: `?` placeholders, no row locks, a statement an id, commits seen by their data
  /// version.
  package static let sqlite = SQLDialect(
    numbersPlaceholders: false, locksRows: false, byteLength: "length", textPosition: "instr",
    bindsArrays: false)
  /// PostgreSQL's: `$n` placeholders, `FOR UPDATE` row locks, array parameters, changes
  /// announced.
  package static let postgres = SQLDialect(
    numbersPlaceholders: true, locksRows: true, byteLength: "octet_length",
    textPosition: "strpos", bindsArrays: true, announcesChanges: true)

  /// `sql`, written with `?` placeholders, in this dialect (no `?` may appear in a literal).
  package func text(_ sql: String) -> String {
    guard numbersPlaceholders else { return sql }
    var result = ""
    result.reserveCapacity(sql.utf8.count + 8)
    var number = 0
    for character in sql {
      if character == "?" {
        number += 1
        result += "$\(number)"
      } else {
        result.append(character)
      }
    }
    return result
  }
}
