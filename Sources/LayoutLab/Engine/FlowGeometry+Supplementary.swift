import Foundation

extension FlowGeometry {
  /// The frame of a section's header or footer, pinned if the layout pins it (FLOW-24),
  /// mirrored (FLOW-20) and rounded (FLOW-21); nil if the section has none (FLOW-4).
  ///
  /// - Complexity: O(1).
  func supplementaryFrame(_ kind: ElementKind, of section: FlowSectionRecord) -> CGRect? {
    var ignored = LayoutWorkCounters()
    return supplementaryFrame(kind, of: section, counting: &ignored)
  }

  /// `supplementaryFrame(_:of:)`, counting a computed frame and a scanned element.
  func supplementaryFrame(
    _ kind: ElementKind, of section: FlowSectionRecord, counting counters: inout LayoutWorkCounters
  ) -> CGRect? {
    let length: Double
    var position: Double
    switch kind {
    case .cell:
      return nil
    case .header:
      length = section.headerLength
      position = section.start
      if pinsHeaders {
        // FLOW-24: stick to the top of V, but never leave the section nor cover its footer.
        position = max(position, logicalVisibleRange.min)
        if position + length + section.footerLength > section.end {
          position = section.end - section.footerLength - length
        }
      }
    case .footer:
      length = section.footerLength
      position = section.end - length
      if pinsFooters {
        // FLOW-24: stick to the bottom of V, but never rise above the section's header.
        let visibleMax = logicalVisibleRange.max
        if visibleMax < position + length { position = visibleMax - length }
        if position - section.headerLength < section.start {
          position = section.start + section.headerLength
        }
      }
    }
    guard length > 0 else { return nil }
    counters.framesComputed += 1
    counters.elementsScanned += 1
    // FLOW-17: headers and footers span the whole line dimension.
    return finalFrame(main: 0, scroll: position, mainLength: lineDimension, thickness: length)
  }

  /// Whether a header or footer whose final frame is `frame` belongs in the answer to a rect
  /// query (FLOW-22), which for a pinned one also requires its section to meet the rect
  /// (FLOW-24).
  func supplementary(
    _ kind: ElementKind, frame: CGRect, of section: FlowSectionRecord, isVisibleIn rect: CGRect
  ) -> Bool {
    guard frame.touchesOrIntersects(rect) else { return false }
    let pinned = kind == .header ? pinsHeaders : pinsFooters
    return !pinned || sectionRect(section).touchesOrIntersects(rect)
  }

  /// Appends the headers, then the footers, of `sections` that belong in an answer for `rect`
  /// (FLOW-22, FLOW-24); `record` gives a section's record. Shared by the strategies that keep
  /// section records.
  ///
  /// - Complexity: O(sections.count).
  @inline(__always)
  func appendSupplementaryViews(
    of sections: Range<Int>, meeting rect: CGRect, to result: inout [LayoutAttributes],
    counters: inout LayoutWorkCounters, record: (Int) -> FlowSectionRecord
  ) {
    // One kind at a time, not `for kind in [.header, .footer]`: that array was allocated on
    // the heap once the call was inlined into a large query.
    func append(_ kind: ElementKind) {
      for section in sections {
        let record = record(section)
        guard let frame = supplementaryFrame(kind, of: record, counting: &counters),
          supplementary(kind, frame: frame, of: record, isVisibleIn: rect)
        else { continue }
        result.append(
          LayoutAttributes(
            kind: kind, indexPath: LayoutIndexPath(item: 0, section: section), frame: frame,
            zIndex: LayoutAttributes.supplementaryViewZIndex))
      }
    }
    append(.header)
    append(.footer)
  }

  /// A section's whole extent: the line dimension across, its length along the scroll axis.
  func sectionRect(_ section: FlowSectionRecord) -> CGRect {
    physicalRect(
      main: 0, scroll: section.start, mainLength: lineDimension,
      thickness: section.end - section.start)
  }
}
