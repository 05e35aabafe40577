import Foundation

/// Writes files whole or not at all, and never over anything but a regular file.
///
/// Each file is written to a temporary file beside its target (`.NAME.PID.N.tmp`), synced,
/// then renamed over the target, so a reader finds the old file or the new one, never a part.
///
/// - Special files are refused, not replaced and not written through: when the target exists
///   and is not a regular file — a device, a FIFO, a socket, a directory, a symbolic link — the
///   write throws `PATH: cannot write: it is a FIFO, not a regular file` before anything is
///   written. Renaming over it would replace it (a device node by a file, for every user of the
///   machine; a link by a file, its target untouched), and writing through it could not be
///   atomic. To print a report, leave out the output file: the commands write to standard output.
/// - No temporary file is left behind: every failure removes them, and so does SIGINT, SIGTERM
///   or SIGHUP, which then ends the process as it would have (`CTemporaryFiles`).
/// - Errors are one `FileError` line naming the target in words
///   (`Results/x.md: cannot write: no space left on device`).
public enum AtomicFile {
  public static func write(_ data: Data, to path: String) throws {
    try write([(path, data)])
  }

  public static func write(_ text: String, to path: String) throws {
    try write(Data(text.utf8), to: path)
  }

  /// Writes `files` as one set: every file is written beside its target first, and only then
  /// are they renamed into place, so the targets end up all new or all as they were — after a
  /// refused target, a full disk, a failed rename (the renamed ones are put back), or a signal
  /// (deferred while the renames run). `removing`: paths to remove with the set, such as reports
  /// of an earlier run that this one does not write; only regular files are removed. Missing
  /// directories are created. Returns the paths removed.
  @discardableResult
  public static func write(_ files: [(path: String, data: Data)], removing: [String] = [])
    throws -> [String]
  {
    var set = try AtomicFileSet.stage(files, removing: removing)
    try set.commit()
    return set.entries.filter { $0.staged == nil }.map(\.target)
  }
}
