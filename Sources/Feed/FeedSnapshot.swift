import Foundation
import ReuseTable

/// The feed by identity, for the diffable data source: days as section identifiers, post ids as items.
///
/// Post ids (`UInt64`) are the cheapest honest identifiers: a snapshot of the whole
/// feed is 1,000,000 integers in arrays plus one hash map entry each, with no
/// `Post` values built (the cell provider makes the post from its id).
public typealias FeedSnapshot = DiffableDataSourceSnapshot<Int, UInt64>

extension FeedModel {
    /// A snapshot of `days` (sections), in order, with every post id of each.
    /// - Complexity: O(rows in those days) (one hash map entry per row).
    public func snapshot(days: Range<Int>) -> FeedSnapshot {
        var snapshot = FeedSnapshot()
        append(days: days, to: &snapshot)
        return snapshot
    }

    /// Appends `days` and their post ids to `snapshot`.
    func append(days: Range<Int>, to snapshot: inout FeedSnapshot) {
        snapshot.appendSections(Array(days))
        for day in days { snapshot.appendItems(ids(inSection: day), toSection: day) }
    }
}

/// Builds a big snapshot on a background thread, so the demo stays responsive while it does.
///
/// A snapshot is a value (`Sendable`), built from a copy of the model; the main
/// thread only applies it. In a debug build 1,000,000 ids take about a second
/// (each is a hash map entry, unspecialized generic code); in release, tens of
/// milliseconds. `FeedApp` shows the first day at once and applies the whole
/// feed when this is done: one diff, the other days inserted as sections.
public final class FeedSnapshotLoader: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var result: (snapshot: FeedSnapshot, nanoseconds: UInt64)?

    /// Starts building the snapshot of `days` of `model`.
    public init(model: FeedModel, days: Range<Int>) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let start = DispatchTime.now().uptimeNanoseconds
            let snapshot = model.snapshot(days: days)
            let took = DispatchTime.now().uptimeNanoseconds - start
            lock.withLock { result = (snapshot, took) }
            done.signal()
        }
    }

    /// The snapshot and how long it took to build, waiting for it at most until `deadline`; nil if not ready.
    public func result(waitingUntil deadline: DispatchTime) -> (snapshot: FeedSnapshot, nanoseconds: UInt64)? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        done.signal()  // ready for good: later calls return at once
        return lock.withLock { result }
    }
}
