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
    } catch let error as UsageError {
      io.writeError("bench: \(oneLine(error.message))\n")
      return .badInput
    } catch let error as LayoutError {
      io.writeError("bench: \(error)\n")
      return .badInput
    } catch let error as FileError {
      // A file named on the command line that cannot be written or read: bad input.
      io.writeError("bench: \(oneLine(error.description))\n")
      return .badInput
    } catch let error as OutputError {
      io.writeError("bench: \(oneLine(error.description))\n")
      return .failure
    } catch let error as CheckFailure {
      io.writeError("bench: \(oneLine(error.message))\n")
      return .failure
    } catch {
      io.writeError("bench: \(oneLine("\(error)"))\n")
      return .failure
    }
  }

  /// `message` on one line: control characters it quotes from the input (an argument with a
  /// newline in it, say) are shown escaped, as `LayoutError` shows them.
  static func oneLine(_ message: String) -> String {
    LayoutError(field: "", message).description
  }
}

/// Reads the flags of a subcommand one by one, and holds the rules every command's flags
/// follow: a flag with a value is given at most once (`--strategy given twice`), unless it is
/// repeatable (`--rect`); numbers are plain decimals (`ArgumentReader+Numbers.swift`); lists
/// have no empty items.
struct ArgumentReader {
  private var remaining: [String]
  private var seen: Set<String> = []
  let command: String

  init(_ arguments: [String], command: String) {
    remaining = arguments
    self.command = command
  }

  var isEmpty: Bool { remaining.isEmpty }

  mutating func next() -> String? { remaining.isEmpty ? nil : remaining.removeFirst() }

  /// The value after `flag`, which must be there, and must not have been given before: a
  /// second value would silently win.
  mutating func value(of flag: String) throws -> String {
    guard seen.insert(flag).inserted else { throw UsageError("\(flag) given twice") }
    return try repeatedValue(of: flag)
  }

  /// The value after a flag that may be given many times (`--rect`).
  mutating func repeatedValue(of flag: String) throws -> String {
    guard let value = next() else {
      throw UsageError("\(flag) needs a value (bench \(command) --help)")
    }
    return value
  }
}
