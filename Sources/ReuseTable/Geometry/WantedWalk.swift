import Foundation

// The walk over the slots a viewport shows, kept between passes: a scroll step on the same
// geometry walks only the slots that arrive at one edge and drops those that left at the other
// (Docs/layout-on-scroll.md, "The walk"). Geometry only: the table turns the slots into frames.

/// Where a walk is: a slot with its section and row (-1 for a header, the section's row count
/// for its footer). `advance(to:)` keeps section and row right as a walk visits slots in order.
struct SlotPosition {
    var index: Int
    var section: Int
    var row: Int

    /// The position of `slot`, the next slot a walk in index order visits after this one.
    @inline(__always)
    mutating func advance(to slot: Slot) {
        guard slot.index > index else { return }
        index = slot.index
        if slot.kind == .header {
            section += 1
            row = -1
        } else {
            row += 1
        }
    }
}

/// What turns a slot into a frame in content coordinates (the table's
/// `rowRect(minY:height:tableWidth:)` and `contentRect(minY:height:width:)`), read once a pass.
struct SlotFrames: Equatable {
    var width: CGFloat
    var origin: Double
    var rowMargin: Double
    var rowInset: CGFloat
}

/// The slots the last walk of a viewport took and where it stopped, for a walk on the same
/// geometry and frames to extend. Without a row margin a slot is taken exactly when it has a
/// height and intersects the viewport, and slots start in index order, so an overlapping
/// viewport keeps the slots still inside and walks only from the edge that moved; anything else
/// (another geometry, width, table header, a row margin, a lifted row, a jump) walks it whole.
/// The answers are the full walk's, slot for slot (`WantedWalkTests`).
struct WantedWalk {
    /// A slot the walk took (it has a height and intersects the viewport), with its section and row.
    struct Taken {
        var index: Int
        var section: Int
        var row: Int
        var minY: Double
        var height: Double
        var kind: SlotKind
    }

    /// The layout generation (every change of the geometry advances it) and frames walked for.
    var generation: UInt64 = 0
    var frames: SlotFrames?
    /// The viewport walked, in geometry coordinates.
    var visible: Range<Double> = 0..<0
    /// The slot containing the viewport's top (clamped to 0): where the walk began.
    var firstIndex = 0
    /// The first slot starting at or below the bottom (index `count` when the slots ended); nil when not known.
    var stop: SlotPosition?
    /// The slots taken, in order.
    var taken: [Taken] = []
    /// Scratch space for a walk up (a pass allocates nothing).
    var scratch: [Taken] = []

    /// Forgets the walk: the next one walks the whole viewport.
    mutating func forget() { frames = nil }

    /// The slots taken for `visible`, from `first` (the slot containing its top), extending the
    /// last walk when it was made on the same geometry (`generation`) and `frames`.
    /// - Complexity: O(slots that arrive or leave) when extended, O(visible slots) otherwise.
    mutating func walk(
        _ geometry: any RowGeometry, visible: Range<Double>, first: SlotPosition, near finger: GeometryFinger,
        generation: UInt64, frames: SlotFrames
    ) {
        let old = self.visible
        let sameLayout = self.frames == frames && self.generation == generation
        if sameLayout, let stop, visible.lowerBound >= old.lowerBound, visible.upperBound >= old.upperBound,
            visible.lowerBound < old.upperBound
        {
            let kept = taken.firstIndex { $0.minY + $0.height > visible.lowerBound } ?? taken.count
            if kept == 1 { taken.remove(at: 0) } else if kept > 1 { taken.removeSubrange(..<kept) }  // a step drops one
            self.stop =
                stop.index < geometry.count
                ? WantedWalk.take(geometry, from: stop, near: finger, visible: visible, before: .max, into: &taken) : stop
        } else if sameLayout, visible.lowerBound < old.lowerBound, visible.upperBound <= old.upperBound,
            visible.upperBound > old.lowerBound
        {
            let kept = taken.firstIndex { $0.minY >= visible.upperBound } ?? taken.count
            var newStop = kept < taken.count ? SlotPosition(index: taken[kept].index, section: taken[kept].section, row: taken[kept].row) : stop
            while taken.count > kept { taken.removeLast() }  // a step drops one: no generic removeSubrange
            scratch.emptyKeepingCapacity()
            if let ended = WantedWalk.take(geometry, from: first, near: finger, visible: visible, before: firstIndex, into: &scratch) {
                newStop = ended  // the new bottom is above the old top: every old slot is below it
                taken.removeAll(keepingCapacity: true)
            }
            taken.insert(contentsOf: scratch, at: 0)
            self.stop = newStop
        } else {
            taken.removeAll(keepingCapacity: true)
            stop = WantedWalk.take(geometry, from: first, near: finger, visible: visible, before: .max, into: &taken)
        }
        self.generation = generation
        self.frames = frames
        self.visible = visible
        firstIndex = first.index
    }

    /// Takes every slot with a height intersecting `visible`, from `first` until a slot starts at or
    /// below `visible.upperBound` (returned, with its section and row; index `count` when the slots
    /// end) or slot `limit` is reached (nil). Not isolated, on locals only: its closure runs once a
    /// slot, and one formed in a main-actor method checks the executor on every call (Docs/performance.md).
    /// - Complexity: O(slots visited).
    nonisolated static func take(
        _ geometry: any RowGeometry, from first: SlotPosition, near finger: GeometryFinger, visible: Range<Double>, before limit: Int,
        into taken: inout [Taken]
    ) -> SlotPosition? {
        var position = first
        var stop: SlotPosition? = SlotPosition(index: geometry.count, section: first.section, row: first.row)
        geometry.forEachSlot(from: first.index, near: finger) { slot in
            if slot.index >= limit {
                stop = nil
                return false
            }
            position.advance(to: slot)
            guard slot.minY < visible.upperBound else {
                stop = position
                return false
            }
            if slot.height > 0, slot.maxY > visible.lowerBound {
                taken.append(
                    Taken(index: slot.index, section: position.section, row: position.row, minY: slot.minY, height: slot.height, kind: slot.kind))
            }
            return true
        }
        return stop
    }
}
