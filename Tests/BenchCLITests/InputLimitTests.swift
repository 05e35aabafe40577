import Foundation
import LayoutLab
import Testing

@testable import BenchCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `bench layout` reads at most `LayoutLimits.maximumFileSize` bytes: a file's size is checked
/// before it is read, and standard input stops being read past the limit.
@Suite("bench layout: input size limit")
struct InputLimitTests {
  /// A fresh temporary file holding `bytes`; removed by the caller.
  func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = NSTemporaryDirectory() + "layoutlab-\(UUID().uuidString).json"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("a file at the limit is read whole; one byte more is refused before reading")
  func fileLimit() throws {
    let path = try temporaryFile(Array("0123456789".utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try BoundedInput.readFile(atPath: path, maximumBytes: 10) == Array("0123456789".utf8))
    #expect(throws: InputTooLarge.self) { try BoundedInput.readFile(atPath: path, maximumBytes: 9) }
    do {
      _ = try BoundedInput.readFile(atPath: path, maximumBytes: 9)
    } catch let error as InputTooLarge {
      #expect(error.size == 10 && error.limit == 9)
    }
    #expect(throws: SystemError.self) {
      try BoundedInput.readFile(atPath: NSTemporaryDirectory(), maximumBytes: 9)
    }
    // Standard input redirected from a file is sized the same way, from where it stands.
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    #expect(lseek(descriptor, 4, SEEK_SET) == 4)
    do {
      _ = try BoundedInput.read(descriptor: descriptor, maximumBytes: 5)
      Issue.record("6 bytes read with a limit of 5")
    } catch let error as InputTooLarge {
      #expect(error.size == 6)
    }
    #expect(try BoundedInput.read(descriptor: descriptor, maximumBytes: 6) == Array("456789".utf8))
  }

  @Test("a stream is read to its end, and stops one byte past the limit")
  func streamLimit() throws {
    for (length, limit) in [(0, 0), (10, 10), (11, 10), (200_000, 150_000), (200_000, 200_000)] {
      var ends: [Int32] = [0, 0]
      #expect(pipe(&ends) == 0)
      let payload = [UInt8](repeating: UInt8(ascii: "x"), count: length)
      let writeEnd = ends[1]
      // The writer runs beside the reader: a pipe holds only 64 KiB.
      let writer = Thread {
        payload.withUnsafeBytes { buffer in
          var written = 0
          while written < buffer.count, let base = buffer.baseAddress {
            let count = write(writeEnd, base + written, buffer.count - written)
            if count <= 0 { break }
            written += count
          }
        }
        close(writeEnd)
      }
      writer.start()
      do {
        let read = try BoundedInput.read(descriptor: ends[0], maximumBytes: limit)
        #expect(length <= limit && read == payload, "\(length) bytes, limit \(limit)")
      } catch let error as InputTooLarge {
        #expect(length > limit && error.size == nil, "\(length) bytes, limit \(limit)")
      }
      // Drain what the reader left, so the writer never writes to a closed pipe (SIGPIPE would
      // end the whole test process).
      var rest = [UInt8](repeating: 0, count: 1 << 16)
      while rest.withUnsafeMutableBytes({ read(ends[0], $0.baseAddress, $0.count) }) > 0 {}
      close(ends[0])
    }
  }

  @Test("bench layout refuses a file over 256 MiB in one line, without reading it")
  func oversizedFileIsRefused() throws {
    // A sparse file: its size is over the limit, its blocks are never written or read.
    let path = try temporaryFile([])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(truncate(path, off_t(LayoutLimits.maximumFileSize + 1)) == 0)
    let started = Date()
    let capture = CapturingIO()
    var io = capture.io
    io.readFile = CommandIO.standard.readFile
    #expect(BenchCommand.run(["layout", path], io: io) == .badInput)
    #expect(capture.output.isEmpty)
    #expect(
      capture.error
        == "bench: \(path): more than the limit of 268435456 bytes for a layout or updates file "
        + "(268435457 bytes)\n")
    #expect(Date().timeIntervalSince(started) < 5)
  }

  @Test("LayoutFile.decode and UpdatesFile.decode hold bytes to the same limit")
  func decodersRefuseOversizedBytes() {
    let bytes = [UInt8](repeating: 0x20, count: LayoutLimits.maximumFileSize + 1)
    #expect(throws: LayoutError.self) { try LayoutFile.decode(bytes) }
    #expect(throws: LayoutError.self) { try UpdatesFile.decode(bytes) }
  }
}
