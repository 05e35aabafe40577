import Foundation

/// The golden layouts the package carries in `Tests/Fixtures/Golden/`: `NAME.spec.json`, a
/// layout file, and `NAME.expected.json`, what `bench layout` must print for it with every
/// strategy (`Tests/Fixtures/refresh-golden.sh` copies a newer upstream set in).
///
/// Found from this file's own path, so the tests work in any clone, from any directory.
public enum GoldenFixtures {
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Golden")

  /// How many cases the copy holds at least; fewer means the copy is broken.
  public static let minimumCaseCount = 18

  /// The case names, sorted; empty when the folder is missing or unreadable.
  public static var caseNames: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".spec.json") }
      .map { String($0.dropLast(".spec.json".count)) }
      .sorted()
  }

  /// Why the fixtures cannot be used, naming the path; nil when they can. Tests that read
  /// fixtures record this as one failure instead of running over nothing.
  public static var problem: String? {
    let count = caseNames.count
    guard count < minimumCaseCount else { return nil }
    return "golden fixtures missing: \(count) cases in \(directory.path), expected at least "
      + "\(minimumCaseCount) (restore Tests/Fixtures/Golden from git)"
  }

  /// The path of one fixture file.
  public static func path(_ file: String) -> String {
    directory.appendingPathComponent(file).path
  }

  /// The text of one fixture file; throws an error naming the path if it cannot be read.
  public static func read(_ file: String) throws -> String {
    do {
      return try String(contentsOfFile: path(file), encoding: .utf8)
    } catch {
      throw FixtureError(description: "cannot read the fixture \(path(file))")
    }
  }
}

/// A fixture that is missing or unreadable.
public struct FixtureError: Error, CustomStringConvertible {
  public var description: String
}
