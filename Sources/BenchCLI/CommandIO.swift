import BenchKit
import Foundation
import LayoutLab

/// Where a command reads and writes, injected so tests run commands in-process and capture
/// everything they print.
public struct CommandIO: Sendable {
  /// All of standard input; `.standard` stops reading past `LayoutLimits.maximumFileSize`.
  public var readStandardInput: @Sendable () throws -> [UInt8]
  /// The whole file at a path; `.standard` checks its size against
  /// `LayoutLimits.maximumFileSize` before reading it.
  public var readFile: @Sendable (String) throws -> [UInt8]
  /// Standard output: what the command produces. A failure ends the command with exit status 1.
  public var writeOutput: @Sendable (String) throws -> Void
  /// Standard error: progress and messages, best effort. A failure is not reported (where to?)
  /// and does not change the exit status.
  public var writeError: @Sendable (String) -> Void

  public init(
    readStandardInput: @escaping @Sendable () throws -> [UInt8],
    readFile: @escaping @Sendable (String) throws -> [UInt8],
    writeOutput: @escaping @Sendable (String) throws -> Void,
    writeError: @escaping @Sendable (String) -> Void
  ) {
    self.readStandardInput = readStandardInput
    self.readFile = readFile
    self.writeOutput = writeOutput
    self.writeError = writeError
  }

  /// Writes `text` to standard output; any failure becomes an `OutputError` (exit status 1).
  func output(_ text: String) throws {
    do { try writeOutput(text) } catch let error as OutputError { throw error } catch {
      throw OutputError("standard output: \(error)")
    }
  }
}

/// How a command ended: the process's exit status.
public enum ExitStatus: Int32, Sendable {
  case success = 0
  /// A check failed: strategies disagree, a regression was found.
  case failure = 1
  /// Bad input or usage: a flag, a file, a layout value.
  case badInput = 2
}

/// Bad input to a command: a one-line message, exit status 2.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// A check that failed: a one-line message, exit status 1.
struct CheckFailure: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// Standard output could not be written: a one-line message, exit status 1.
public struct OutputError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
