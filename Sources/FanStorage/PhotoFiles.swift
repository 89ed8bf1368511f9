import POSIXSupport

/// Profile photos as files: `DATA_DIR/photos/USER-HASH.EXT` (folder 0700, files 0600), written
/// from the store's copy, whole or not at all.
///
/// They are not the image cache, which evicts: a user's photo file stays until the photo changes,
/// and then the old file is removed, so no copy of a replaced photo is left behind.
package enum PhotoFiles {
  /// The folder of the photos of `dataDirectory`.
  package static func folder(dataDirectory: String) -> String {
    ExportFiles.absolute(dataDirectory) + "/photos"
  }

  /// The absolute path of the file of `photo` of user `userID`, written from `bytes` first.
  ///
  /// It is written only if it is not there whole; every other photo file of the user is
  /// removed.
  package static func materialize(
    _ photo: StoredPhoto, bytes: [UInt8], userID: Int64, dataDirectory: String
  ) throws(StorageError) -> String {
    let root = ExportFiles.absolute(dataDirectory)
    try StorageFiles.makeDirectory(root)
    let folder = root + "/photos"
    try StorageFiles.makeDirectory(folder)
    let name = fileName(photo, userID: userID)
    let path = folder + "/" + name
    var info = stat()
    if lstat(path, &info) != 0 || info.st_mode & S_IFMT != S_IFREG
      || Int(info.st_size) != photo.bytes
    {
      try StorageFiles.writeAtomically(bytes, to: path)
    }
    removeFiles(of: userID, in: folder, except: name)
    return path
  }

  /// Removes every photo file of user `userID`.
  package static func removeAll(userID: Int64, dataDirectory: String) {
    removeFiles(of: userID, in: folder(dataDirectory: dataDirectory), except: nil)
  }

  /// `USER-HASH.EXT`: the first 16 hex digits of the hash tell versions apart.
  private static func fileName(_ photo: StoredPhoto, userID: Int64) -> String {
    let ext = photo.mediaType == "image/png" ? "png" : "jpg"
    return "\(userID)-\(photo.sha256.prefix(16)).\(ext)"
  }

  private static func removeFiles(of userID: Int64, in folder: String, except keep: String?) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let prefix = "\(userID)-"
    var doomed: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix), name != keep { doomed.append(name) }
    }
    for name in doomed { unlink(folder + "/" + name) }
  }
}
