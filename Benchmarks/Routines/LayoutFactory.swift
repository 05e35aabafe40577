import BenchKit
import LayoutLab

/// Fresh, unprepared layouts of one strategy on one dataset, of the concrete type `Layout` a
/// routine was opened with: for routines that need a new layout per iteration (made untimed).
struct LayoutFactory<Layout: CollectionViewLayout>: Sendable {
  let strategy: LayoutDescriptor
  let content: LayoutFileContent

  /// - Complexity: that of the strategy's initializer.
  func make() throws -> Layout {
    // The descriptor returns an existential; the routine's type was opened from one it made
    // for the same content, so the cast holds unless the factory changes type between calls.
    guard let layout = try strategy.make(content) as? Layout else {
      throw BenchmarkCheckFailure("\(strategy.name) made a layout of another type")
    }
    return layout
  }
}
