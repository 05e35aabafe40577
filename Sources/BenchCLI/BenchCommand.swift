import BenchKit
import Foundation
import LayoutLab

/// The `bench` command: dispatches to its subcommands. Each subcommand does everything that can
/// fail before writing any of its output, so a failure never leaves partial output behind
/// (most return their whole output; `bench layout` writes its own, a chunk at a time).
public enum BenchCommand {
  /// The subcommands, in the order `bench help` lists them: the one table of names that
  /// dispatch and the help both read.
  static var commands: [Subcommand] {
    [
      Subcommand("run", "measure, with options (bench run --help)", run: RunCommand.run),
      Subcommand(
        "compare",
        "gate against a saved baseline, or A/B against another build (bench compare --help)",
        run: CompareCommand.run),
      Subcommand(
        "report",
        "render a saved results file again: \(Reporters.formatNames.joined(separator: ", ")) "
          + "(bench report --help)", run: ReportCommand.run),
      Subcommand(
        "layout", "print a strategy's frames for a layout file (bench layout --help)",
        run: LayoutCommand.run),
      Subcommand("list", "name the layout strategies") { arguments, _ in
        try ListCommand.run(arguments)
      },
      Subcommand(
        "dataset", "write a built-in synthetic dataset as a layout file (bench dataset --help)"
      ) { arguments, _ in try DatasetCommand.run(arguments) },
      // Not for people: the other ends of `bench compare --against` and `--instructions`, and
      // the retained-bytes check the tests run (the allocator wrapper is in `bench` only).
      Subcommand("_ab-worker", nil, run: ABWorkerCommand.run),
      Subcommand("_instructions-worker", nil, run: InstructionsWorkerCommand.run),
      Subcommand("_retained-check", nil, run: RetainedCheckCommand.run),
    ]
  }

  public static var usage: String {
    let lines =
      [
        (
          "(none)",
          "the standard suite: every strategy, dataset and workload at 100,000 items; prints a "
            + "table, writes reports to Results/latest/ (bench [OPTIONS] = bench run)"
        )
      ] + commands.compactMap { command in command.summary.map { (command.name, $0) } }
      + [("help", "show this text")]
    var text = "usage: bench [COMMAND] [OPTIONS]\n\nCommands:\n"
    for (name, summary) in lines {
      for (index, line) in OptionTable<NoOptions>.wrap(summary, width: 83).enumerated() {
        text += "  \(index == 0 ? name : "")".padding(toLength: 13, withPad: " ", startingAt: 0)
        text += line + "\n"
      }
    }
    return text
  }

  /// Runs `bench` with `arguments` (without the program name) and returns the exit status.
  public static func run(_ arguments: [String], io: CommandIO = .standard) -> ExitStatus {
    do {
      let output: String
      switch arguments.first {
      case nil: output = try RunCommand.run([], io: io)
      case "help", "--help", "-h":
        if arguments.count > 1 {
          throw UsageError("bench help takes no arguments, found '\(arguments[1])'")
        }
        output = usage
      // `bench --quick`, `bench --filter …`: the options of `bench run`.
      case let flag? where flag.hasPrefix("-"): output = try RunCommand.run(arguments, io: io)
      case let name?:
        guard let command = commands.first(where: { $0.name == name }) else {
          throw UsageError("unknown command '\(name)' (bench help lists the commands)")
        }
        output = try command.run(Array(arguments.dropFirst()), io)
      }
      if !output.isEmpty { try io.output(output) }
      return .success
    } catch {
      let (message, status) = presentation(of: error)
      io.writeError("bench: \(oneLine(message))\n")
      return status
    }
  }

  /// What a person is told of `error`, and the exit status: the one place errors are turned
  /// into text. Bad input — flags, files, layout values — is 2; the rest is 1.
  static func presentation(of error: any Error) -> (message: String, status: ExitStatus) {
    switch error {
    case let error as UsageError: (error.message, .badInput)
    case let error as LayoutError: (error.description, .badInput)
    // A file named on the command line that cannot be written or read: bad input.
    case let error as FileError: (error.description, .badInput)
    case let error as OutputError: (error.description, .failure)
    case let error as CheckFailure: (error.message, .failure)
    default: ("\(error)", .failure)
    }
  }

  /// `message` on one line: control characters it quotes from the input (an argument with a
  /// newline in it, say) are shown escaped, as `LayoutError` shows them.
  static func oneLine(_ message: String) -> String {
    LayoutError.escapingControlCharacters(message)
  }
}
