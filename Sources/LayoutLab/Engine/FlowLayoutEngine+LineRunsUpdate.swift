import Foundation

extension FlowLayoutEngine {
  /// The most lines a change re-breaks before laying the whole section out again: a change
  /// whose lines never fall back on the old boundaries (one item more on every line of a run of
  /// equal sizes) would otherwise re-break the rest of the section one line at a time. An
  /// inserted or deleted item moves every later item along its line until a break lands on an
  /// old one: over items of random widths, three or four to a line, 400 seeded inserts into
  /// 100,000 items re-broke 1–31 lines, the count halving about every 4 lines, and 5 of them
  /// passed 32; past 128 lines, about one in 2^28 would.
  static let rebreakLimit = 128

  /// How far past the lines it breaks again a resize looks for empty slots, when they are
  /// more runs than those they replace (`rebreakInPlace`): past it, the section's runs are
  /// copied with new room (`SectionRuns.makeStartTree()`).
  static let slackReach = 64

  /// Section `index` after items `firstChanged…lastChanged` (its indexes after the change)
  /// were resized, inserted or deleted and nothing else in it changed — the items after them
  /// are the old ones from `lastChanged − itemDelta + 1` on — updated from its runs before, in
  /// place: only the lines the change can move are broken again. `lastChanged` is
  /// `firstChanged − 1` where items were only deleted. Returns `.cannot` — the caller lays the
  /// section out again — where it cannot.
  ///
  /// FLOW-9 decides a line by its items and the next item, so the loop resumes at the line
  /// before the first changed item's line and stops at a break that lands on an old line
  /// boundary after the last changed item: from there the old lines hold the same items
  /// (renumbered by `itemDelta`), and start where they did plus one delta. FLOW-12's facts
  /// about all lines stay as they were when the last two lines are kept and the lines broken
  /// again held one item each before exactly when they do after.
  ///
  /// `holder` holds the section's runs (`LineRunList`): runs held by anything else are copied
  /// before they change, and new runs become the holder.
  ///
  /// Where the runs' starts can be a tree (`SectionRuns.startSums`; a section of
  /// `SectionRuns.treeAtPrepare` runs or more is one from prepare on, a smaller one turns into
  /// one at its first resize, if every sum of its starts is exact and every thickness on their
  /// grid), the runs broken again are written over those they replace — in as many slots, the
  /// rest left empty, or taking empty slots from the runs after them, which move up — and the
  /// later ones move by O(log runs) nodes of the tree: exact, if the set of distances stays
  /// exact (`ExactSummands`). Otherwise — sums that may round — the runs are copied with the
  /// later ones moved one by one, only where each addition is exact (`shiftIsExact`).
  ///
  /// The tree holds the runs' first items as well (`FlowLayoutEngine+LineRunStarts.swift`),
  /// so an insert or delete renumbers the later runs by O(log runs) nodes too.
  ///
  /// Lines broken again that reach the section's end — a change in its last two lines, every
  /// append — replace every run from the resumed line on (`lineRunsToEnd`); so do those of a
  /// change near the end that need more runs than they replace, where the section ends before
  /// an empty slot. A stretch before the batch's last whose lines reach the end, or that end,
  /// is joined to the next.
  ///
  /// Returns `.cannot` for a uniform section, a first item that opens or closes FLOW-11's
  /// empty line, more than `rebreakLimit` lines broken or twice as many old runs replaced (a
  /// long stretch deleted), a flag of FLOW-12 that might flip, or a shift that might round.
  ///
  /// - Complexity: as a tree, O((rebreakLimit + slackReach) · log runs + items on the lines
  ///   broken again) — the first change too where prepare made the tree; else O(runs) once, to
  ///   make it, and again when no empty slot lies
  ///   within `slackReach` runs of the runs that need one; otherwise O(runs) to copy them and,
  ///   when the lines after them move, O(items after them) to prove the move exact.
  ///
  /// A batch of changes far apart in the section is applied one stretch at a time, from the
  /// first: `nextChange` is then where the next stretch's changes start (the model's indexes),
  /// the runs so far hold the model's items before it and the old ones (renumbered by the
  /// stretches done) from it on, and `itemDelta` is this stretch's count change alone. The
  /// lines broken again must end by `nextChange` (`.reachesNextChange` otherwise: the caller
  /// joins the two stretches); the section's length is left to the caller
  /// (`length(ofSection:_:)`).
  func lineRuns(
    ofSection index: Int, changing firstChanged: Int, through lastChanged: Int,
    itemDelta: Int, before nextChange: Int? = nil, in section: inout SectionRuns,
    holder: inout LineRunStorage?, counters: inout LayoutWorkCounters
  ) -> Rebroken {
    // The model's section read in place: bound to a constant, it was copied (twice).
    let items = FlowItemSizes(section: index, of: model.sections, layout: model.layout)
    let metrics = FlowSectionMetrics(section: index, of: model, geometry: geometry)
    var reachesNextChange = false
    var reachesEnd: ResumedLine?
    func planned(_ section: SectionRuns) -> RebreakPlan? {
      rebreakPlan(
        firstChanged, through: lastChanged, itemDelta: itemDelta, before: nextChange,
        reachesNextChange: &reachesNextChange, reachesEnd: &reachesEnd, of: section, items,
        metrics)
    }
    guard var plan = planned(section) else {
      if let resumed = reachesEnd {
        let rebroken = lineRunsToEnd(
          from: resumed, changing: firstChanged, through: lastChanged, in: &section,
          holder: &holder, items, metrics, counters: &counters)
        return rebroken ? .rebroken : .cannot
      }
      return reachesNextChange ? .reachesNextChange : .cannot
    }
    // The tree: made at a resize once the runs are the section's alone — runs that share a
    // layout's block are copied by the resize that needs them changed (`rebreakByCopy`), so a
    // section resized once pays one pass over its runs, not two — (its slots move the runs:
    // plan again), then kept while the resized items' thicknesses stay on the grid the sums
    // are exact on.
    if section.startSums == nil {
      // Made in place where the lines broken again are no more runs than those they replace
      // (no room needed: the runs stay where they are); else copied with empty slots.
      let needsRoom = plan.replacingCount > plan.stop.run - plan.resumeRun + 1
      if isKnownUniquelyReferenced(&holder), thicknessesAreOnGrid(items, from: 0, metrics),
        section.makeStartTree(withSlots: needsRoom, holder: &holder), needsRoom
      {
        counters.linesShifted += section.runs.count
        guard let again = planned(section) else { return .cannot }
        plan = again
      }
    } else if lastChanged >= firstChanged,
      !thicknessesAreOnGrid(items, firstChanged...lastChanged, metrics)
    {
      section.removeStartTree(holder: &holder)
    }
    if section.startSums != nil {
      switch rebreakInPlace(
        plan, in: &section, holder: &holder, items, metrics, counters: &counters)
      {
      case .done: return .rebroken
      case .inexact: break
      case .noRoom:
        // No empty slot follows the stop's run because the section ends first: room spread
        // again would leave none there either. The batch's last stretch breaks its lines on
        // to the end instead (a few lines more, nothing after them to move); a stretch before
        // another joins it, whose lines then reach the end or find room.
        if section.runs.count - 1 - plan.stop.run <= Self.slackReach {
          guard nextChange == nil else { return .reachesNextChange }
          let resumed = ResumedLine(
            run: plan.resumeRun, line: plan.resumeLine, item: plan.resumeItem,
            start: plan.resumeStart)
          if lineRunsToEnd(
            from: resumed, changing: firstChanged, through: lastChanged, in: &section,
            holder: &holder, items, metrics, counters: &counters)
          {
            return .rebroken
          }
        }
        // Room again, spread over the section: O(runs), then the plan in the new slots.
        section.removeStartTree(holder: &holder)
        if section.makeStartTree(holder: &holder) {
          counters.linesShifted += section.runs.count
          guard let again = planned(section) else { return .cannot }
          plan = again
          let done = rebreakInPlace(
            plan, in: &section, holder: &holder, items, metrics, counters: &counters)
          if done == .done { return .rebroken }
        }
      }
    }
    section.removeStartTree(holder: &holder)
    // The old runs are read while `holder` holds them, before the copy's storage replaces it
    // (which may free theirs): the runs are a pointer the optimizer does not tie to the holder,
    // so it may otherwise release the old one first.
    let copied = withExtendedLifetime(holder) {
      rebreakByCopy(plan, of: section, items, metrics, counters: &counters)
    }
    guard let copied else { return .cannot }
    (section, holder) = copied
    return .rebroken
  }

  /// Section `index`'s length along the scroll axis (FLOW-16), from where its last run starts
  /// and that line's thickness: after `lineRuns(ofSection:changing:…)` over several stretches
  /// of a batch, where the runs before the last stretch could not read their last line.
  ///
  /// - Complexity: O(log runs + items on the last line).
  func length(ofSection index: Int, _ section: SectionRuns) -> Double {
    let items = FlowItemSizes(section: index, of: model.sections, layout: model.layout)
    let metrics = FlowSectionMetrics(section: index, of: model, geometry: geometry)
    return length(of: section, items, metrics)
  }

  /// `length(ofSection:_:)` given the section's items and metrics.
  private func length(
    of section: SectionRuns, _ items: FlowItemSizes, _ metrics: FlowSectionMetrics
  ) -> Double {
    let last = section.runs.count - 1
    let thickness = section.shape(ofRun: last, items, geometry).thickness
    return metrics.length(linesEnd: section.start(ofRun: last) + thickness)
  }

  /// How `lineRuns(ofSection:changing:…)` ended.
  enum Rebroken {
    case rebroken
    /// The lines broken again reach the next stretch of changes: nothing changed.
    case reachesNextChange
    /// The section must be laid out again (its runs may have been made a tree meanwhile:
    /// the same lines).
    case cannot
  }

  /// What a change re-breaks: from the line at `resumeRun`, `resumeLine` (its first item and
  /// start), `broken` lines up to the old line at `stop` (old indexes), which now starts at
  /// `newStopStart` instead of `oldStopStart`, and at item `newStopItem`.
  private struct RebreakPlan {
    let resumeRun: Int
    let resumeLine: Int
    let resumeItem: Int
    let resumeStart: Double
    let stop: (run: Int, line: Int, item: Int)
    let oldStopStart: Double
    let newStopStart: Double
    let broken: Int
    /// How many items the change added (negative: deleted) before the stop.
    let itemDelta: Int
    /// Whether the change is the batch's last in the section (no `nextChange`): it sets the
    /// section's length, if it moved the lines after it.
    let isLast: Bool

    /// The first item of the stop's line after the change.
    var newStopItem: Int { stop.item + itemDelta }

    /// How many runs replace runs `resumeRun…stop.run`: the part of the resumed run before the
    /// resumed line, the lines broken, the rest of the stop's.
    var replacingCount: Int { (resumeLine > 0 ? 1 : 0) + broken + 1 }
  }

  /// Where a change's lines are broken again from: the line before the first changed item's
  /// (never FLOW-11's empty line), as (run, line within it), with its first item and start.
  struct ResumedLine {
    let run: Int
    let line: Int
    let item: Int
    let start: Double
  }

  /// Breaks the lines a change moves once, to find where they fall back on old boundaries;
  /// nil where the section must be laid out again (see `lineRuns(ofSection:changing:…)`) or
  /// where they reach the section's end (`reachesEnd`: where they resume).
  ///
  /// - Complexity: O(log runs) (O(log² runs) as a tree) + O(items on the lines broken).
  private func rebreakPlan(
    _ firstChanged: Int, through lastChanged: Int, itemDelta: Int, before nextChange: Int?,
    reachesNextChange: inout Bool, reachesEnd: inout ResumedLine?, of old: SectionRuns,
    _ items: FlowItemSizes, _ metrics: FlowSectionMetrics
  ) -> RebreakPlan? {
    let runs = old.runs
    // Items changed (or, deleted only, none: `lastChanged` is `firstChanged` − 1), the first
    // at most at the old section's end (an append). The model holds every stretch's changes;
    // the runs, those before this one.
    let changes = itemDelta == 0 ? firstChanged <= lastChanged : firstChanged <= lastChanged + 1
    let limit = nextChange ?? items.count
    guard old.columns == nil, metrics.uniformSize == nil,
      nextChange != nil || items.count == old.numberOfItems + itemDelta,
      Self.breakAlike(metrics, old.metrics), 0 <= firstChanged, changes, lastChanged < limit,
      firstChanged <= old.numberOfItems, lastChanged - itemDelta < old.numberOfItems,
      runs.count > 2
    else { return nil }
    // FLOW-11: a changed first item may open or close the empty line (every other line holds
    // an item, so only the empty line is followed by a run at item 0).
    if firstChanged == 0
      && (old.firstItem(ofRun: 1) == 0) != opensWithEmptyLine(items, metrics)
    {
      return nil
    }
    let lines = OldLines(section: old)

    // The line before the first changed item's (never FLOW-11's empty line); an append's
    // first item is after the last line, whose items it may join.
    var (resumeRun, resumeLine) = lines.position(
      holding: min(firstChanged, old.numberOfItems - 1))
    if resumeLine > 0 {
      resumeLine -= 1
    } else {
      // The run before, past empty slots (which hold the resumed run's first item too).
      var before = resumeRun - 1
      while before >= 0 && runs[before].isEmptySlot { before -= 1 }
      if before >= 0 && old.firstItem(ofRun: before) < old.firstItem(ofRun: resumeRun) {
        resumeRun = before
        resumeLine = runs[resumeRun].lineCount - 1
      }
    }
    let resumed = old.run(resumeRun)
    // Read once: as a tree, each read of a first item is O(log runs).
    let resumePerLine = lines.perLine(resumeRun)
    let resumeItem = resumed.firstItem + resumeLine * resumePerLine
    let resumeStart =
      resumeLine == 0
      ? resumed.start
      : old.lineStart(
        resumeLine, of: resumed,
        thickness: thickness(of: resumeItem, resumePerLine, items))

    // FLOW-9's loop from the resumed line, until a break lands on an old boundary (new item
    // k past the change is old item k − itemDelta).
    var (lineStart, lineFirst) = (resumeStart, resumeItem)
    var (broken, everyNewLineHoldsOneItem) = (0, true)
    var stop: (run: Int, line: Int, item: Int)
    var searchFrom = resumeRun
    // Many old items replaced (a long stretch deleted): the lines that held them are replaced
    // whole, and the search for the stop starts past them — or, too many, the section is laid
    // out again instead of walking them.
    if lastChanged - itemDelta - firstChanged > 256 {
      let afterRun = old.runIndex(holding: lastChanged - itemDelta + 1)
      guard afterRun - resumeRun <= 2 * Self.rebreakLimit else { return nil }
      searchFrom = afterRun
    }
    guard resumeItem < items.count else { return nil }
    while true {
      let line = breakLine(startingAt: lineFirst, items, metrics)
      broken += 1
      everyNewLineHoldsOneItem = everyNewLineHoldsOneItem && line.itemCount == 1
      guard broken < Self.rebreakLimit else { return nil }
      // The new last line: FLOW-12 judges it with the line before it (`lineRunsToEnd`), after
      // the batch's last stretch; a stretch before it whose lines run to the end holds the next
      // stretch's changes too (they lie before the end), so the two are one stretch.
      if line.endItem == items.count {
        if nextChange == nil {
          reachesEnd = ResumedLine(
            run: resumeRun, line: resumeLine, item: resumeItem, start: resumeStart)
        } else {
          reachesNextChange = true
        }
        return nil
      }
      // A line that holds the next stretch's changes: the two are one stretch.
      if line.endItem > limit {
        reachesNextChange = nextChange != nil
        return nil
      }
      lineStart = metrics.lineStart(after: lineStart, thickness: line.thickness)
      lineFirst = line.endItem
      if lineFirst > lastChanged,
        let found = lines.line(atOrAfter: lineFirst - itemDelta, from: searchFrom)
      {
        searchFrom = found.run
        // Not at the old last line (a run of its own): FLOW-12b compares it with the line
        // before it, broken again; the loop goes on to the end instead.
        if found.item == lineFirst - itemDelta && found.run < runs.count - 1 {
          stop = found
          break
        }
      }
    }
    // The last two lines are kept (FLOW-12b compares them).
    guard stop.run < runs.count - 1 else { return nil }
    // FLOW-12a: whether every line holds one item is unchanged if a line kept — of the rest
    // of the stop's run or of the run after it — holds more (it is false before and after),
    // or else if the lines replaced did exactly when the new ones do.
    let stopPerLine = lines.perLine(stop.run)
    if stopPerLine < 2 && lines.perLine(stop.run + 1) < 2 {
      let replaced = lines.count(from: (resumeRun, resumeLine), to: (stop.run, stop.line))
      guard (stop.item - resumeItem == replaced) == everyNewLineHoldsOneItem else { return nil }
    }

    // The stop's line is read from the model (its thickness) — before the next stretch.
    if stop.item + itemDelta + stopPerLine > limit {
      reachesNextChange = nextChange != nil
      return nil
    }
    let stopRun = old.run(stop.run)
    // The stop's old line holds the items now from `stop.item + itemDelta` on.
    let oldStopStart =
      stop.line == 0
      ? stopRun.start
      : old.lineStart(
        stop.line, of: stopRun,
        thickness: thickness(of: stop.item + itemDelta, stopPerLine, items))
    return RebreakPlan(
      resumeRun: resumeRun, resumeLine: resumeLine, resumeItem: resumeItem,
      resumeStart: resumeStart, stop: stop, oldStopStart: oldStopStart, newStopStart: lineStart,
      broken: broken, itemDelta: itemDelta, isLast: nextChange == nil)
  }

  /// Calls `body` with the runs that replace runs `plan.resumeRun…plan.stop.run`, each with
  /// where it starts (the engine's chain from the resumed line): the part of the resumed run
  /// before the resumed line, the lines broken again — broken once more to be written, the same
  /// lines — and the rest of the stop's run.
  ///
  /// - Complexity: O(items on the lines broken again).
  private func withReplacingRuns<Result>(
    _ plan: RebreakPlan, resumed: LineRun, stopLineCount: Int, _ items: FlowItemSizes,
    _ metrics: FlowSectionMetrics, _ body: (UnsafeBufferPointer<LineRun>) -> Result
  ) -> Result {
    let count = (plan.resumeLine > 0 ? 1 : 0) + plan.broken + 1
    return withUnsafeTemporaryAllocation(of: LineRun.self, capacity: count) { replacing in
      var written = 0
      if plan.resumeLine > 0 {
        let before = LineRun(
          start: resumed.start, firstItem: resumed.firstItem, lineCount: plan.resumeLine)
        replacing.initializeElement(at: 0, to: before)
        written = 1
      }
      var (lineStart, lineFirst) = (plan.resumeStart, plan.resumeItem)
      while lineFirst < plan.newStopItem {
        let line = breakLine(startingAt: lineFirst, items, metrics)
        replacing.initializeElement(
          at: written, to: LineRun(start: lineStart, firstItem: lineFirst, lineCount: 1))
        written += 1
        lineStart = metrics.lineStart(after: lineStart, thickness: line.thickness)
        lineFirst = line.endItem
      }
      precondition(written == count - 1 && lineStart.bitPattern == plan.newStopStart.bitPattern)
      replacing.initializeElement(
        at: written,
        to: LineRun(
          start: plan.newStopStart, firstItem: plan.newStopItem,
          lineCount: stopLineCount - plan.stop.line))
      return body(UnsafeBufferPointer(replacing))
    }
  }

  /// How `rebreakInPlace` ended.
  private enum InPlace {
    case done
    /// Some sum could round: nothing changed.
    case inexact
    /// No empty slot near enough for the runs that replace (or the slots to rewrite too
    /// many): nothing changed.
    case noRoom
  }

  /// `plan` applied to a section whose starts are a tree, in place: the runs that replace runs
  /// `resumeRun…stop.run` are written over them — the rest of the stop's run last, as many
  /// empty slots before it as there are fewer runs — or, where they are more, over the slots
  /// up to as many empty slots after them, whose runs move up a slot. The distances that
  /// change — those of the slots after the first rewritten, through the one after the last —
  /// change the tree.
  ///
  /// - Complexity: O(slots rewritten · log runs + items on the lines broken again); the slots
  ///   are at most 2 · `rebreakLimit` + `slackReach`.
  private func rebreakInPlace(
    _ plan: RebreakPlan, in section: inout SectionRuns, holder: inout LineRunStorage?,
    _ items: FlowItemSizes,
    _ metrics: FlowSectionMetrics, counters: inout LayoutWorkCounters
  ) -> InPlace {
    guard var sums = section.startSums else { return .inexact }
    let (first, stopRun) = (plan.resumeRun, plan.stop.run)
    let replacingCount = plan.replacingCount
    // Slots first…last are rewritten: through the stop's run, or on through as many empty
    // slots as more runs replace (never the last run, whose distance is not in the tree).
    var last = stopRun
    var needed = replacingCount - (stopRun - first + 1)
    while needed > 0 {
      last += 1
      guard last < section.runs.count - 1, last - stopRun <= Self.slackReach else {
        return .noRoom
      }
      if section.runs[last].isEmptySlot { needed -= 1 }
    }
    let slots = last - first + 1
    // Empty slots left by many resizes that made fewer runs: spread again instead.
    guard slots <= 2 * Self.rebreakLimit + Self.slackReach else { return .noRoom }
    // Empty slots before the rest of the stop's run, where fewer runs replace.
    let emptied = max(stopRun - first + 1 - replacingCount, 0)
    let resumed = section.run(first)
    let stopLineCount = section.runs[stopRun].lineCount
    let itemDelta = plan.itemDelta
    // The old start and first item of slots first … last + 1 (`old`), then the changes of
    // each slot's distance and item count (`deltas`); then the new contents.
    let done = withUnsafeTemporaryAllocation(
      of: (distance: Double, items: Int).self, capacity: 2 * slots + 1
    ) { scratch -> Bool in
      let (old, deltas) = (
        UnsafeMutableBufferPointer(rebasing: scratch[0...slots]),
        UnsafeMutableBufferPointer(rebasing: scratch[(slots + 1)...])
      )
      // One walk from the first slot: O(log runs), then about two nodes a slot.
      var walked = resumed
      for offset in 0...slots {
        if offset > 0 { walked = section.run(after: first + offset - 1, walked) }
        old[offset] = (walked.start, walked.firstItem)
      }
      return withUnsafeTemporaryAllocation(of: LineRun.self, capacity: slots) { contents in
        // The new contents of the slots, each with its start: as broken again (new) before
        // the rest of the stop's run; from it on, where it was (old), all moved by one delta.
        let newCount = replacingCount - 1
        let exact = withReplacingRuns(
          plan, resumed: resumed, stopLineCount: stopLineCount, items, metrics
        ) { replacing -> Bool in
          precondition(
            replacing.count == replacingCount && replacing[0].start == old[0].0
              && replacing[0].firstItem == old[0].1)
          var written = 0
          for run in replacing.prefix(newCount) {
            contents.initializeElement(at: written, to: run)
            written += 1
          }
          let rest = replacing[newCount].moved(to: plan.oldStopStart)
          for _ in 0..<emptied {
            contents.initializeElement(at: written, to: LineRun.emptySlot(before: rest))
            written += 1
          }
          contents.initializeElement(at: written, to: rest)
          written += 1
          for slot in (stopRun + 1)..<(last + 1) where !section.runs[slot].isEmptySlot {
            let (start, firstItem) = old[slot - first]
            contents.initializeElement(
              at: written,
              to: LineRun(
                start: start, firstItem: firstItem + itemDelta,
                lineCount: section.runs[slot].lineCount))
            written += 1
          }
          precondition(written == slots)
          for offset in 0..<slots {
            let oldDistance = old[offset + 1].0 - old[offset].0
            sums.remove(oldDistance)
            if let pitch = SectionRuns.pitch(
              of: section.runs[first + offset], distanceToNext: oldDistance)
            {
              sums.remove(pitch)
            }
            // Between new starts, or from the last new one to the stop's (where the rest of
            // its run, or an empty slot before it, starts now), or between old starts, which
            // move alike.
            let next = offset + 1
            let (new, isExact) =
              next < newCount
              ? Self.distance(from: contents[offset].start, to: contents[next].start)
              : next == newCount
                ? Self.distance(from: contents[offset].start, to: plan.newStopStart)
                : Self.distance(
                  from: contents[offset].start,
                  to: next < slots ? contents[next].start : old[slots].0)
            guard isExact, new >= 0, new.sign == .plus else { return false }
            sums.insert(new)
            if let pitch = SectionRuns.pitch(of: contents[offset], distanceToNext: new) {
              guard Double(contents[offset].lineCount) * pitch == new else { return false }
              sums.insert(pitch)
            }
            // The items between: to the next slot's first, or the old first item of the slot
            // after the last, renumbered.
            let nextItem = next < slots ? contents[next].firstItem : old[slots].1 + itemDelta
            let items = nextItem - contents[offset].firstItem
            deltas[offset] = (new - oldDistance, items - (old[offset + 1].1 - old[offset].1))
          }
          return true
        }
        // Where the sums hold, each distance checked above is exact, so every prefix is too.
        guard exact, sums.holds else {
          contents.baseAddress?.deinitialize(count: slots)
          return false
        }
        section.runs.withUniqueRuns(holder: &holder) { nodes in
          // Each slot keeps its nodes, with its new lines; then the nodes change by the deltas.
          for offset in 0..<slots {
            let node = nodes[first + offset]
            nodes[first + offset] = LineRun(
              start: node.start, firstItem: node.firstItem, lineCount: contents[offset].lineCount)
          }
          counters.treeNodesTouched += SectionRuns.addToDistances(
            deltas, from: first + 1, of: nodes)
        }
        contents.baseAddress?.deinitialize(count: slots)
        return true
      }
    }
    guard done else { return .inexact }
    section.startSums = sums
    section.metrics = metrics
    section.numberOfItems += plan.itemDelta
    // The last line's items, read from the model, are its own once the last stretch is done
    // (a batch of several sets the length after them: `length(of:_:)`).
    if plan.isLast && plan.newStopStart.bitPattern != plan.oldStopStart.bitPattern {
      section.length = length(of: section, items, metrics)
    }
    // The slots written with runs not broken again: the rest of the stop's run, the empty
    // slots and the runs moved up one (O(1) each, whatever their lines).
    counters.linesShifted += slots - plan.broken - (plan.resumeLine > 0 ? 1 : 0)
    counters.linesBroken += plan.broken
    counters.sectionsLaidOut += 1
    return .done
  }

  /// `to − from`, and whether adding it back to `from` gives `to` (where every sum is exact,
  /// that it is the exact distance).
  static func distance(from: Double, to: Double) -> (Double, Bool) {
    let distance = to - from
    return (distance, (from + distance).bitPattern == to.bitPattern)
  }

  /// `plan` applied to a section whose runs hold their starts, in a copy of its runs: the runs
  /// after the stop's each moved by one delta, where that is the engine's chain (FLOW-16) —
  /// where no addition rounds (`shiftIsExact`) — and renumbered by the items the change added.
  /// Returns the section and the storage of its runs, its holder from then on.
  ///
  /// - Complexity: O(runs) to copy them and, when the lines after them move, O(items after
  ///   them) to prove the move exact.
  private func rebreakByCopy(
    _ plan: RebreakPlan, of old: SectionRuns, _ items: FlowItemSizes,
    _ metrics: FlowSectionMetrics, counters: inout LayoutWorkCounters
  ) -> (SectionRuns, LineRunStorage)? {
    precondition(old.startSums == nil)
    let runs = old.runs
    let (oldStart, lineStart) = (plan.oldStopStart, plan.newStopStart)
    let moves = oldStart.bitPattern != lineStart.bitPattern
    if moves
      && !shiftIsExact(from: oldStart, to: lineStart, items, from: plan.newStopItem, metrics)
    {
      return nil
    }
    let delta = lineStart - oldStart
    // A zero might carry the other sign than the chain's: leave it to a full layout.
    guard !moves || lineStart != 0 else { return nil }

    var buffer = LineRunBuffer(capacity: runs.count + Self.rebreakLimit + 2)
    runs.withUnsafeRuns { kept in
      buffer.appending { slot in
        guard let base = kept.baseAddress else { return 0 }
        slot.initialize(from: base, count: plan.resumeRun)
        return plan.resumeRun
      }
    }
    withReplacingRuns(
      plan, resumed: runs[plan.resumeRun], stopLineCount: runs[plan.stop.run].lineCount, items,
      metrics
    ) { replacing in
      for run in replacing { buffer.append(run) }
    }
    // The runs after the stop's, in one loop with no branch per run: a zero is noted, not
    // tested for.
    var zeros = 0
    var shifted = 0
    let itemDelta = plan.itemDelta
    runs.withUnsafeRuns { kept in
      buffer.appending { slot in
        let later = (plan.stop.run + 1)..<kept.count
        guard let base = kept.baseAddress else { return 0 }
        if !moves && itemDelta == 0 {
          slot.initialize(from: base + later.lowerBound, count: later.count)
          return later.count
        }
        for (written, run) in later.enumerated() {
          let start = moves ? kept[run].start + delta : kept[run].start
          zeros |= moves && start == 0 ? 1 : 0
          shifted &+= kept[run].lineCount
          slot[written] = LineRun(
            start: start, firstItem: kept[run].firstItem + itemDelta,
            lineCount: kept[run].lineCount)
        }
        return later.count
      }
    }
    // O(lines after the change): said, so that the counters' growth shows it (a resize that
    // changes a giant mixed section's line count), not only the time.
    counters.linesShifted += shifted
    guard zeros == 0 else { return nil }

    var section = old
    section.metrics = metrics
    section.numberOfItems += plan.itemDelta
    section.runs = LineRunList(offset: 0, count: buffer.count)
    let storage = buffer.finish()
    section.runs.keep(storage)
    if plan.isLast && moves { section.length = length(of: section, items, metrics) }
    counters.linesBroken += plan.broken
    counters.sectionsLaidOut += 1
    return (section, storage)
  }

  /// Whether lines that start at `oldStart` and, after it, at the same sums of the engine's
  /// additions (FLOW-16) over the lines of items `firstItem…`, start at exactly those sums
  /// moved by `newStart − oldStart` when they start at `newStart` instead. They do if no
  /// addition rounds: `ExactArithmetic`'s argument, with every value a whole number of 2^-10
  /// point and every partial sum below 2^50 of them — bounded by the larger start plus, per
  /// line, the largest thickness and the line spacing.
  ///
  /// - Complexity: O(items after `firstItem`), in one loop of independent steps (no sum or
  ///   maximum carried from item to item), which the compiler vectorizes; O(exceptions) in a
  ///   section of one size with exceptions.
  private func shiftIsExact(
    from oldStart: Double, to newStart: Double, _ items: FlowItemSizes, from firstItem: Int,
    _ metrics: FlowSectionMetrics
  ) -> Bool {
    typealias Units = FlowLineFill.Units
    let (largestBits, itemsOffGrid) = thicknessBits(items, from: firstItem)
    let largest = Double(bitPattern: largestBits)
    let offGrid =
      itemsOffGrid | Units.units(ofLength: oldStart).offGrid
      | Units.units(ofLength: newStart).offGrid
      | Units.units(ofLength: metrics.lineSpacing).offGrid
    let lines = Double(items.count - firstItem + 1)
    let bound =
      max(oldStart.magnitude, newStart.magnitude)
      + lines * (largest + metrics.lineSpacing.magnitude)
    // A value too large for the grid test fails the bound; so does a NaN, a negative largest.
    return offGrid == 0 && largest >= 0 && bound < 0x1p40
  }

  /// Bits OR-ed over the thicknesses of items `firstItem…`: of their patterns — for values
  /// with the sign bit clear, a pattern at least each one's, so a double at least the largest
  /// (a sign set fails) — and of what `FlowLineFill.Units`' grid test rounded away. Over every
  /// size an item from `firstItem` on may have: its items' sizes, or a section's one size and
  /// its exceptions'.
  ///
  /// - Complexity: O(items after `firstItem`), in one loop of independent steps, which the
  ///   compiler vectorizes; O(exceptions) in a section of one size with exceptions.
  private func thicknessBits(_ items: FlowItemSizes, from firstItem: Int)
    -> (largest: UInt64, offGrid: UInt64)
  {
    let thicknessOffset = geometry.isVertical ? 1 : 0
    return items.withSizes(from: firstItem) { sizes in
      sizes.withMemoryRebound(to: Double.self) { values in
        var (bits, offGrid) = (UInt64(0), UInt64(0))
        var index = thicknessOffset
        while index < values.count {
          bits |= values[index].bitPattern
          offGrid |= FlowLineFill.Units.units(ofLength: values[index]).offGrid
          index += 2
        }
        return (bits, offGrid)
      }
    }
  }

  /// Whether every thickness of items `firstItem…`, and the line spacing, is a whole number of
  /// `FlowLineFill.Units`' 2^-10 point, not negative and below 2^40 points. What a tree of
  /// starts needs besides its exact sums (`SectionRuns.startSums`, on that grid, at most 2^53
  /// units, so below 2^43 points): then every addition of FLOW-16 — a thickness plus the line
  /// spacing, a start plus that — is exact from any start the tree gives, so lines after a
  /// change start at the tree's sums, bit for bit. (The sums alone do not show it: a start on
  /// the grid plus a thickness off it can round back onto the grid.)
  ///
  /// - Complexity: O(items after `firstItem`), vectorized (`thicknessBits`).
  func thicknessesAreOnGrid(
    _ items: FlowItemSizes, from firstItem: Int, _ metrics: FlowSectionMetrics
  ) -> Bool {
    let thicknessOffset = geometry.isVertical ? 1 : 0
    let onGrid = items.withSizes(from: firstItem) { sizes in
      sizes.withMemoryRebound(to: Double.self) { values in
        // Independent steps, which the compiler vectorizes: bits OR-ed of the signs, of what
        // the grid test rounded away (a NaN's too), and of a compare with the bound. (An OR
        // of the patterns bounds the largest too loosely: 0.25 OR 64 is about 2^1022.)
        var (signs, offGrid, beyond) = (UInt64(0), UInt64(0), UInt64(0))
        var index = thicknessOffset
        while index < values.count {
          let value = values[index]
          signs |= value.bitPattern
          offGrid |= FlowLineFill.Units.units(ofLength: value).offGrid
          beyond |= value < 0x1p40 ? 0 : 1
          index &+= 2
        }
        return signs >> 63 == 0 && offGrid == 0 && beyond == 0
      }
    }
    return onGrid && lineSpacingIsOnGrid(metrics)
  }

  /// `thicknessesAreOnGrid(_:from:_:)` for the items `changed` only: what a resize of them
  /// needs to keep a tree made when all were.
  ///
  /// - Complexity: O(changed items).
  func thicknessesAreOnGrid(
    _ items: FlowItemSizes, _ changed: ClosedRange<Int>, _ metrics: FlowSectionMetrics
  ) -> Bool {
    for item in changed {
      let thickness = geometry.mainAndThickness(items[item]).thickness
      guard FlowLineFill.Units.units(ofLength: thickness).offGrid == 0,
        thickness.sign == .plus, thickness < 0x1p40
      else { return false }
    }
    return lineSpacingIsOnGrid(metrics)
  }

  func lineSpacingIsOnGrid(_ metrics: FlowSectionMetrics) -> Bool {
    FlowLineFill.Units.units(ofLength: metrics.lineSpacing).offGrid == 0
      && metrics.lineSpacing.sign == .plus && metrics.lineSpacing < 0x1p40
  }

  /// The thickness of the line of `count` items from `first`, as `SectionRuns.shape` sums it:
  /// every line of a run holds items of the same sizes, so a line the resize left alone gives
  /// its run's, where the run's first line may hold a resized item.
  ///
  /// - Complexity: O(count).
  private func thickness(of first: Int, _ count: Int, _ items: FlowItemSizes) -> Double {
    var thickness = 0.0
    for item in first..<(first + count) {
      thickness = max(thickness, geometry.mainAndThickness(items[item]).thickness)
    }
    return thickness
  }

  /// Whether two sets of section metrics break and place lines alike (FLOW-6, FLOW-9, FLOW-16).
  private static func breakAlike(_ a: FlowSectionMetrics, _ b: FlowSectionMetrics) -> Bool {
    a.available.bitPattern == b.available.bitPattern
      && a.interitemSpacing.bitPattern == b.interitemSpacing.bitPattern
      && a.lineSpacing.bitPattern == b.lineSpacing.bitPattern
      && a.linesStart.bitPattern == b.linesStart.bitPattern
      && a.after.bitPattern == b.after.bitPattern
      && a.footerLength.bitPattern == b.footerLength.bitPattern
      && a.lead.bitPattern == b.lead.bitPattern && a.trail.bitPattern == b.trail.bitPattern
      && a.headerLength.bitPattern == b.headerLength.bitPattern
  }

  /// The lines of a mixed section's runs, addressed as (run, line within it): the section
  /// before a change, its runs read as a chain or a tree (`SectionRuns.firstItem(ofRun:)`).
  struct OldLines {
    let section: SectionRuns

    var runs: LineRunList { section.runs }

    /// The items on each line of `run` (zero for FLOW-11's empty line and an empty slot).
    func perLine(_ run: Int) -> Int {
      perLine(run, from: section.firstItem(ofRun: run), to: section.endItem(ofRun: run))
    }

    private func perLine(_ run: Int, from first: Int, to end: Int) -> Int {
      (end - first) / max(runs[run].lineCount, 1)
    }

    /// The line that holds `item`.
    ///
    /// - Complexity: O(log runs).
    func position(holding item: Int) -> (run: Int, line: Int) {
      let (run, lines, end) = section.run(holding: item)
      return (run, (item - lines.firstItem) / perLine(run, from: lines.firstItem, to: end))
    }

    /// The first line, in run `from` or later, that starts at or after `item`; nil past the
    /// last.
    ///
    /// - Complexity: O(runs passed), plus O(log runs) as a tree.
    func line(atOrAfter item: Int, from start: Int) -> (run: Int, line: Int, item: Int)? {
      guard start < runs.count else { return nil }
      var run = start
      var first = section.firstItem(ofRun: run)
      while run < runs.count {
        // Where run `run` ends: the next run's first item (read once, for the next turn too).
        let end = section.endItem(ofRun: run)
        if !runs[run].isEmptySlot {
          if first >= item { return (run, 0, first) }
          let perLine = perLine(run, from: first, to: end)
          if perLine > 0 && item < end {
            let line = (item - first + perLine - 1) / perLine
            if line < runs[run].lineCount { return (run, line, first + line * perLine) }
          }
        }
        run += 1
        first = end
      }
      return nil
    }

    /// How many lines lie from one position up to, not including, another.
    ///
    /// - Complexity: O(runs between them).
    func count(from start: (run: Int, line: Int), to end: (run: Int, line: Int)) -> Int {
      if start.run == end.run { return end.line - start.line }
      var lines = runs[start.run].lineCount - start.line + end.line
      for run in (start.run + 1)..<end.run { lines += runs[run].lineCount }
      return lines
    }
  }
}
