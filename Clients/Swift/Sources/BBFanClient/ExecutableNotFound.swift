/// `BBFanClient.launch(arguments:)` found no `bbfan` on `PATH`.
public struct ExecutableNotFound: Error, Sendable, CustomStringConvertible {
  /// The executable's name.
  public var name: String

  /// The error for `name`.
  public init(name: String) { self.name = name }

  /// What happened and what to do.
  public var description: String {
    "\(name) was not found on PATH: install it (`make install PREFIX=~/.local` in bbfan's "
      + "folder, then add ~/.local/bin to PATH), or pass its URL to launch(executable:arguments:)."
  }
}
