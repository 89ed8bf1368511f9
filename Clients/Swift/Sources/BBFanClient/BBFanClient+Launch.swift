import Foundation

extension BBFanClient {
  /// Starts `bbfan serve ARGUMENTS` with the `bbfan` found on `PATH`, as a shell would.
  ///
  /// Throws `ExecutableNotFound` when no folder of `PATH` holds an executable `bbfan`.
  public static func launch(arguments: [String] = []) throws -> BBFanClient {
    guard let executable = executableOnPath() else { throw ExecutableNotFound(name: "bbfan") }
    return try launch(executable: executable, arguments: arguments)
  }

  /// The first executable file called `name` in the folders of `PATH`, or nil.
  public static func executableOnPath(named name: String = "bbfan") -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = URL(filePath: String(folder)).appending(path: name)
      if FileManager.default.isExecutableFile(atPath: candidate.path()) { return candidate }
    }
    return nil
  }
}
