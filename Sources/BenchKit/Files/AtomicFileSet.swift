import CTemporaryFiles
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Files staged beside their targets (`stage`), then renamed into place together (`commit`) or
/// dropped (`discard`). The two steps are apart so tests can fail a commit half-way.
struct AtomicFileSet {
  struct Entry {
    /// The path the user asked for.
    var target: String
    /// The new file beside the target; nil when the target is to be removed.
    var staged: String?
    /// Where an earlier file of the set goes during the commit, so it can be put back.
    var backup: String
    var targetExists: Bool
    /// The staged file's registration for removal on a signal (-1: none).
    var slot: Int32 = -1
    var movedAside = false
  }

  private(set) var entries: [Entry] = []

  /// Distinguishes the temporary files of one process (threads may write at once).
  private static let counter = Atomic<Int>(0)

  /// `DIRECTORY/.NAME.PID.N.SUFFIX`, beside `target` so the rename stays in one file system.
  static func sibling(of target: String, _ suffix: String) -> String {
    let number = counter.add(1, ordering: .relaxed).newValue
    let (directory, base) = FileSystem.split(target)
    let name = ".\(base).\(getpid()).\(number).\(suffix)"
    if directory.isEmpty { return name }
    return directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
  }

  /// Checks every target, then writes every file beside its target. Throws, leaving no staged
  /// file, if a target is not a regular file or a file cannot be written.
  static func stage(_ files: [(path: String, data: Data)], removing: [String]) throws
    -> AtomicFileSet
  {
    var set = AtomicFileSet()
    // Every target checked before anything is written: a refusal leaves no trace.
    for (path, _) in files {
      let kind = try FileSystem.kind(of: path)
      if case .other(let what) = kind {
        throw FileError(path, "cannot write: it is \(what), not a regular file")
      }
      set.entries.append(
        Entry(
          target: path, staged: nil, backup: sibling(of: path, "old"),
          targetExists: kind == .regularFile))
    }
    for path in removing where try FileSystem.kind(of: path) == .regularFile {
      set.entries.append(
        Entry(target: path, staged: nil, backup: sibling(of: path, "old"), targetExists: true))
    }
    do {
      for (index, (path, data)) in files.enumerated() {
        try FileSystem.makeDirectories(FileSystem.split(path).directory)
        let staged = sibling(of: path, "tmp")
        // Registered before it exists: a signal can come at any point after open.
        set.entries[index].staged = staged
        set.entries[index].slot = bench_temporary_register(staged)
        try FileSystem.writeNewFile(staged, data, target: path)
      }
    } catch {
      set.discard()
      throw error
    }
    signalForTests(at: "staged")
    return set
  }

  /// Renames every staged file over its target and removes the targets to remove. A failure
  /// puts back what was already done; SIGINT, SIGTERM and SIGHUP wait until the end.
  mutating func commit() throws {
    guard bench_termination_defer() == 0 else {
      discard()
      throw FileError(entries.first?.target ?? "", "cannot write: interrupted")
    }
    defer { bench_termination_resume() }
    var applied = 0
    do {
      for index in entries.indices {
        try entries[index].apply(isLast: index == entries.count - 1)
        applied += 1
        if applied == 1 { Self.signalForTests(at: "committing") }
      }
    } catch {
      for index in entries.indices.prefix(applied + 1).reversed() {
        entries[index].putBack(wasApplied: index < applied)
      }
      discard()
      throw error
    }
    for entry in entries {
      unlink(entry.backup)
      bench_temporary_forget(entry.slot)
    }
  }

  /// Debug builds only: SIGTERM at `step` of a write when BENCH_TEST_SIGNAL_AT says so, for the
  /// tests that interrupt a `bench` process (`staged`: every file written, none renamed;
  /// `committing`: after the first rename).
  private static func signalForTests(at step: String) {
    #if DEBUG
      if ProcessInfo.processInfo.environment["BENCH_TEST_SIGNAL_AT"] == step { raise(SIGTERM) }
    #endif
  }

  /// Removes the staged files. Backups are left: after a failed put-back one is the only copy
  /// of an old file.
  func discard() {
    for entry in entries {
      if let staged = entry.staged { unlink(staged) }
      bench_temporary_forget(entry.slot)
    }
  }
}

extension AtomicFileSet.Entry {
  /// Puts the new file in place, or removes the target. The last entry does it in one step (a
  /// rename over the old file, or an unlink), since nothing after it can fail; an earlier one
  /// first moves the old file aside, so that a later failure can put it back.
  mutating func apply(isLast: Bool) throws {
    if targetExists && !isLast {
      guard rename(target, backup) == 0 else {
        throw FileError(target, cannot: "replace", errno: errno)
      }
      movedAside = true
    }
    if let staged {
      guard rename(staged, target) == 0 else {
        throw FileError(target, cannot: "write", errno: errno)
      }
    } else if isLast && targetExists && unlink(target) != 0 {
      throw FileError(target, cannot: "remove", errno: errno)
    }
  }

  /// Undoes `apply` as far as it went.
  func putBack(wasApplied: Bool) {
    if movedAside {
      rename(backup, target)
    } else if wasApplied && staged != nil {
      unlink(target)  // it did not exist before
    }
  }
}
