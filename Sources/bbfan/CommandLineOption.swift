/// One option of the command line: its name, the placeholder of its value, its default, what it
/// means, and what it sets.
///
/// The table of them (`CommandLineOption.all`) is the one place an option is written: the parser
/// reads it, and `--help`, the man page, the completions and README's table of options are made
/// from it.
struct CommandLineOption: Sendable {
  /// What taking the option does with its value (`nil` for a flag).
  typealias Apply = @Sendable (inout CommandLineSettings, String?) throws(UsageError) -> Void

  /// What a shell may complete the value with.
  enum ValueKind: Sendable, Equatable {
    /// Nothing in particular.
    case text
    /// A folder.
    case directory
    /// A file.
    case file
    /// One of these words.
    case choice([String])
  }

  /// The long name, such as `--data-dir`.
  var name: String
  /// The short name, such as `-h`, if it has one.
  var short: String?
  /// The placeholder of the value, such as `DIR`; nil for a flag.
  var value: String?
  /// What a shell may complete the value with.
  var kind: ValueKind = .text
  /// The default, as a person reads it; nil when the option has none.
  var defaultValue: String?
  /// What the option means, in one or a few sentences.
  var summary: String
  /// The commands it goes with; nil for every command.
  var commands: [String]?
  /// What taking it does.
  var apply: Apply

  /// The option as a synopsis shows it, such as `--data-dir DIR`.
  var synopsis: String {
    let names = short.map { "\($0), \(name)" } ?? name
    return value.map { "\(names) \($0)" } ?? names
  }
}
