import BenchKit
import Testing

@testable import BenchCLI

/// One declarative table per command gives both its parsing and its help: every option the
/// parser takes is in the help, with the same name, and the rules are the same for all.
@Suite struct OptionTableTests {
  struct Values {
    var flag = false
    var count = 0
    var names: [String] = []
    var files: [String] = []
  }

  static var table: OptionTable<Values> {
    OptionTable<Values>(
      "demo",
      positional: Positional(name: "FILE", noun: "file", maximumCount: 2) { $0.files.append($1) },
      [
        .prose("Does a demonstration."),
        .options(
          title: nil,
          [
            .flag("--flag", "-f", sets: \.flag, help: "sets the flag"),
            .value("--count", "N", .integer(in: 1...9, "a count"), into: \.count, help: "a count"),
            .value("--name", "NAME", .text, repeatable: true, help: "a name; repeatable") {
              $0.names.append($1)
            },
          ]),
      ])
  }

  @Test func parses_flagsValuesRepeatsAndPositionals() throws {
    let values = try #require(
      try Self.table.parse(
        ["-f", "--count", "3", "a", "--name", "x", "--name", "-y", "b"], into: Values()))
    #expect(values.flag && values.count == 3)
    #expect(values.names == ["x", "-y"])
    #expect(values.files == ["a", "b"])
    #expect(try Self.table.parse(["a", "--help", "--bogus"], into: Values()) == nil)
  }

  @Test(arguments: [
    (["--count", "1", "--count", "2"], "--count given twice"),
    (["--count"], "--count needs a value (bench demo --help)"),
    (["--count", "0x1"], "--count: '0x1' is not a count from 1 to 9"),
    (["--bogus"], "unknown option '--bogus' (bench demo --help)"),
    (["a", "b", "c"], "bench demo takes 2 files at most, found 'c'"),
  ])
  func rejects(_ arguments: [String], with message: String) {
    #expect(throws: UsageError.self) { try Self.table.parse(arguments, into: Values()) }
    do {
      _ = try Self.table.parse(arguments, into: Values())
    } catch let error as UsageError {
      #expect(error.message == message)
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func help_isWrittenFromTheTable() {
    #expect(
      Self.table.help == """
        usage: bench demo [--flag] [--count N] [--name NAME]... [FILE]

        Does a demonstration.

          --flag, -f    sets the flag
          --count N     a count
          --name NAME   a name; repeatable

        """)
  }

  @Test("every option every command parses is in its help, and the format list is one list")
  func everyCommandsHelp_namesItsOptions() {
    let helps: [(String, [String])] = [
      (RunCommand.table.help, RunCommand.table.options.flatMap(\.names)),
      (LayoutCommand.table.help, LayoutCommand.table.options.flatMap(\.names)),
      (ReportCommand.table.help, ReportCommand.table.options.flatMap(\.names)),
      (DatasetCommand.table.help, DatasetCommand.table.options.flatMap(\.names)),
      (
        CompareCommand.table.help,
        CompareCommand.table.options.flatMap(\.names).filter {
          !RunOptions.options.flatMap(\.names).contains($0)
        }
      ),
    ]
    for (help, names) in helps {
      for name in names { #expect(help.contains(name), "\(name) in \(help)") }
      #expect(help.hasSuffix("\n") && !help.hasSuffix("\n\n"), "\(help)")
    }
    let formats = Reporters.formatNames.joined(separator: ", ")
    #expect(RunCommand.table.help.contains(formats))
    #expect(ReportCommand.table.help.contains(formats))
  }
}
