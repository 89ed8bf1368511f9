import FanServer
import JSONRPC

/// `bbfan completion bash|zsh|fish`: a completion script for the shell, made from the tables of
/// commands and options, and the method names of the schema registry (completed after `call`).
enum ShellCompletion {
  /// The shells a script can be made for.
  static let shells = ["bash", "zsh", "fish"]

  /// The script for `shell`, or nil for a shell not supported.
  static func script(for shell: String) -> String? {
    switch shell {
    case "bash": return bash
    case "zsh": return zsh
    case "fish": return fish
    default: return nil
    }
  }

  /// Every method's wire name, from the schemas built in.
  static var methods: [String] { SchemaRegistry.embedded.methods.map(\.name) }

  /// The first sentence of `text`, for a one-line description.
  private static func firstSentence(_ text: String) -> String {
    guard let end = text.firstRange(of: ". ") else {
      return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
    return String(text[..<end.lowerBound])
  }

  /// The names of the options that take a value, long and short.
  private static var optionsWithValues: [String] {
    CommandLineOption.all.filter { $0.value != nil }.flatMap {
      [$0.name] + [$0.short].compactMap { $0 }
    }
  }

  private static var bash: String {
    let options = CommandLineOption.all.flatMap { [$0.name] + [$0.short].compactMap { $0 } }
    var valueCases: [String] = []
    for option in CommandLineOption.all where option.value != nil {
      let reply: String
      switch option.kind {
      case .directory: reply = #"COMPREPLY=($(compgen -d -- "$cur"))"#
      case .file: reply = #"COMPREPLY=($(compgen -f -- "$cur"))"#
      case .choice(let words):
        reply = #"COMPREPLY=($(compgen -W ""# + words.joined(separator: " ") + #"" -- "$cur"))"#
      case .text: reply = "COMPREPLY=()"
      }
      valueCases.append("    \(option.name)) \(reply); return ;;")
    }
    return """
      # bash completion for bbfan, made by `bbfan completion bash`.
      _bbfan() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        local commands="\(CommandLineCommand.all.map(\.name).joined(separator: " "))"
        local options="\(options.joined(separator: " "))"
        local valued=" \(optionsWithValues.joined(separator: " ")) "
        local methods="\(methods.joined(separator: " "))"
        case $prev in
      \(valueCases.joined(separator: "\n"))
        esac
        if [[ $cur == -* ]]; then
          COMPREPLY=($(compgen -W "$options" -- "$cur"))
          return
        fi
        # The command, and how many words follow it, skipping options and their values.
        local i word command="" after=0
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          if [[ $word == -* ]]; then
            [[ $word != *=* && $valued == *" $word "* ]] && ((i++))
          elif [[ -z $command ]]; then
            command=$word
          else
            ((after++))
          fi
        done
        case $command in
          "") COMPREPLY=($(compgen -W "$commands" -- "$cur")) ;;
          call) ((after == 0)) && COMPREPLY=($(compgen -W "$methods" -- "$cur")) ;;
          completion) ((after == 0)) && COMPREPLY=($(compgen -W "\(shells.joined(separator: " "))" -- "$cur")) ;;
          verify) COMPREPLY=($(compgen -f -- "$cur")) ;;
        esac
      }
      complete -F _bbfan bbfan

      """
  }

  /// `text` safe inside a zsh `_arguments` description or a `_describe` entry.
  private static func zshDescription(_ text: String) -> String {
    var escaped = ""
    for character in firstSentence(text) {
      switch character {
      case "[", "]", ":", "\\": escaped += "\\\(character)"
      case "'": escaped += "'\\''"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  private static var zsh: String {
    var specs: [String] = []
    for option in CommandLineOption.all {
      var action = ""
      if let value = option.value {
        switch option.kind {
        case .directory: action = ":\(value):_files -/"
        case .file: action = ":\(value):_files"
        case .choice(let words): action = ":\(value):(\(words.joined(separator: " ")))"
        case .text: action = ":\(value): "
        }
      }
      for name in [option.name] + [option.short].compactMap({ $0 }) {
        specs.append("    '\(name)[\(zshDescription(option.summary))]\(action)' \\")
      }
    }
    let commands = CommandLineCommand.all.map {
      "    '\($0.name):\(zshDescription($0.summary))'"
    }
    return """
      #compdef bbfan
      # zsh completion for bbfan, made by `bbfan completion zsh`.
      _bbfan() {
        local context state state_descr line
        local -a commands methods
        commands=(
      \(commands.joined(separator: "\n"))
        )
        methods=(\(methods.joined(separator: " ")))
        _arguments -C \\
      \(specs.joined(separator: "\n"))
          '1: :->command' \\
          '*:: :->arguments'
        case $state in
          command) _describe -t commands 'bbfan command' commands ;;
          arguments)
            case $words[1] in
              call) (( CURRENT == 2 )) && _values 'method' $methods ;;
              completion) (( CURRENT == 2 )) && _values 'shell' \(shells.joined(separator: " ")) ;;
              verify) _files ;;
            esac
            ;;
        esac
      }
      _bbfan "$@"

      """
  }

  /// `text` safe inside a fish double-quoted string.
  private static func fishQuoted(_ text: String) -> String {
    var escaped = "\""
    for character in firstSentence(text) {
      if character == "\"" || character == "\\" || character == "$" { escaped += "\\" }
      escaped.append(character)
    }
    return escaped + "\""
  }

  private static var fish: String {
    var lines = [
      "# fish completion for bbfan, made by `bbfan completion fish`.",
      "complete -c bbfan -f",
    ]
    let names = CommandLineCommand.all.map(\.name).joined(separator: " ")
    for command in CommandLineCommand.all {
      lines.append(
        "complete -c bbfan -n \"not __fish_seen_subcommand_from \(names)\" -a \(command.name) "
          + "-d \(fishQuoted(command.summary))")
    }
    for option in CommandLineOption.all {
      var line = "complete -c bbfan -l \(option.name.dropFirst(2))"
      if let short = option.short { line += " -s \(short.dropFirst())" }
      switch (option.value, option.kind) {
      case (nil, _): break
      case (_, .directory): line += " -x -a \"(__fish_complete_directories)\""
      case (_, .file): line += " -r -F"
      case (_, .choice(let words)): line += " -x -a \"\(words.joined(separator: " "))\""
      case (_, .text): line += " -x"
      }
      lines.append(line + " -d \(fishQuoted(option.summary))")
    }
    lines.append(
      "complete -c bbfan -n \"__fish_seen_subcommand_from call\" -a \""
        + methods.joined(separator: " ") + "\"")
    lines.append(
      "complete -c bbfan -n \"__fish_seen_subcommand_from completion\" -a \""
        + shells.joined(separator: " ") + "\"")
    lines.append("complete -c bbfan -n \"__fish_seen_subcommand_from verify\" -F")
    return lines.joined(separator: "\n") + "\n"
  }
}
