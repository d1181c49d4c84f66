import Foundation

// Live counters for teaching: the demo's status line and the tour read them,
// from the engine's (`SharedCounters`).

extension CollectionView {
    /// Live counters (the demo's status line and the teaching tour read them).
    public struct Counters: Sendable, Equatable {
        /// Distinct cells the collection view has been handed (by dequeue or by the data source).
        public var cellsCreated = 0
        /// Calls of `collectionView(_:cellForItemAt:)`.
        public var cellForItemCalls = 0
        /// Self-sizing measurements (`sizeThatFits` on a template cell).
        public var selfSizingMeasurements = 0
        /// Layout passes run.
        public var layoutPasses = 0
        /// Duration of the last layout pass (including any `prepare()` it ran).
        public var lastLayoutNanoseconds: UInt64 = 0
        /// The most cells on screen at once so far.
        public var mostVisibleAtOnce = 0
    }

    /// Live counters for teaching and the demo's status line.
    public var counters: Counters {
        let shared = engine.counters
        return Counters(
            cellsCreated: shared.cellsCreated, cellForItemCalls: shared.dataSourceCellCalls,
            selfSizingMeasurements: shared.selfSizingMeasurements, layoutPasses: shared.layoutPasses,
            lastLayoutNanoseconds: shared.lastLayoutNanoseconds, mostVisibleAtOnce: shared.mostVisibleAtOnce)
    }

    /// Cells waiting in the reuse pool.
    public var reusePoolCount: Int { engine.pool.count }

    /// Cells ever created per identifier by dequeue (teaching counter).
    public var cellsCreatedByIdentifier: [String: Int] { engine.pool.created }
}
