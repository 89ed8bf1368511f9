import POSIXSupport

extension StorageError {
  /// The error for a system call on `path` that failed with `code` (an `errno` value).
  package static func system(_ code: Int32, path: String) -> StorageError {
    let detail = String(cString: strerror(code))
    switch code {
    case ENOSPC, EDQUOT, EFBIG: return .diskFull(path: path, detail: detail)
    case EACCES, EPERM, EROFS: return .readOnly(path: path, detail: detail)
    case EIO: return .ioError(path: path, detail: detail)
    default: return .cannotOpen(path: path, detail: detail)
    }
  }
}
