import Foundation
import LayoutLab

/// The `bench` command: dispatches to its subcommands. Each subcommand builds its whole output
/// before writing any of it, so a failure never leaves partial output behind.
public enum BenchCommand {
  public static let usage = """
    usage: bench [COMMAND] [OPTIONS]

    Commands:
      (none)     lay out a built-in 100,000-item layout with every strategy, check that they
                 agree, and print what each one cost
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
      case nil: output = try OverviewCommand.run([], io: io)
      case "layout": output = try LayoutCommand.run(Array(arguments.dropFirst()), io: io)
      case "list": output = try ListCommand.run(Array(arguments.dropFirst()))
      case "dataset": output = try DatasetCommand.run(Array(arguments.dropFirst()))
      case "help", "--help", "-h": output = usage
      case let other?:
        throw UsageError("unknown command '\(other)' (bench help lists the commands)")
      }
      io.writeOutput(output)
      return .success
    } catch let error as UsageError {
      io.writeError("bench: \(error.message)\n")
      return .badInput
    } catch let error as LayoutError {
      io.writeError("bench: \(error)\n")
      return .badInput
    } catch let error as CheckFailure {
      io.writeError("bench: \(error.message)\n")
      return .failure
    } catch {
      io.writeError("bench: \(error)\n")
      return .failure
    }
  }
}

/// Reads the flags of a subcommand one by one.
struct ArgumentReader {
  private var remaining: [String]
  let command: String

  init(_ arguments: [String], command: String) {
    remaining = arguments
    self.command = command
  }

  var isEmpty: Bool { remaining.isEmpty }

  mutating func next() -> String? { remaining.isEmpty ? nil : remaining.removeFirst() }

  /// The value after `flag`, which must be there.
  mutating func value(of flag: String) throws -> String {
    guard let value = next() else { throw UsageError("\(flag) needs a value (bench \(command) --help)") }
    return value
  }
}
