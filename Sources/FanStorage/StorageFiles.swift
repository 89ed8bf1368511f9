import POSIXSupport

/// The files of the data directory: folders made 0700 and files written whole, 0600.
package enum StorageFiles {
  /// Writes `bytes` to a new temporary file beside `path` (0600), syncs it, and renames it to
  /// `path`, so a reader sees the old file or the whole new one, never a part.
  ///
  /// The temporary name is unique (process id and a random number), created exclusively and
  /// never through a symbolic link, so concurrent writers of one path cannot mix their bytes.
  /// Without `synced` the bytes are not synced before the rename: for a cache that checks what
  /// it reads (a power cut may leave such a file empty or partly written).
  package static func writeAtomically(_ bytes: [UInt8], to path: String, synced: Bool = true)
    throws(StorageError)
  {
    var random = SystemRandomNumberGenerator()
    let temporary = path + ".part-\(getpid())-\(random.next() as UInt64)"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .system(errno, path: temporary) }
    var failure: Int32?
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          failure = written == 0 ? ENOSPC : errno
          return
        }
        offset += written
      }
    }
    if failure == nil, synced, fsync(fd) != 0 { failure = errno }
    close(fd)
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw .system(failure, path: path)
    }
  }

  /// Creates `path` (0700), and its missing parents (0755).
  package static func makeDirectory(_ path: String) throws(StorageError) {
    var isDirectory = stat()
    if stat(path, &isDirectory) == 0 {
      guard isDirectory.st_mode & S_IFMT == S_IFDIR else {
        throw .cannotOpen(path: path, detail: "it exists and is not a folder")
      }
      return
    }
    let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
      separator: "/")
    if !parent.isEmpty, stat(parent, &isDirectory) != 0 {
      try makeDirectory(parent)
      chmod(parent, 0o755)
    }
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw .system(errno, path: path) }
  }
}
