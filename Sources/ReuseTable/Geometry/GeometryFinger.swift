import Foundation
import Synchronization

/// Where a geometry lookup last landed, kept by the caller so the next lookup
/// near it walks from there instead of descending from the root (a scroll step
/// almost always stays in the same `SlotTree` leaf).
///
/// A finger is used only while its `stamp` equals the tree's, and every build and
/// mutation draws a new stamp from one process-wide counter, so a finger is never
/// used stale. Answers through it equal `index(atOffset:)`, `slot(at:)` and
/// `forEachSlot(from:_:)` bit for bit. `GeometryFinger()` is valid for no geometry;
/// `RowRecords` ignores fingers. Docs/row-geometry.md, "The finger", shows the
/// calls and why a per-tree counter would not do.
@_spi(Internals) public struct GeometryFinger: Sendable {
    /// Stamp of the tree this finger was taken from; 0 (no tree has it) when empty.
    var stamp: UInt64 = 0
    /// The leaf the last lookup ended in. Unretained: only dereferenced while
    /// `stamp` matches, and then the tree holds the leaf.
    var leaf: Unmanaged<SlotTree.Node>?
    /// `y` in `leafMinY ..< leafLimit` makes a root descent end in `leaf`
    /// (`leafLimit` is the smallest end of the chosen child on the path).
    var leafMinY = 0.0
    var leafLimit = 0.0
    /// Slot index of the leaf's first slot.
    var leafFirstIndex = 0
    /// Headers before the leaf.
    var leafHeadersBefore = 0
    /// A run in the leaf the walk may start from, with its start Y (the same
    /// chain of additions from `leafMinY` a descent makes), first slot and headers before it.
    var run = 0
    var runMinY = 0.0
    var runFirstIndex = 0
    var runHeadersBefore = 0
    /// The last section looked up and its header's slot index (valid with `stamp`).
    var section = -1
    var sectionHeaderIndex = -1
    /// The last `sectionSpan(_:near:)` answer, with the stamp of the tree it came from (checked on its own:
    /// it is never trusted for another tree state, and never makes `leaf` trusted).
    var span: (stamp: UInt64, section: Int, value: SectionSpan)?

    /// A finger valid for no geometry: the first lookup descends from the root.
    public init() {}

    /// True when a lookup through this finger will walk instead of descending
    /// (for tests and the benchmark; callers never need to ask).
    public func isValid<G: RowGeometry>(for geometry: G) -> Bool {
        guard let tree = geometry as? SlotTree else { return false }
        return leaf != nil && stamp == tree.stamp
    }
}

/// Where the last walk over the slots of a `SlotTree` stopped: the leaf and the run holding
/// the slot its body returned false for, with the run's start Y and first slot. A walk from
/// that slot or a little after it starts at the run (`forEachSlot(from:near:cursor:_:)`), the
/// same chain of additions a descent makes. Like a finger, used only while `stamp` is the
/// tree's; `RowRecords` ignores it.
@_spi(Internals) public struct SlotCursor: Sendable {
    /// Stamp of the tree the cursor was left in; 0 (no tree has it) when empty.
    var stamp: UInt64 = 0
    /// Unretained: only dereferenced while `stamp` matches, and then the tree holds the leaf.
    var leaf: Unmanaged<SlotTree.Node>?
    var run = 0
    var runMinY = 0.0
    var runFirstIndex = 0

    /// A cursor valid for no geometry.
    public init() {}
}

/// A slot with the section it belongs to and its row in that section (-1 for
/// the header, the section's row count for its footer), as a layout pass needs it.
@_spi(Internals) public struct LocatedSlot: Equatable, Sendable {
    public var slot: Slot
    public var section: Int
    public var row: Int

    public init(slot: Slot, section: Int, row: Int) {
        self.slot = slot
        self.section = section
        self.row = row
    }
}

/// A section's header slot and where the section ends (the next section's
/// header offset, or the total height for the last section): what a plain
/// table needs to pin a header at the top of the viewport.
@_spi(Internals) public struct SectionSpan: Equatable, Sendable {
    public var header: Slot
    public var end: Double

    public init(header: Slot, end: Double) {
        self.header = header
        self.end = end
    }
}

/// The process-wide source of tree stamps (see `GeometryFinger`).
enum GeometryStamp {
    private static let counter = Atomic<UInt64>(0)

    /// A stamp no tree has had before (never 0).
    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
