import BenchKit
import Foundation
import LayoutLab

#if canImport(Glibc)
  import Glibc
#endif

extension CommandIO {
  /// The process's standard streams and file system, through write(2) and read(2): a failed
  /// write is an error in words, never a trap. Input is read up to
  /// `LayoutLimits.maximumFileSize` bytes (`InputTooLarge` past it, before reading a regular
  /// file at all).
  public static let standard = CommandIO(
    readStandardInput: {
      try BoundedInput.read(descriptor: STDIN_FILENO, maximumBytes: LayoutLimits.maximumFileSize)
    },
    readFile: { path in
      try BoundedInput.readFile(atPath: path, maximumBytes: LayoutLimits.maximumFileSize)
    },
    writeOutput: { text in
      do { try FileSystem.write(Data(text.utf8), to: STDOUT_FILENO, name: "standard output") } catch
      {
        throw OutputError("\(error)")
      }
    },
    writeError: { text in
      try? FileSystem.write(Data(text.utf8), to: STDERR_FILENO, name: "standard error")
    })

  /// Opens /dev/null on any of descriptors 0, 1 and 2 that the process was started without
  /// (`bench list >&-`), the wrong way round (standard output read-only), so that writing to a
  /// closed stream still fails — and no file the process opens later becomes its standard
  /// output by taking the lowest free descriptor. Call first thing.
  public static func reserveClosedStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // open takes the lowest free descriptor: this one, as the lower ones are open.
      _ = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
    }
  }
}
