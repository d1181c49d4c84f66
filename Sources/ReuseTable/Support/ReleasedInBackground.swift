import Foundation

// Freeing what a reload discards (the old geometry, the height cache) off the main thread.

/// Frees a value on a background queue: the caller hands over its only reference (it replaces the
/// field it copied from), the box keeps it, and the queue's block drops it, so the last release —
/// the freeing of every node — runs there, whichever side lets go of the box last. For what
/// `reloadData()` discards: the old geometry and the height cache.
final class ReleasedInBackground<Value>: @unchecked Sendable {  // the value is touched only by the queue's block after `init`
    /// The rows or heights below which a value is freed where it is dropped: the queue is not worth it.
    static var minimumCount: Int { 4096 }

    private var value: Value?

    init(_ value: Value) { self.value = value }

    /// Drops the value on a background queue.
    func release() { DispatchQueue.global(qos: .utility).async { self.value = nil } }
}
