/// The keys seen so far in one object, to reject a duplicate. Known keys are bits of a mask;
/// the first four others are kept inline (most objects that have any have one or two: no set
/// to allocate), the rest in a set up to `limit` of them — every such key is already an error
/// (an unknown key, or inside a value that is skipped), so past the limit a duplicate among
/// them goes unreported rather than let a file of millions of keys grow the set.
struct JSONKeySet {
  private var known: UInt64 = 0
  private var first: (String?, String?, String?, String?)
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
      if first.0 == name || first.1 == name || first.2 == name || first.3 == name {
        return false
      }
      if first.0 == nil {
        first.0 = name
      } else if first.1 == nil {
        first.1 = name
      } else if first.2 == nil {
        first.2 = name
      } else if first.3 == nil {
        first.3 = name
      } else if others.count >= limit {
        return !others.contains(name)
      } else {
        return others.insert(name).inserted
      }
      return true
    }
  }
}
