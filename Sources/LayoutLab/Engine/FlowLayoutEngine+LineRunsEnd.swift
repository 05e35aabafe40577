import Foundation

extension FlowLayoutEngine {
  /// `lineRuns(ofSection:changing:…)` where the lines broken again reach the section's end —
  /// every append, every change in the last two lines: the runs from `resumed`'s on are
  /// replaced by the part of that run before the resumed line and each line broken again, a
  /// run of one (the last line always is), and FLOW-12 judges the new last line as a full
  /// layout does:
  /// - (b) against what the line before it used: a line broken again here, or else the line
  ///   before the resumed one, which the change left alone (broken again for what it used);
  /// - (a) every line holds one item: the new lines say it of themselves, and the section's
  ///   flag (`SectionRuns.everyLineHoldsOneItem`) of the lines before them — unless it was
  ///   false only for lines now replaced, which only counting would tell (false returned).
  ///
  /// As a tree (`SectionRuns.startSums`), the distances replaced leave its set of summands
  /// and the new ones join it, and the nodes from `resumed`'s run on are written anew: node n
  /// is run n − 1's start less run n − lowbit(n) − 1's, from the new starts or, below the
  /// resumed run, the tree. Nothing after them needs to move. The runs grow in place, into
  /// room kept after them (`LineRunList.withRunsResized`).
  ///
  /// Returns false — the caller lays the section out again; its runs hold the same lines,
  /// though perhaps no longer as a tree — where the new lines are more than `rebreakLimit`, or
  /// (a) cannot be told, or a distance of the tree might round.
  ///
  /// - Complexity: O(items on the lines broken again) + O(runs replaced) + O(log² runs) as a
  ///   tree; O(runs) once per eighth of growth, to copy them into room.
  func lineRunsToEnd(
    from resumed: ResumedLine, changing firstChanged: Int, through lastChanged: Int,
    in section: inout SectionRuns, holder: inout LineRunStorage?, _ items: FlowItemSizes,
    _ metrics: FlowSectionMetrics, counters: inout LayoutWorkCounters
  ) -> Bool {
    // A thickness off the tree's grid: the chain's additions from here on might round where
    // the tree's sums do not. Back to the chain first (O(runs), as a resize does).
    if section.startSums != nil && lastChanged >= firstChanged
      && !thicknessesAreOnGrid(items, firstChanged...lastChanged, metrics)
    {
      section.removeStartTree(holder: &holder)
    }
    let old = section
    let first = resumed.run
    let capacity = (resumed.line > 0 ? 1 : 0) + Self.rebreakLimit
    return withUnsafeTemporaryAllocation(of: LineRun.self, capacity: capacity) { replacing in
      // The runs that replace runs `first…`, each with where it starts (the engine's chain).
      var written = 0
      if resumed.line > 0 {
        let run = old.run(first)
        replacing.initializeElement(
          at: 0, to: LineRun(start: run.start, firstItem: run.firstItem, lineCount: resumed.line))
        written = 1
      }
      var (lineStart, lineFirst) = (resumed.start, resumed.item)
      var previousUsed: Double?
      var everyNewLineHoldsOneItem = true
      var last: BrokenLine
      while true {
        guard written < capacity else { return false }
        let line = breakLine(startingAt: lineFirst, items, metrics)
        replacing.initializeElement(
          at: written, to: LineRun(start: lineStart, firstItem: lineFirst, lineCount: 1))
        written += 1
        everyNewLineHoldsOneItem = everyNewLineHoldsOneItem && line.itemCount == 1
        if line.endItem == items.count {
          last = line
          break
        }
        previousUsed = line.used
        lineStart = metrics.lineStart(after: lineStart, thickness: line.thickness)
        lineFirst = line.endItem
      }
      let broken = written - (resumed.line > 0 ? 1 : 0)
      if broken == 1 { previousUsed = used(before: resumed, old, items, metrics) }
      guard
        let everyLine = everyLineHoldsOneItem(
          new: everyNewLineHoldsOneItem, from: resumed, of: old, items, metrics)
      else { return false }
      let isComplete = Self.lastLineIsComplete(
        last, everyLineHoldsOneItem: everyLine, previousUsed: previousUsed)

      let newCount = first + written
      if var sums = old.startSums {
        guard newCount >= 2,
          replaceDistances(
            of: old, from: first, with: UnsafeBufferPointer(rebasing: replacing[..<written]),
            in: &sums)
        else { return false }
        Self.makeNodes(
          UnsafeMutableBufferPointer(rebasing: replacing[..<written]), from: first, below: old)
        section.startSums = sums
        counters.treeNodesTouched += written
      }
      section.runs.withRunsResized(to: newCount, keeping: first, holder: &holder) { runs in
        for offset in 0..<written { runs[first + offset] = replacing[offset] }
      }
      section.metrics = metrics
      section.numberOfItems = items.count
      section.lastLineIsComplete = isComplete
      section.everyLineHoldsOneItem = everyLine
      section.length = metrics.length(linesEnd: lineStart + last.thickness)
      counters.linesBroken += broken
      counters.sectionsLaidOut += 1
      return true
    }
  }

  /// What the line before `resumed` used (FLOW-12b): FLOW-11's empty line's 0, nil where there
  /// is none, or that of a line the change left alone — its items and the next one are as
  /// they were — broken again.
  ///
  /// - Complexity: O(log runs + items on that line).
  private func used(
    before resumed: ResumedLine, _ old: SectionRuns, _ items: FlowItemSizes,
    _ metrics: FlowSectionMetrics
  ) -> Double? {
    guard resumed.item > 0 else { return opensWithEmptyLine(items, metrics) ? 0 : nil }
    let lines = OldLines(section: old)
    let (run, line) = lines.position(holding: resumed.item - 1)
    let first = old.firstItem(ofRun: run) + line * lines.perLine(run)
    return breakLine(startingAt: first, items, metrics).used
  }

  /// FLOW-12a after the lines from `resumed` on are broken again, `new` saying whether each of
  /// them holds one item: false with FLOW-11's empty line; else whether the lines before
  /// `resumed` did, which the section's flag says — when it is false, because of a line
  /// before them only if no line replaced held more than one item; nil where one did (then
  /// only counting the lines before would tell). (A line kept before the resumed one in its
  /// run holds what the resumed line holds, which is among the new: `new` is false there.)
  ///
  /// - Complexity: O(1), or O(runs replaced · log runs) when the flag is false and `new` true.
  private func everyLineHoldsOneItem(
    new: Bool, from resumed: ResumedLine, of old: SectionRuns, _ items: FlowItemSizes,
    _ metrics: FlowSectionMetrics
  ) -> Bool? {
    guard new, !opensWithEmptyLine(items, metrics) else { return false }
    if old.everyLineHoldsOneItem { return true }
    let lines = OldLines(section: old)
    guard old.runs.count - resumed.run <= 2 * Self.rebreakLimit else { return nil }
    for run in resumed.run..<old.runs.count where lines.perLine(run) > 1 { return nil }
    return false
  }

  /// `sums` (a tree's summands) with the distances between the runs of `old` from `first` on
  /// (and the pitches of those of several lines) replaced by those between `replacing`'s
  /// starts; false where one of those is not exact, or the set stops holding. The distance to
  /// run `first` stays: it starts where it did.
  ///
  /// - Complexity: O(runs replaced + runs replacing), plus O(log runs) to read the first.
  private func replaceDistances(
    of old: SectionRuns, from first: Int, with replacing: UnsafeBufferPointer<LineRun>,
    in sums: inout ExactSummands
  ) -> Bool {
    var walked = old.run(first)
    for index in (first + 1)..<max(old.runs.count, first + 1) {
      let next = old.run(after: index - 1, walked)
      let distance = next.start - walked.start
      sums.remove(distance)
      if let pitch = SectionRuns.pitch(of: old.runs[index - 1], distanceToNext: distance) {
        sums.remove(pitch)
      }
      walked = next
    }
    for offset in replacing.indices.dropFirst() {
      let (distance, isExact) = Self.distance(
        from: replacing[offset - 1].start, to: replacing[offset].start)
      guard isExact, distance >= 0, distance.sign == .plus else { return false }
      sums.insert(distance)
      if let pitch = SectionRuns.pitch(of: replacing[offset - 1], distanceToNext: distance) {
        guard Double(replacing[offset - 1].lineCount) * pitch == distance else { return false }
        sums.insert(pitch)
      }
    }
    return sums.holds
  }

  /// Runs `first…` of a tree (`runs`, with their starts and first items) made its nodes, in
  /// place: node n holds run n − 1's start and first item less those of run n − lowbit(n) − 1
  /// — from `runs` where that is one of them, else from the tree below them (`old`, whose
  /// nodes before `first` stay). From the last back, so that the runs a node needs are still
  /// there. Each difference is a sum of the tree's distances: exact where its set holds.
  ///
  /// - Complexity: O(runs + log² of all runs).
  private static func makeNodes(
    _ runs: UnsafeMutableBufferPointer<LineRun>, from first: Int, below old: SectionRuns
  ) {
    for offset in runs.indices.reversed() {
      let node = first + offset + 1
      let below = node - (node & -node)
      let base: (start: Double, firstItem: Int) =
        below == 0
        ? (0, 0)
        : below - 1 >= first
          ? (runs[below - 1 - first].start, runs[below - 1 - first].firstItem)
          : {
            let run = old.run(below - 1)
            return (run.start, run.firstItem)
          }()
      let run = runs[offset]
      runs[offset] = LineRun(
        start: run.start - base.start, firstItem: run.firstItem - base.firstItem,
        lineCount: run.lineCount)
    }
  }
}
