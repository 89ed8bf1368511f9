import POSIXSupport

/// The files `characters.export` writes: `DATA_DIR/exports/NAME`, the folder 0700 and each file
/// 0600, written to a temporary name and renamed, so no half file is ever visible.
package enum ExportFiles {
  /// The folder the exports of the data directory `dataDirectory` go in.
  package static func folder(dataDirectory: String) -> String {
    absolute(dataDirectory) + "/exports"
  }

  /// Writes `bytes` as the export `name` (a plain file name) of `dataDirectory`, replacing an
  /// earlier one of that name; returns its absolute path.
  package static func write(_ bytes: [UInt8], named name: String, dataDirectory: String)
    throws(StorageError) -> String
  {
    let root = absolute(dataDirectory)
    try StorageFiles.makeDirectory(root)
    let folder = root + "/exports"
    try StorageFiles.makeDirectory(folder)
    let path = folder + "/" + name
    try StorageFiles.writeAtomically(bytes, to: path)
    return path
  }

  /// `path` made absolute against the working directory, so replies name a path any process
  /// can open.
  package static func absolute(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard let cwd = getcwd(&buffer, buffer.count) else { return path }
    let base = String(cString: cwd)
    let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    return (base.hasSuffix("/") ? base : base + "/") + relative
  }
}
