/// Limits that keep bad input from exhausting the machine instead of failing cleanly. Each is
/// set where a valid input at the limit still loads and lays out in seconds and a few hundred
/// megabytes; `docs/Limits.md` gives the measurements.
public enum LayoutLimits {
  /// The most items one layout may hold (all sections together): 10 million cells are
  /// 320 MB of frames, well past any dataset the lab measures.
  public static let maximumNumberOfItems = 10_000_000
  /// The most sections one layout may hold. Every section costs a record in the model and in
  /// each strategy's cache whether or not it has items; a million is far more than any
  /// collection view groups its items into.
  public static let maximumNumberOfSections = 1_000_000
  /// The largest layout or updates file `bench layout` reads, in bytes (256 MiB): a file of
  /// `maximumNumberOfItems` per-item sizes written as `bench dataset` writes them is 158 MB.
  public static let maximumFileSize = 256 << 20
  /// The most characters of a literal from the input (a number, a key, a string) an error
  /// quotes; longer ones are cut and end with `…`.
  public static let maximumEchoedLength = 40
  /// The longest length (size, spacing, inset) a layout takes, in points. Larger finite values
  /// would let sums overflow to infinity; a billion points is far beyond any screen.
  public static let maximumLength: Double = 1e9
  /// The farthest content offset from the origin, in points.
  public static let maximumOffset: Double = 1e12
  /// The largest display scale (UIKit's are 1, 2 and 3).
  public static let maximumScale: Double = 1_000
}
