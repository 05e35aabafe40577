/// The growth of one series (a benchmark name measured at several sizes): the fit of its time
/// per operation, and the class of its work per iteration (exact: counters do not vary).
public struct SeriesFit: Codable, Hashable, Sendable {
  public var name: String
  public var strategy: String
  public var workload: String
  public var dataset: String
  public var sizes: [Int]
  /// Fit of the median time per operation (with a bootstrap interval on the exponent).
  public var time: ComplexityFit
  /// Fit of the total work counters per iteration, where the series counts work.
  public var work: ComplexityFit?
  /// Fit of the instructions per iteration, where the series counted them (exact too).
  public var instructions: ComplexityFit?

  /// Every series of `results` with two sizes or more.
  public static func fits(of results: [BenchmarkResult]) -> [SeriesFit] {
    let bySeries = Dictionary(grouping: results, by: \.series)
    return bySeries.keys.sorted().compactMap { name in
      let series = bySeries[name]!.sorted { $0.items < $1.items }
      guard Set(series.map(\.items)).count >= 2, let first = series.first,
        let time = ComplexityFit(
          samplesBySize: series.map { (Double($0.items), $0.samples) })
      else { return nil }
      let work =
        series.allSatisfy({ $0.totalWork > 0 })
        ? ComplexityFit(points: series.map { (Double($0.items), Double($0.totalWork)) }) : nil
      let counted = series.compactMap { $0.instructions.map { (Double($0)) } }
      let instructions =
        counted.count == series.count && counted.allSatisfy({ $0 > 0 })
        ? ComplexityFit(points: zip(series, counted).map { (Double($0.items), $1) }) : nil
      return SeriesFit(
        name: name, strategy: first.strategy, workload: first.workload, dataset: first.dataset,
        sizes: series.map(\.items), time: time, work: work, instructions: instructions)
    }
  }
}
