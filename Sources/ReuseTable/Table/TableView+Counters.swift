import Foundation

// Live counters for teaching: the demo's status line and the tour read them.
// The engine keeps the ones both views count (`SharedCounters`); the table adds its heights'.

extension TableView {
    /// Live counters (the demo's status line and the teaching tour read them).
    public struct Counters: Sendable, Equatable {
        /// Distinct cells the table has been handed (created by registration or by the data source).
        public var cellsCreated = 0
        /// Calls of `tableView(_:cellForRowAt:)`.
        public var cellForRowCalls = 0
        /// Exact row heights obtained (delegate calls and self-sizing measurements).
        public var rowHeightQueries = 0
        /// Self-sizing measurements (`sizeThatFits` on a cell, or its Auto Layout fitting).
        public var selfSizingMeasurements = 0
        /// Time spent in those measurements (the fitting alone, not the data source's cell),
        /// so `selfSizingNanoseconds / selfSizingMeasurements` is the cost of one measured cell.
        public var selfSizingNanoseconds: UInt64 = 0
        /// Layout passes run.
        public var layoutPasses = 0
        /// Duration of the last layout pass.
        public var lastLayoutNanoseconds: UInt64 = 0
        /// The most cells on screen at once so far.
        public var mostVisibleAtOnce = 0
        /// Offset corrections made by scroll anchoring.
        public var anchorAdjustments = 0
    }

    /// Live counters for teaching and the demo's status line.
    public var counters: Counters {
        let shared = engine.counters
        return Counters(
            cellsCreated: shared.cellsCreated, cellForRowCalls: shared.dataSourceCellCalls,
            rowHeightQueries: heightCounters.rowHeightQueries, selfSizingMeasurements: shared.selfSizingMeasurements,
            selfSizingNanoseconds: heightCounters.selfSizingNanoseconds, layoutPasses: shared.layoutPasses,
            lastLayoutNanoseconds: shared.lastLayoutNanoseconds, mostVisibleAtOnce: shared.mostVisibleAtOnce,
            anchorAdjustments: heightCounters.anchorAdjustments)
    }

    /// What the table counts besides the engine's counters: heights asked, the time measuring took, anchoring.
    struct HeightCounters {
        var rowHeightQueries = 0
        var selfSizingNanoseconds: UInt64 = 0
        var anchorAdjustments = 0
    }

    /// Cells waiting in the reuse pool.
    public var reusePoolCount: Int { engine.pool.count }

    /// Cells ever created per identifier by dequeue (teaching counter).
    public var cellsCreatedByIdentifier: [String: Int] { engine.pool.created }
}
