import BenchKit
import Foundation
import LayoutLab

/// The `bench` command: dispatches to its subcommands. Each subcommand does everything that can
/// fail before writing any of its output, so a failure never leaves partial output behind
/// (most return their whole output; `bench layout` writes its own, a chunk at a time).
public enum BenchCommand {
  public static let usage = """
    usage: bench [COMMAND] [OPTIONS]

    Commands:
      (none)     the standard suite: every strategy, dataset and workload at 100,000 items;
                 prints a table, writes reports to Results/latest/ (bench [OPTIONS] = bench run)
      run        measure, with options (bench run --help)
      compare    gate against a saved baseline, or A/B against another build (bench compare --help)
      report     render a saved results file again: console, md, csv, html, … (bench report --help)
      layout     print a strategy's frames for a layout file (bench layout --help)
      list       name the layout strategies
      dataset    write a built-in synthetic dataset as a layout file (bench dataset --help)
      help       show this text

    """

  /// Runs `bench` with `arguments` (without the program name) and returns the exit status.
  public static func run(_ arguments: [String], io: CommandIO = .standard) -> ExitStatus {
    do {
      let output: String
      switch arguments.first {
      case nil: output = try RunCommand.run([], io: io)
      case "run": output = try RunCommand.run(Array(arguments.dropFirst()), io: io)
      case "compare": output = try CompareCommand.run(Array(arguments.dropFirst()), io: io)
      case "report": output = try ReportCommand.run(Array(arguments.dropFirst()), io: io)
      case "_ab-worker": output = try ABWorkerCommand.run(Array(arguments.dropFirst()), io: io)
      case "_instructions-worker":
        output = try InstructionsWorkerCommand.run(Array(arguments.dropFirst()), io: io)
      case "layout": output = try LayoutCommand.run(Array(arguments.dropFirst()), io: io)
      case "list": output = try ListCommand.run(Array(arguments.dropFirst()))
      case "dataset": output = try DatasetCommand.run(Array(arguments.dropFirst()))
      case "help", "--help", "-h":
        if arguments.count > 1 {
          throw UsageError("bench help takes no arguments, found '\(arguments[1])'")
        }
        output = usage
      // `bench --quick`, `bench --filter …`: the options of `bench run`.
      case let flag? where flag.hasPrefix("-"): output = try RunCommand.run(arguments, io: io)
      case let other?:
        throw UsageError("unknown command '\(other)' (bench help lists the commands)")
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
