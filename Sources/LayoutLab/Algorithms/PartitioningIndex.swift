/// The first index in `0..<count` for which `isAtOrPast` holds, given that it holds for every
/// index after one where it holds (a half-open lower-bound search, as swift-algorithms'
/// `partitioningIndex(where:)`); `count` if it holds nowhere.
///
/// - Complexity: O(log count) calls of `isAtOrPast`.
@inline(__always)
func partitioningIndex(_ count: Int, where isAtOrPast: (Int) -> Bool) -> Int {
  var low = 0
  var high = count
  // Invariant: every index below `low` fails; `high` and every index above it hold (or are
  // past the end).
  while low < high {
    let middle = low + (high - low) / 2
    if isAtOrPast(middle) { high = middle } else { low = middle + 1 }
  }
  return low
}
