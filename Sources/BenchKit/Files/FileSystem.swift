import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The few system calls bench's files and streams need. POSIX rather than Foundation, so that a
/// failure is an errno described in words (`FileError`), never a trap or an NSError dump.
public enum FileSystem {
  /// What is at a path, without following a symbolic link.
  enum Kind: Equatable {
    case missing
    case regularFile
    /// Anything else, described: `a FIFO`, `a symbolic link`, …
    case other(String)
  }

  /// Writes all of `data` to `descriptor`, resuming after a signal, a partial write or a full
  /// non-blocking pipe. Throws naming `name`.
  public static func write(_ data: Data, to descriptor: Int32, name: String) throws {
    let code = data.withUnsafeBytes { writeAll($0, to: descriptor) }
    if code != 0 { throw FileError(name, cannot: "write", errno: code) }
  }

  /// Reads `descriptor` to its end. Throws naming `name`.
  public static func readAll(_ descriptor: Int32, name: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += chunk[..<count]
      } else if count == 0 {
        return bytes
      } else if errno == EAGAIN {
        wait(for: descriptor, events: Int16(POLLIN))
      } else if errno != EINTR {
        throw FileError(name, cannot: "read", errno: errno)
      }
    }
  }

  /// 0, or the errno of the write that failed.
  static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    guard let base = buffer.baseAddress else { return 0 }
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(descriptor, base + offset, min(buffer.count - offset, 1 << 30))
      if written > 0 {
        offset += written
      } else if written == 0 {
        return EIO  // no progress and no error: do not spin
      } else if errno == EAGAIN {
        wait(for: descriptor, events: Int16(POLLOUT))
      } else if errno != EINTR {
        return errno
      }
    }
    return 0
  }

  /// Blocks until a non-blocking descriptor (a parent's pipe) is ready.
  private static func wait(for descriptor: Int32, events: Int16) {
    var request = pollfd(fd: descriptor, events: events, revents: 0)
    _ = poll(&request, 1, -1)
  }

  /// What is at `path`; a path that cannot be looked at (a component is a file) throws.
  static func kind(of path: String) throws -> Kind {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return .missing }
      throw FileError(path, cannot: "write", errno: errno)
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .other("a directory")
    case S_IFLNK: return .other("a symbolic link")
    case S_IFCHR: return .other("a character device")
    case S_IFBLK: return .other("a block device")
    case S_IFIFO: return .other("a FIFO")
    case S_IFSOCK: return .other("a socket")
    default: return .other("not a file bench knows")
    }
  }

  /// Creates `path` and its missing parents, as `mkdir -p`; an existing directory (or a
  /// symbolic link to one) is fine.
  static func makeDirectories(_ path: String) throws {
    guard !path.isEmpty else { return }
    var status = stat()
    if stat(path, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR { return }
      throw FileError(path, cannot: "create the directory", errno: ENOTDIR)
    }
    guard errno == ENOENT else {
      throw FileError(path, cannot: "create the directory", errno: errno)
    }
    let parent = split(path).directory
    if parent != path { try makeDirectories(parent) }
    if mkdir(path, 0o777) != 0 && errno != EEXIST {
      throw FileError(path, cannot: "create the directory", errno: errno)
    }
  }

  /// `path` split at its last "/", trailing slashes ignored: the directory ("" for a bare name,
  /// "/" for a name in the root) and the name. Split by hand: Foundation's
  /// `deletingLastPathComponent` traps on a one-character relative path such as "0" (Swift 6.3
  /// on Linux; `bench report r.json --output 0`, found by the CLI fuzz).
  ///
  /// - Complexity: O(path length).
  static func split(_ path: String) -> (directory: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return ("", String(trimmed)) }
    let name = String(trimmed[trimmed.index(after: slash)...])
    var directory = trimmed[..<slash]
    while directory.count > 1 && directory.hasSuffix("/") { directory = directory.dropLast() }
    return (directory.isEmpty ? "/" : String(directory), name)
  }

  /// Creates `path`, which must not exist, with `data`, synced to the disk; errors name
  /// `target`, the file the user asked for.
  static func writeNewFile(_ path: String, _ data: Data, target: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw FileError(target, cannot: "write", errno: errno) }
    var code = data.withUnsafeBytes { writeAll($0, to: descriptor) }
    // Synced before the rename, so that a crash cannot leave an empty file in its place.
    // EINVAL: this file system has nothing to sync.
    if code == 0 && fsync(descriptor) != 0 && errno != EINVAL { code = errno }
    if close(descriptor) != 0 && code == 0 && errno != EINTR { code = errno }
    if code != 0 { throw FileError(target, cannot: "write", errno: code) }
  }
}
