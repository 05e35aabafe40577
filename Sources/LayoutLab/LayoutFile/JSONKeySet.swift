/// The keys seen so far in one object, to reject a duplicate. Known keys are bits of a mask;
/// other keys are kept as strings up to `limit` of them — every such key is already an error
/// (an unknown key, or inside a value that is skipped), so past the limit a duplicate among
/// them goes unreported rather than let a file of millions of keys grow the set.
struct JSONKeySet {
  private var known: UInt64 = 0
  private var others: Set<String> = []
  private let limit: Int

  init(tracking limit: Int) { self.limit = limit }

  /// False if `key` was seen before.
  mutating func insert(_ key: JSONKey) -> Bool {
    switch key {
    case .known(let index):
      let bit = UInt64(1) << UInt64(index)
      if known & bit != 0 { return false }
      known |= bit
      return true
    case .unknown(let name):
      if others.count >= limit { return !others.contains(name) }
      return others.insert(name).inserted
    }
  }
}
