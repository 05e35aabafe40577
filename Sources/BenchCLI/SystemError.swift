#if canImport(Glibc)
  import Glibc
#endif

/// A failed system call, described as `strerror` describes its `errno`.
struct SystemError: Error, CustomStringConvertible {
  var code: Int32

  init(_ code: Int32) { self.code = code }

  var description: String { String(cString: strerror(code)) }
}
