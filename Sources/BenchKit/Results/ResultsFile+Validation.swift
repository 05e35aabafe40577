/// What a results file may hold: what a run writes, and what the reports and the gates can
/// compute with. A file edited by hand or damaged is rejected when it is read, naming the field
/// (`results[3].samples[2]: nan is not a finite number`), rather than trapping in a chart or a
/// gate later.
extension ResultsFile {
  /// The most items a result may have measured: far beyond any benchmark (bench takes at most
  /// 10 million), and small enough that the charts' decades (10^k) stay well inside `Int`.
  public static let maximumItems = 1_000_000_000_000
  /// The most samples one result may hold: ten times what the runner takes. Comparing two
  /// results pairs every sample of one with every sample of the other.
  public static let maximumSamples = 1_000
  /// The longest time budget a file may ask `bench compare` to re-measure with, as
  /// `--time-budget` allows.
  public static let maximumTimeBudgetSeconds = 600.0

  /// Throws naming the first field no run writes: a time that is negative or not finite, a
  /// count below zero, a size or budget out of range.
  ///
  /// - Complexity: O(samples + counters) over every result.
  public func validate() throws(ResultsFileError) {
    let budget = settings.timeBudgetSeconds
    guard budget > 0, budget <= Self.maximumTimeBudgetSeconds else {
      throw ResultsFileError(
        "settings.timeBudgetSeconds: \(budget) is not a duration from 0 to \(Self.maximumTimeBudgetSeconds) s"
      )
    }
    try Self.check(settings.targetSampleNanoseconds, "settings.targetSampleNanoseconds")
    for (index, floor) in settings.ratioFloors.enumerated() {
      try Self.check(floor.floor, "settings.ratioFloors[\(index)].floor")
    }
    for (index, result) in results.enumerated() {
      try result.validate(field: "results[\(index)]")
    }
    for (index, ratio) in ratios.enumerated() {
      try Self.check(ratio.ratio, "ratios[\(index)].ratio")
      try Self.check(ratio.floor, "ratios[\(index)].floor")
    }
    for (index, fit) in fits.enumerated() {
      for (size, items) in fit.sizes.enumerated() {
        try Self.checkItems(items, "fits[\(index)].sizes[\(size)]")
      }
      try fit.time.validate(field: "fits[\(index)].time")
      try fit.work?.validate(field: "fits[\(index)].work")
    }
  }

  /// A time, a rate or a ratio: finite and not negative.
  static func check(_ value: Double, _ field: String) throws(ResultsFileError) {
    guard value.isFinite else {
      throw ResultsFileError("\(field): \(value) is not a finite number")
    }
    guard value >= 0 else { throw ResultsFileError("\(field): \(value) is negative") }
  }

  /// A count: not negative.
  static func check(_ value: Int, _ field: String) throws(ResultsFileError) {
    guard value >= 0 else { throw ResultsFileError("\(field): \(value) is negative") }
  }

  static func checkItems(_ items: Int, _ field: String) throws(ResultsFileError) {
    guard items >= 1, items <= maximumItems else {
      throw ResultsFileError(
        "\(field): \(items) is not a number of items from 1 to \(maximumItems)")
    }
  }
}

extension BenchmarkResult {
  func validate(field: String) throws(ResultsFileError) {
    try ResultsFile.checkItems(items, "\(field).items")
    guard samples.count <= ResultsFile.maximumSamples else {
      throw ResultsFileError(
        "\(field).samples: \(samples.count) samples, more than the limit of \(ResultsFile.maximumSamples)"
      )
    }
    for (index, sample) in samples.enumerated() {
      try ResultsFile.check(sample, "\(field).samples[\(index)]")
    }
    try statistics.validate(field: "\(field).statistics")
    for (name, value) in counters.sorted(by: { $0.key < $1.key }) {
      try ResultsFile.check(value, "\(field).counters.\(name)")
    }
    if let allocations {
      try ResultsFile.check(allocations.count, "\(field).allocations.count")
      try ResultsFile.check(allocations.bytes, "\(field).allocations.bytes")
    }
    if let retainedBytes {
      try ResultsFile.check(retainedBytes, "\(field).retainedBytes")
    }
    if let peakResidentBytes {
      try ResultsFile.check(peakResidentBytes, "\(field).peakResidentBytes")
    }
    try ResultsFile.check(elapsedSeconds, "\(field).elapsedSeconds")
    try ResultsFile.check(warmupIterations, "\(field).warmupIterations")
    // Both divide: an iteration holds at least one operation, a sample at least one iteration.
    for (value, name) in [
      (operationsPerIteration, "operationsPerIteration"),
      (iterationsPerSample, "iterationsPerSample"),
    ] where value < 1 {
      throw ResultsFileError("\(field).\(name): \(value) is less than 1")
    }
  }
}

extension SampleStatistics {
  func validate(field: String) throws(ResultsFileError) {
    let times: [(Double, String)] = [
      (min, "min"), (p25, "p25"), (median, "median"), (p75, "p75"), (p90, "p90"), (p99, "p99"),
      (max, "max"), (mean, "mean"), (ciLow, "ciLow"), (ciHigh, "ciHigh"),
      (confidence, "confidence"), (mad, "mad"),
    ]
    for (value, name) in times { try ResultsFile.check(value, "\(field).\(name)") }
    try ResultsFile.check(count, "\(field).count")
  }
}

extension ComplexityFit {
  func validate(field: String) throws(ResultsFileError) {
    // An exponent may be negative (a cost that falls with size); it must still be a number.
    let values: [(Double, String)] = [
      (coefficient, "coefficient"), (normalizedRMS, "normalizedRMS"), (exponent, "exponent"),
      (exponentLow, "exponentLow"), (exponentHigh, "exponentHigh"),
    ]
    for (value, name) in values where !value.isFinite {
      throw ResultsFileError("\(field).\(name): \(value) is not a finite number")
    }
  }
}
