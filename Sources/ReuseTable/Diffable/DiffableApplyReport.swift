import Foundation

/// What one `apply` did: counts of each kind of change and its duration.
public struct DiffableApplyReport: Sendable, Equatable {
    /// Whether the apply was a `reloadData()` (the first one).
    public var reloadedData = false
    /// Items inserted (including reloaded items that also moved).
    public var inserted = 0
    /// Items deleted.
    public var deleted = 0
    /// Items moved (the fewest that produce the new order).
    public var moved = 0
    /// Items reloaded in place.
    public var reloaded = 0
    /// Items reconfigured in place.
    public var reconfigured = 0
    /// Sections inserted, deleted and moved.
    public var sectionsInserted = 0, sectionsDeleted = 0, sectionsMoved = 0
    /// Wall time of the apply on the main actor: the diff and the table update, or, for an
    /// `async` apply, the table update alone (its diff ran off the main actor).
    public var nanoseconds: UInt64 = 0
    /// For an `async` apply, the time its diff took in a background task; 0 otherwise.
    public var diffNanosecondsOffMainActor: UInt64 = 0

    /// An empty report.
    public init() {}

    init(reloadedData: Bool, nanoseconds: UInt64) {
        self.reloadedData = reloadedData
        self.nanoseconds = nanoseconds
    }

    init(_ difference: SnapshotDifference, nanoseconds: UInt64) {
        inserted = difference.insertedItems.count
        deleted = difference.deletedItems.count
        moved = difference.movedPositions.count
        reloaded = difference.reloadedItems.count
        reconfigured = difference.reconfiguredItems.count
        sectionsInserted = difference.insertedSections.count
        sectionsDeleted = difference.deletedSections.count
        sectionsMoved = difference.movedSections.count
        self.nanoseconds = nanoseconds
    }
}
