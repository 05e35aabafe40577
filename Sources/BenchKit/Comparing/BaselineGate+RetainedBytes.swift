/// The retained-bytes gate: the heap a prepared layout keeps, exact like allocations.
extension BaselineGate {
  /// Gates the bytes `result` retains against `base`: exact (up to `counterTolerance`), since
  /// the wrapper counts each block at the size it asked for, so any growth fails.
  ///
  /// A candidate that did not measure what the baseline measured fails (it could otherwise walk
  /// around the gate with `--jobs 2`). A baseline written before retained bytes existed
  /// (schema 1) gates nothing here: the report says once that it lacks them and should be
  /// refreshed.
  ///
  /// - Complexity: O(1).
  func compareRetainedBytes(
    _ base: BenchmarkResult, _ result: BenchmarkResult, _ report: inout GateReport
  ) {
    guard let before = base.retainedBytes else {
      if result.retainedBytes != nil
        && baseline.schemaVersion < ResultsFile.retainedBytesSchemaVersion
      {
        report.retainedNotInBaseline += 1
      }
      return
    }
    report.retainedCompared += 1
    guard let after = result.retainedBytes else {
      report.addNotMeasured(
        .retained, result.key,
        "retained bytes not measured in the candidate (\(result.allocationsNote ?? "no count"))")
      return
    }
    let perItem = { (bytes: Int) in
      Formatting.bytesPerItem(Double(bytes) / Double(max(result.items, 1)))
    }
    if Double(after) > Double(before) * (1 + counterTolerance) {
      report.add(
        .retained, .regression, result.key,
        "retained bytes \(before) → \(after) (\(perItem(before)) → \(perItem(after)))")
    } else if after < before {
      report.add(
        .retained, .improvement, result.key,
        "retained bytes \(before) → \(after) (\(perItem(before)) → \(perItem(after)))")
    }
  }
}
