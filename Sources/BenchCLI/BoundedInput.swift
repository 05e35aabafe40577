#if canImport(Glibc)
  import Glibc
#endif

/// Reading a whole file or stream, but never more than a limit: a regular file's size is
/// checked before any of it is read (standard input redirected from a file too), and a stream
/// (a pipe, a terminal) stops being read one byte past the limit — so an oversized input costs
/// neither the memory nor the time to hold it.
enum BoundedInput {
  /// The file at `path`, at most `maximumBytes` long; throws `InputTooLarge` if it is longer,
  /// or a `SystemError` if it cannot be read.
  static func readFile(atPath path: String, maximumBytes: Int) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemError(errno) }
    defer { close(descriptor) }
    return try read(descriptor: descriptor, maximumBytes: maximumBytes)
  }

  /// Everything left on `descriptor` (standard input is 0), at most `maximumBytes`.
  static func read(descriptor: Int32, maximumBytes: Int) throws -> [UInt8] {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw SystemError(errno) }
    if status.st_mode & S_IFMT == S_IFDIR { throw SystemError(EISDIR) }
    var expected = 0
    if status.st_mode & S_IFMT == S_IFREG {
      let offset = lseek(descriptor, 0, SEEK_CUR)
      let remaining = Int(status.st_size) - (offset > 0 ? Int(offset) : 0)
      if remaining > maximumBytes { throw InputTooLarge(size: remaining, limit: maximumBytes) }
      expected = max(0, remaining)
    }
    // One byte more than expected, so a file that grew is noticed without a second buffer.
    var bytes = [UInt8](repeating: 0, count: expected + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard count <= maximumBytes else { throw InputTooLarge(size: nil, limit: maximumBytes) }
        // Grow by half again (64 KiB at least), never far past the limit.
        let grown = min(max(bytes.count + bytes.count / 2, 1 << 16), maximumBytes + 1)
        bytes.append(contentsOf: repeatElement(0, count: grown - bytes.count))
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        guard let start = buffer.baseAddress else { return 0 }  // never: the buffer is not empty
        return Glibc.read(descriptor, start + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw SystemError(errno)
      }
      if got == 0 { break }
      count += got
    }
    guard count <= maximumBytes else { throw InputTooLarge(size: nil, limit: maximumBytes) }
    bytes.removeLast(bytes.count - count)
    return bytes
  }
}
