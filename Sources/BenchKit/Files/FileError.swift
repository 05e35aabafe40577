#if canImport(Glibc)
  import Glibc
#endif

/// A file or stream that could not be read or written, in words:
/// `Results/x.md: cannot write: no space left on device`. One line, no NSError.
public struct FileError: Error, CustomStringConvertible, Sendable {
  /// The path the user gave, or a stream's name (`standard output`).
  public var path: String
  /// What went wrong: `cannot write: no space left on device`.
  public var problem: String

  public var description: String { "\(path): \(problem)" }

  public init(_ path: String, _ problem: String) {
    self.path = path
    self.problem = problem
  }

  /// `path: cannot VERB: REASON`, REASON being what the system says of `code` (an errno).
  public init(_ path: String, cannot verb: String, errno code: Int32) {
    self.init(path, "cannot \(verb): \(Self.reason(code))")
  }

  /// strerror's text as a phrase: `No space left on device` → `no space left on device`.
  public static func reason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
