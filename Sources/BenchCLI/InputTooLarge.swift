/// A file or standard input longer than `bench` reads: one line, exit status 2.
struct InputTooLarge: Error, CustomStringConvertible {
  /// The file's size, when it was known before reading; nil when reading stopped at the limit.
  var size: Int?
  var limit: Int

  var description: String {
    let found = size.map { "\($0) bytes" } ?? "longer than that"
    return "more than the limit of \(limit) bytes for a layout or updates file (\(found))"
  }
}
