/// A command's options, positional arguments and help text, declared once: `parse` reads the
/// arguments with it and `help` is written from it, so the two cannot drift apart
/// (swift-argument-parser's idea, in our own small code).
///
/// The rules every command's flags follow live here: `--help` or `-h` anywhere asks for the
/// help; a flag with a value is given at most once (`--strategy given twice`) unless it is
/// repeatable (`--rect`); a flag's value is the next argument, whatever it looks like; an
/// argument starting with `-` (but `-` alone) is a flag; values are read by `OptionValue`.
struct OptionTable<Values> {
  /// A part of the help, in order.
  enum Part {
    /// Prose, as written (already wrapped).
    case prose(String)
    /// Options, one line each (wrapped to the width), under an optional title.
    case options(title: String?, [CommandOption<Values>])
    /// Options the command takes that the help describes in prose (the run options that
    /// `bench compare --against` takes).
    case unlisted([CommandOption<Values>])
  }

  /// The command's name after `bench` (`layout`).
  let command: String
  /// The usage lines after `usage: ` (`bench run [OPTIONS]`); nil to write one from the options
  /// and positionals.
  var synopsis: [String]?
  var positional: Positional<Values>?
  var parts: [Part]

  init(
    _ command: String, synopsis: [String]? = nil, positional: Positional<Values>? = nil,
    _ parts: [Part]
  ) {
    self.command = command
    self.synopsis = synopsis
    self.positional = positional
    self.parts = parts
  }

  var options: [CommandOption<Values>] {
    parts.flatMap { part -> [CommandOption<Values>] in
      switch part {
      case .prose: []
      case .options(_, let options), .unlisted(let options): options
      }
    }
  }

  /// `values` with `arguments` read into it, in order; nil when they ask for the help.
  func parse(_ arguments: [String], into values: Values) throws -> Values? {
    var values = values
    var given: Set<String> = []
    var positionals: [String] = []
    let byName = Dictionary(
      options.flatMap { option in option.names.map { ($0, option) } },
      uniquingKeysWith: { option, _ in
        // A table that names a flag twice is a programmer error, not bad input.
        preconditionFailure("\(option.names[0]) is in bench \(command)'s table twice")
      })
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--help" || argument == "-h" { return nil }
      if let option = byName[argument] {
        switch option.action {
        case .flag(let set): set(&values)
        case .value(_, let repeatable, let store):
          guard repeatable || given.insert(option.names[0]).inserted else {
            throw UsageError("\(argument) given twice")
          }
          guard let text = remaining.popFirst() else {
            throw UsageError("\(argument) needs a value (bench \(command) --help)")
          }
          try store(&values, text, argument)
        }
      } else if argument.hasPrefix("-") && argument != "-" || positional == nil {
        throw UsageError("unknown option '\(argument)' (bench \(command) --help)")
      } else if let positional {
        if let maximum = positional.maximumCount, positionals.count >= maximum {
          let message =
            switch maximum {
            case 0: "bench \(command) takes no arguments, found '\(argument)'"
            case 1:
              "bench \(command) takes one \(positional.noun), found '\(positionals[0])' and '\(argument)'"
            default:
              "bench \(command) takes \(maximum) \(positional.noun)s at most, found '\(argument)'"
            }
          throw UsageError(message)
        }
        positionals.append(argument)
        try positional.store(&values, argument)
      }
    }
    if let positional, positional.isRequired, positionals.isEmpty {
      throw UsageError("bench \(command) needs a \(positional.noun) (bench \(command) --help)")
    }
    return values
  }

  /// The text `--help` prints.
  var help: String {
    let generated = (["bench \(command)"] + generatedSynopsis).joined(separator: " ")
    let usage = (synopsis ?? [generated]).enumerated().map {
      ($0 == 0 ? "usage: " : "       ") + $1
    }
    var blocks = [usage.joined(separator: "\n")]
    for part in parts {
      switch part {
      case .prose(let text): blocks.append(text)
      case .options(let title, let options):
        let lines = Self.optionLines(options)
        blocks.append(title.map { "\($0)\n\(lines)" } ?? lines)
      case .unlisted: break
      }
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// `[--strategy NAME] [--rect X,Y,W,H]... [SPEC.json]`, or `[OPTIONS]` when there are many.
  private var generatedSynopsis: [String] {
    let listed = parts.flatMap { part -> [CommandOption<Values>] in
      if case .options(_, let options) = part { options } else { [] }
    }
    var words = listed.isEmpty ? [] : ["[OPTIONS]"]
    if listed.count <= 5 {
      words = listed.map { option in
        let flag = [option.names[0], option.valueName].compactMap { $0 }.joined(separator: " ")
        return "[\(flag)]" + (option.isRepeatable ? "..." : "")
      }
    }
    // A required argument first (`bench report RESULTS.json [--format FORMAT]`), an optional
    // one last (`bench layout [--rect X,Y,W,H]... [SPEC.json]`).
    if let positional, positional.maximumCount != 0 {
      if positional.isRequired {
        words.insert(positional.name, at: 0)
      } else {
        words.append("[\(positional.name)]")
      }
    }
    return words
  }

  /// Each option's label, then its help wrapped beside it in one column.
  static func optionLines(_ options: [CommandOption<Values>]) -> String {
    let column = (options.map(\.label.count).max() ?? 0) + 5
    let width = 96 - column
    var lines: [String] = []
    for option in options {
      let wrapped = wrap(option.help, width: width)
      for (index, line) in wrapped.enumerated() {
        let lead = index == 0 ? "  \(option.label)" : ""
        lines.append(lead.padding(toLength: column, withPad: " ", startingAt: 0) + line)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `text` in lines of at most `width` characters, broken between words.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " \(word)"
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
