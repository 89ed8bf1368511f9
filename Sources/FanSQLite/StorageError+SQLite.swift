internal import CSQLite
import FanStorage
import POSIXSupport

extension StorageError {
  /// The error for SQLite's extended result `code` on the database at `path`.
  ///
  /// Conditions of the file, the disk, the permissions or another process get their own cases,
  /// using the `errno` SQLite saw (`systemErrno`, 0 if none) where its own code is generic;
  /// everything else is `internalFailure`, a fault of bbfan.
  static func sqlite(
    _ code: Int32, systemErrno: Int32, message: String, path: String, statement: String,
    busyTimeoutMilliseconds: Int
  ) -> StorageError {
    var detail = "\(message) (SQLite \(code)"
    if systemErrno != 0 { detail += ", \(String(cString: strerror(systemErrno)))" }
    detail += ")"
    switch code & 0xFF {
    case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT:
      return .corrupt(path: path, detail: detail)
    case SQLITE_FULL:
      return .diskFull(path: path, detail: detail)
    case SQLITE_READONLY, SQLITE_PERM:
      return .readOnly(path: path, detail: detail)
    case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_PROTOCOL:
      return .busy(path: path, timeoutMilliseconds: busyTimeoutMilliseconds)
    case SQLITE_CANTOPEN, SQLITE_IOERR:
      if code == SQLITE_IOERR | (33 << 8) {  // SQLITE_IOERR_CORRUPTFS
        return .corrupt(path: path, detail: detail)
      }
      switch systemErrno {
      case ENOSPC, EDQUOT, EFBIG: return .diskFull(path: path, detail: detail)
      case EACCES, EPERM, EROFS: return .readOnly(path: path, detail: detail)
      default:
        if code & 0xFF == SQLITE_CANTOPEN { return .cannotOpen(path: path, detail: detail) }
        // SQLite does not always keep the errno of a failed write (EFBIG, EDQUOT are plain
        // write errors to it): look at the room left instead.
        return outOfRoom(path)
          ? .diskFull(path: path, detail: detail) : .ioError(path: path, detail: detail)
      }
    default:
      return .internalFailure(detail: detail, statement: statement)
    }
  }

  /// Whether writing beside `path` most likely failed for want of room: the disk holding it has
  /// less than a mebibyte left for this user, or a file size limit (`ulimit -f`) is set
  /// (RLIM_INFINITY is all ones).
  private static func outOfRoom(_ path: String) -> Bool {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
      let resource = RLIMIT_FSIZE
    #endif
    if getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max { return true }
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    var info = statvfs()
    guard statvfs(folder.isEmpty ? "/" : folder, &info) == 0 else { return false }
    return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20
  }
}
