/// One subcommand of `bench` (`BenchCommand.commands`): its name, its line in `bench help`,
/// and what runs it.
struct Subcommand {
  let name: String
  /// The line `bench help` shows; nil for a command not for people (`_ab-worker`).
  let summary: String?
  /// Runs the command with the arguments after its name; returns its output.
  let run: ([String], CommandIO) throws -> String

  init(_ name: String, _ summary: String?, run: @escaping ([String], CommandIO) throws -> String) {
    self.name = name
    self.summary = summary
    self.run = run
  }
}
