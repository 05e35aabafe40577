import Foundation
import Testing

@testable import BenchKit

#if canImport(Glibc)
  import Glibc
#endif

/// `AtomicFile`: writes that respect what is at the target, leave no temporary file after a
/// failure, and replace a set of files all together or not at all.
@Suite struct AtomicFileTests {
  /// A fresh directory, removed by `remove()`.
  struct Scratch {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "atomic-\(UUID())"
    ).path

    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func at(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
    func names() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
    func text(_ name: String) throws -> String {
      try String(contentsOfFile: at(name), encoding: .utf8)
    }
    func write(_ text: String, _ name: String) throws {
      try text.write(toFile: at(name), atomically: false, encoding: .utf8)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  /// The error `body` throws, as text.
  func failure(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// The staged file sits beside its target: in the same directory, or in the working directory
  /// for a bare name — also a one-character one, on which Foundation's
  /// `deletingLastPathComponent` traps (`bench report r.json --output 0`, found by the fuzz).
  @Test func theStagedFile_sitsBesideItsTarget_whateverItsName() {
    let pid = getpid()
    for (target, prefix) in [
      ("0", ".0.\(pid)."), ("a", ".a.\(pid)."), ("dir/0", "dir/.0.\(pid)."),
      ("/tmp/x.json", "/tmp/.x.json.\(pid)."), ("./r", "./.r.\(pid)."), ("/0", "/.0.\(pid)."),
    ] {
      let sibling = AtomicFileSet.sibling(of: target, "old")
      #expect(sibling.hasPrefix(prefix) && sibling.hasSuffix(".old"), "\(target) → \(sibling)")
    }
  }

  @Test func paths_splitAtTheirLastSlash() {
    #expect(FileSystem.split("0") == ("", "0"))
    #expect(FileSystem.split("a/b") == ("a", "b"))
    #expect(FileSystem.split("/a") == ("/", "a"))
    #expect(FileSystem.split("a/b/") == ("a", "b"))
    #expect(FileSystem.split("a//b") == ("a", "b"))
    #expect(FileSystem.split("/") == ("/", ""))
  }

  /// mknod needs root or CAP_MKNOD; without it the device test is skipped, saying so.
  static let canMakeDeviceNodes: Bool = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("mknod-\(UUID())")
      .path
    defer { unlink(path) }
    return mknod(path, S_IFCHR | 0o666, fullDevice) == 0
  }()

  /// /dev/full's device number (major 1, minor 7): every write fails with ENOSPC.
  static let fullDevice: dev_t = (1 << 8) | 7

  @Test func aFIFO_aSymlink_andADirectory_areRefused_andLeftUntouched() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    #expect(mkfifo(scratch.at("fifo.md"), 0o644) == 0)
    try scratch.write("the link's target", "target.md")
    try FileManager.default.createSymbolicLink(
      atPath: scratch.at("link.md"), withDestinationPath: "target.md")
    try FileManager.default.createDirectory(
      atPath: scratch.at("directory.md"), withIntermediateDirectories: false)
    let before = try scratch.names()
    for (name, kind) in [
      ("fifo.md", "a FIFO"), ("link.md", "a symbolic link"), ("directory.md", "a directory"),
    ] {
      let message = failure { try AtomicFile.write("new", to: scratch.at(name)) }
      #expect(message == "\(scratch.at(name)): cannot write: it is \(kind), not a regular file")
    }
    #expect(try scratch.names() == before)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: scratch.at("link.md"))
        == "target.md")
    #expect(try scratch.text("target.md") == "the link's target")
    var status = stat()
    #expect(lstat(scratch.at("fifo.md"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test(
    .enabled(if: canMakeDeviceNodes, "mknod is not permitted here (needs root or CAP_MKNOD)"))
  func aDeviceNode_isRefused_andStaysADevice() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // A private copy of /dev/full: the real one is never a test's target.
    #expect(mknod(scratch.at("full"), S_IFCHR | 0o666, Self.fullDevice) == 0)
    let message = failure { try AtomicFile.write("new", to: scratch.at("full")) }
    #expect(
      message == "\(scratch.at("full")): cannot write: it is a character device, not a regular file"
    )
    var status = stat()
    #expect(lstat(scratch.at("full"), &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFCHR && status.st_rdev == Self.fullDevice)
    #expect(try scratch.names() == ["full"])
  }

  @Test func aFailedWrite_leavesNoTemporaryFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.write("a file", "file")
    // A path component is a file.
    #expect(
      failure { try AtomicFile.write("new", to: scratch.at("file/report.md")) }
        == "\(scratch.at("file/report.md")): cannot write: not a directory")
    // The target turns into a directory after the new file is written beside it: the rename
    // fails, and the written file goes.
    try scratch.write("old", "report.md")
    var set = try AtomicFileSet.stage([(scratch.at("report.md"), Data("new".utf8))], removing: [])
    #expect(try scratch.names().count == 3)  // file, report.md, the staged file
    try FileManager.default.removeItem(atPath: scratch.at("report.md"))
    try FileManager.default.createDirectory(
      atPath: scratch.at("report.md/inside"), withIntermediateDirectories: true)
    #expect(
      failure { try set.commit() } == "\(scratch.at("report.md")): cannot write: is a directory")
    #expect(try scratch.names() == ["file", "report.md"])
  }

  /// The files of a run, each holding `text`.
  func writeSet(_ scratch: Scratch, _ text: String) throws {
    for name in ["results.json", "report.md", "report.html"] { try scratch.write(text, name) }
  }

  func setText(_ scratch: Scratch) throws -> [String] {
    try ["results.json", "report.md", "report.html"].map { try scratch.text($0) }
  }

  @Test func aSetThatFailsWhileWriting_leavesTheOldSet() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try writeSet(scratch, "old")
    // The third file's temporary name is too long for the file system: the first two are
    // written by then.
    let long = String(repeating: "x", count: 250)
    let message = failure {
      try AtomicFile.write(
        [
          (scratch.at("results.json"), Data("new".utf8)),
          (scratch.at("report.md"), Data("new".utf8)),
          (scratch.at(long), Data("new".utf8)),
        ], removing: [scratch.at("report.html")])
    }
    #expect(message == "\(scratch.at(long)): cannot write: file name too long")
    #expect(try setText(scratch) == ["old", "old", "old"])
    #expect(try scratch.names() == ["report.html", "report.md", "results.json"])
  }

  @Test func aSetThatFailsWhileRenaming_isPutBack() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try writeSet(scratch, "old")
    var set = try AtomicFileSet.stage(
      [
        (scratch.at("results.json"), Data("new".utf8)),
        (scratch.at("report.md"), Data("new".utf8)),
        (scratch.at("new.csv"), Data("new".utf8)),
        (scratch.at("report.html"), Data("new".utf8)),
      ], removing: [])
    // The last target becomes a directory: its rename fails after the others were done.
    try FileManager.default.removeItem(atPath: scratch.at("report.html"))
    try FileManager.default.createDirectory(
      atPath: scratch.at("report.html/inside"), withIntermediateDirectories: true)
    #expect(
      failure { try set.commit() } == "\(scratch.at("report.html")): cannot write: is a directory")
    #expect(try scratch.text("results.json") == "old")
    #expect(try scratch.text("report.md") == "old")
    #expect(try scratch.names() == ["report.html", "report.md", "results.json"])
  }

  @Test func aSet_replacesEveryFile_andRemovesStaleOnes() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try writeSet(scratch, "old")
    try FileManager.default.createDirectory(
      atPath: scratch.at("results.csv"), withIntermediateDirectories: false)
    let removed = try AtomicFile.write(
      [
        (scratch.at("results.json"), Data("new".utf8)),
        (scratch.at("report.md"), Data("new".utf8)),
      ], removing: [scratch.at("report.html"), scratch.at("results.csv"), scratch.at("none")])
    #expect(removed == [scratch.at("report.html")])  // not a directory, nor what is missing
    #expect(try scratch.names() == ["report.md", "results.csv", "results.json"])
    #expect(try scratch.text("results.json") == "new" && scratch.text("report.md") == "new")
  }

  @Test func aSetWithARefusedTarget_writesNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try writeSet(scratch, "old")
    try FileManager.default.removeItem(atPath: scratch.at("report.html"))
    #expect(mkfifo(scratch.at("report.html"), 0o644) == 0)
    let message = failure {
      try AtomicFile.write(
        ["results.json", "report.md", "report.html"].map { (scratch.at($0), Data("new".utf8)) })
    }
    #expect(
      message == "\(scratch.at("report.html")): cannot write: it is a FIFO, not a regular file")
    #expect(try scratch.text("results.json") == "old" && scratch.text("report.md") == "old")
    #expect(try scratch.names() == ["report.html", "report.md", "results.json"])
  }
}
