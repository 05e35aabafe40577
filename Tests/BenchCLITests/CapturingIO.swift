import BenchCLI
import Foundation

/// A `CommandIO` that records what a command prints and serves files from memory.
final class CapturingIO: @unchecked Sendable {
  private let lock = NSLock()
  private var _output = ""
  private var _error = ""
  let files: [String: String]
  let standardInput: String

  init(files: [String: String] = [:], standardInput: String = "") {
    self.files = files
    self.standardInput = standardInput
  }

  var output: String { lock.withLock { _output } }
  var error: String { lock.withLock { _error } }

  var io: CommandIO {
    CommandIO(
      readStandardInput: { Array(self.standardInput.utf8) },
      readFile: { path in
        if let text = self.files[path] { return Array(text.utf8) }
        // Real paths too, for the golden files.
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      },
      writeOutput: { text in self.lock.withLock { self._output += text } },
      writeError: { text in self.lock.withLock { self._error += text } })
  }

  /// Runs `bench` with `arguments`.
  static func run(
    _ arguments: [String], files: [String: String] = [:], standardInput: String = ""
  ) -> (status: ExitStatus, output: String, error: String) {
    let capture = CapturingIO(files: files, standardInput: standardInput)
    let status = BenchCommand.run(arguments, io: capture.io)
    return (status, capture.output, capture.error)
  }
}
