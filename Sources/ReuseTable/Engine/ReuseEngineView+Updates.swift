import Foundation

// What both views do the same way around a batch update, besides applying the
// plan (`UpdatePlan.apply(to:newCounts:)`): validating one without applying it.

extension ReuseEngineView {
    /// Records the changes `updates` makes and validates them without applying anything (for tests and tools).
    func validateUpdates(_ updates: () -> Void) throws(ReuseTableError) {
        loadIfNeeded()
        // `updates` calls back into the view, so no access to the recorder is held while it runs.
        let saved = engine.batchRecorder
        engine.batchRecorder = BatchRecorder()
        engine.batchRecorder.begin()
        updates()
        let batch = engine.batchRecorder.end()!
        engine.batchRecorder = saved
        _ = try validatedPlan(for: batch)
    }
}
