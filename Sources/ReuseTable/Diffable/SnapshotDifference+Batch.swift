import Foundation

extension SnapshotDifference {
    /// Records the difference as the calls a caller would make, in one batch. Items that leave
    /// a deleted section or enter an inserted one move, keeping their heights.
    ///
    /// The moves are copied with loops, not `map` closures: a closure formed on the main actor
    /// checks its executor on every call, a million times for a reversed million items.
    /// - Complexity: O(k) for k changes.
    nonisolated func record(into batch: inout BatchUpdate) {
        batch.allowsMovesAcrossInsertedAndDeletedSections = true
        batch.deletedSections.formUnion(deletedSections)
        batch.insertedSections.formUnion(insertedSections)
        batch.movedSections.reserveCapacity(batch.movedSections.count + movedSections.count)
        for move in movedSections { batch.movedSections.append((move.from, move.to)) }
        batch.deletedRows += deletedItems
        batch.insertedRows += insertedItems
        batch.packedMovedRows.reserveCapacity(batch.packedMovedRows.count + movedPositions.count)
        for move in movedPositions {
            let from = RowSpace.pack(move.from.sectionIndex, move.from.rowIndex)
            batch.packedMovedRows.append((from, RowSpace.pack(move.to.sectionIndex, move.to.rowIndex)))
        }
        batch.reloadedRows += reloadedItems
    }
}
