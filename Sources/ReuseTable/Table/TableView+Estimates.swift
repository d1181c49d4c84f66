import Foundation

// What the table knows, and does not yet know, about its heights: the
// numbers behind an honest scroll indicator.

/// Running statistics of (measured − estimated) over every slot measured since the last reload.
struct EstimateStatistics: Sendable {
    private(set) var count = 0
    private(set) var sumOfErrors = 0.0
    private(set) var sumOfAbsoluteErrors = 0.0

    mutating func record(estimate: Double, measured: Double) {
        count += 1
        sumOfErrors += measured - estimate
        sumOfAbsoluteErrors += abs(measured - estimate)
    }

    var meanError: Double { count == 0 ? 0 : sumOfErrors / Double(count) }
    var meanAbsoluteError: Double { count == 0 ? 0 : sumOfAbsoluteErrors / Double(count) }
}

extension TableView {
    /// Headers, rows and footers whose height is exact.
    public var measuredSlotCount: Int { geometry.count - geometry.unmeasuredCount }

    /// Headers, rows and footers still sized by an estimate.
    public var estimatedSlotCount: Int { geometry.unmeasuredCount }

    /// The fraction of slots measured, 0…1 (1 for an empty table).
    public var measuredFraction: Double {
        geometry.count == 0 ? 1 : Double(measuredSlotCount) / Double(geometry.count)
    }

    /// The content height the table expects once every estimate is measured:
    /// today's height corrected by the mean error seen so far per measured slot.
    public var projectedContentHeight: CGFloat {
        CGFloat(
            geometry.totalHeight + Double(estimatedSlotCount) * estimateStatistics.meanError
                + tableHeaderFooter.headerHeight + tableHeaderFooter.footerHeight)
    }

    /// How far `contentSize.height` may still move: estimated slots times the
    /// mean absolute error seen so far (0 once everything is measured).
    public var contentHeightUncertainty: CGFloat {
        CGFloat(Double(estimatedSlotCount) * estimateStatistics.meanAbsoluteError)
    }

    /// Measures one estimated slot outside a layout pass (idle precaching),
    /// keeping the visible rows still. Returns false when nothing is left to measure.
    /// - Complexity: O(log n) plus one height computation.
    func precacheNextSlot(searchingFrom start: inout Int) -> Bool {
        guard !transaction.isActive else { return true }  // a step is running: try again on the next tick
        guard let index = geometry.firstUnmeasured(from: start) ?? geometry.firstUnmeasured(from: 0) else { return false }
        start = index + 1
        performTransaction {
            let anchor = currentAnchor()
            measureSlot(at: index)
            if let anchor, index < anchor.slotIndex {
                restoreAnchor(slotIndex: anchor.slotIndex, screenY: anchor.screenY)
            }
        }
        return true
    }
}
