import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where and how a results file was measured (docs/BenchMethod.md, "Environment in every result file").
public struct BenchEnvironment: Codable, Hashable, Sendable {
  public var cpu: String
  public var cores: Int
  public var os: String
  public var kernel: String
  public var swiftVersion: String
  /// `release` or `debug`.
  public var buildConfiguration: String
  public var gitCommit: String?
  public var gitDirty: Bool?
  /// ISO 8601, UTC.
  public var date: String
  public var commandLine: String
  /// A hash of the machine's identity (machine id, host name, CPU): equal host ids mean the
  /// same machine, where timings are comparable.
  public var hostID: String
  /// How the measuring process was placed (`bench run`: CPU pinning, address randomization,
  /// docs/BenchMethod.md "Two runs on equal footing"), or why it could not be; nil in files
  /// written before it was recorded.
  public var placement: String?

  public init(
    cpu: String, cores: Int, os: String, kernel: String, swiftVersion: String,
    buildConfiguration: String, gitCommit: String?, gitDirty: Bool?, date: String,
    commandLine: String, hostID: String
  ) {
    self.cpu = cpu
    self.cores = cores
    self.os = os
    self.kernel = kernel
    self.swiftVersion = swiftVersion
    self.buildConfiguration = buildConfiguration
    self.gitCommit = gitCommit
    self.gitDirty = gitDirty
    self.date = date
    self.commandLine = commandLine
    self.hostID = hostID
  }

  public static var buildConfiguration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  public static var swiftCompilerVersion: String {
    #if compiler(>=6.4)
      "6.4 or later"
    #elseif compiler(>=6.3)
      "6.3"
    #elseif compiler(>=6.2)
      "6.2"
    #elseif compiler(>=6.1)
      "6.1"
    #else
      "6.0"
    #endif
  }

  /// The environment of this process, with git's view of `directory`.
  public static func current(arguments: [String], gitDirectory: String? = nil) -> BenchEnvironment {
    let cpu = cpuModel()
    let host = ProcessInfo.processInfo.hostName
    let machineID =
      (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let git = gitState(directory: gitDirectory ?? FileManager.default.currentDirectoryPath)
    return BenchEnvironment(
      cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount,
      os: ProcessInfo.processInfo.operatingSystemVersionString, kernel: kernelRelease(),
      swiftVersion: swiftCompilerVersion, buildConfiguration: buildConfiguration,
      gitCommit: git?.commit, gitDirty: git?.dirty, date: formatter.string(from: Date()),
      commandLine: arguments.map(shellQuoted).joined(separator: " "),
      hostID: fnv1a("\(machineID)|\(host)|\(cpu)"))
  }

  static func cpuModel() -> String {
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
      for line in text.split(separator: "\n") where line.hasPrefix("model name") {
        if let colon = line.firstIndex(of: ":") {
          return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
      }
    }
    #if arch(x86_64)
      return "x86_64"
    #elseif arch(arm64)
      return "arm64"
    #else
      return "unknown"
    #endif
  }

  static func kernelRelease() -> String {
    var name = utsname()
    uname(&name)
    return withUnsafeBytes(of: &name.release) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  static func gitState(directory: String) -> (commit: String, dirty: Bool)? {
    guard let commit = run(["git", "-C", directory, "rev-parse", "HEAD"]),
      let status = run(["git", "-C", directory, "status", "--porcelain", "--untracked-files=no"])
    else { return nil }
    return (commit.trimmingCharacters(in: .whitespacesAndNewlines), !status.isEmpty)
  }

  private static func run(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  static func shellQuoted(_ argument: String) -> String {
    let safe = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:@%+".contains($0) }
    return safe && !argument.isEmpty
      ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}
