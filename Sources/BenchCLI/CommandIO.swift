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
  public var writeOutput: @Sendable (String) -> Void
  public var writeError: @Sendable (String) -> Void

  public init(
    readStandardInput: @escaping @Sendable () throws -> [UInt8],
    readFile: @escaping @Sendable (String) throws -> [UInt8],
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void
  ) {
    self.readStandardInput = readStandardInput
    self.readFile = readFile
    self.writeOutput = writeOutput
    self.writeError = writeError
  }

  /// The process's standard streams and file system; input is read up to
  /// `LayoutLimits.maximumFileSize` bytes (`InputTooLarge` past it).
  public static let standard = CommandIO(
    readStandardInput: {
      try BoundedInput.read(descriptor: 0, maximumBytes: LayoutLimits.maximumFileSize)
    },
    readFile: { path in
      try BoundedInput.readFile(atPath: path, maximumBytes: LayoutLimits.maximumFileSize)
    },
    writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) })
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
