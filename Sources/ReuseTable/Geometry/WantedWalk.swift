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
/// A step down inside the walk reads its top slot from the slots taken (`keptTop(of:generation:frames:)`)
/// and goes on at the bottom from a tree cursor left at the stop, only when the bottom passes it.
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

    /// What one walk changed in `taken`, for a caller that keeps what it made of the last walk.
    struct Change {
        /// The walk started over: every slot taken is new.
        var rebuilt = false
        /// Rows dropped at the top and at the bottom.
        var rowsDroppedAtTop = 0
        var rowsDroppedAtBottom = 0
        /// Slots taken anew at the top (the first ones of `taken`) and at the bottom (the last ones).
        var addedAtTop = 0
        var addedAtBottom = 0
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
    /// Where `stop` starts (infinity when the slots ended): a step whose bottom stays at or above
    /// it takes nothing new at the bottom and needs no geometry.
    var stopMinY = Double.infinity
    /// The tree's place at `stop` when the walk last stopped there (`SlotCursor`).
    var cursor = SlotCursor()
    /// The slots taken, in order.
    var taken: [Taken] = []
    /// How many of `taken` are headers or footers.
    var supplementaryCount = 0
    /// Scratch space for a walk up (a pass allocates nothing).
    var scratch: [Taken] = []

    /// Forgets the walk: the next one walks the whole viewport.
    mutating func forget() { frames = nil }

    /// The slot containing the top of `visible` (clamped to 0), read from the slots taken, when
    /// `visible` moved down (or stayed) on the same layout and its top is above the stop; nil
    /// when the walk cannot tell. Such a slot has a height and intersects the last viewport, so
    /// the walk took it: no lookup in the geometry.
    /// Mutating only so that a call reads the walk in place: a non-mutating call on a walk stored
    /// in a class copies all of it first.
    /// - Complexity: O(slots taken before the answer), one or two on a scroll step.
    mutating func keptTop(of visible: Range<Double>, generation: UInt64, frames: SlotFrames) -> SlotPosition? {
        guard stop != nil, self.generation == generation, self.frames == frames, visible.lowerBound >= self.visible.lowerBound,
            visible.upperBound >= self.visible.upperBound
        else { return nil }
        let y = max(visible.lowerBound, 0)
        for slot in taken where slot.minY + slot.height > y {
            return slot.minY <= y ? SlotPosition(index: slot.index, section: slot.section, row: slot.row) : nil
        }
        return nil
    }

    /// Whether a step down to `visible` from `keptTop(of:generation:frames:)` takes slots at the
    /// bottom (then `walk` needs the geometry); `walkInside(_:first:)` does the rest.
    func reachesStop(_ visible: Range<Double>) -> Bool { stopMinY < visible.upperBound }

    /// A step down to `visible` whose top slot `first` came from `keptTop(of:generation:frames:)`
    /// and whose bottom stays at or above the stop: drops the slots that left at the top, takes none.
    /// - Complexity: O(slots dropped).
    mutating func walkInside(_ visible: Range<Double>, first: SlotPosition) -> Change {
        var change = Change()
        change.rowsDroppedAtTop = dropTop(endingAtOrAbove: visible.lowerBound)
        self.visible = visible
        firstIndex = first.index
        return change
    }

    /// The slots taken for `visible`, from `first` (the slot containing its top), extending the
    /// last walk when it was made on the same geometry (`generation`) and `frames`.
    /// - Complexity: O(slots that arrive or leave) when extended, O(visible slots) otherwise.
    @discardableResult
    mutating func walk(
        _ geometry: any RowGeometry, visible: Range<Double>, first: SlotPosition, near finger: GeometryFinger,
        generation: UInt64, frames: SlotFrames
    ) -> Change {
        var change = Change()
        let old = self.visible
        let sameLayout = self.frames == frames && self.generation == generation
        if sameLayout, let stop, visible.lowerBound >= old.lowerBound, visible.upperBound >= old.upperBound,
            visible.lowerBound < old.upperBound
        {
            change.rowsDroppedAtTop = dropTop(endingAtOrAbove: visible.lowerBound)
            if stopMinY < visible.upperBound {  // the slots did not end there (infinity when they did)
                let before = taken.count
                let ended = WantedWalk.take(
                    geometry, from: stop, near: finger, cursor: &cursor, visible: visible, before: .max, into: &taken,
                    supplementary: &supplementaryCount)
                change.addedAtBottom = taken.count - before
                self.stop = ended?.position
                stopMinY = ended?.minY ?? .infinity
            }
        } else if sameLayout, visible.lowerBound < old.lowerBound, visible.upperBound <= old.upperBound,
            visible.upperBound > old.lowerBound
        {
            let kept = taken.firstIndex { $0.minY >= visible.upperBound } ?? taken.count
            if kept < taken.count {
                stop = SlotPosition(index: taken[kept].index, section: taken[kept].section, row: taken[kept].row)
                stopMinY = taken[kept].minY
            }
            while taken.count > kept {  // a step drops one: no generic removeSubrange
                if taken[taken.count - 1].kind == .row { change.rowsDroppedAtBottom += 1 } else { supplementaryCount -= 1 }
                taken.removeLast()
            }
            if first.index < firstIndex {  // slots above the old first one arrive
                scratch.emptyKeepingCapacity()
                var added = 0, upCursor = SlotCursor()
                if let ended = WantedWalk.take(
                    geometry, from: first, near: finger, cursor: &upCursor, visible: visible, before: firstIndex, into: &scratch,
                    supplementary: &added)
                {
                    stop = ended.position  // the new bottom is above the old top: every old slot is below it
                    stopMinY = ended.minY
                    cursor = upCursor
                    change.rowsDroppedAtBottom += taken.count - supplementaryCount
                    taken.removeAll(keepingCapacity: true)
                    supplementaryCount = 0
                }
                taken.insert(contentsOf: scratch, at: 0)
                supplementaryCount += added
                change.addedAtTop = scratch.count
            }
        } else {
            change.rebuilt = true
            taken.removeAll(keepingCapacity: true)
            supplementaryCount = 0
            let ended = WantedWalk.take(
                geometry, from: first, near: finger, cursor: &cursor, visible: visible, before: .max, into: &taken,
                supplementary: &supplementaryCount)
            stop = ended?.position
            stopMinY = ended?.minY ?? .infinity
        }
        self.generation = generation
        self.frames = frames
        self.visible = visible
        firstIndex = first.index
        return change
    }

    /// Drops the slots taken that end at or above `top` (the first ones); returns how many were rows.
    private mutating func dropTop(endingAtOrAbove top: Double) -> Int {
        var dropped = 0, rows = 0
        while dropped < taken.count, taken[dropped].minY + taken[dropped].height <= top {
            if taken[dropped].kind == .row { rows += 1 } else { supplementaryCount -= 1 }
            dropped += 1
        }
        if dropped == 1 { taken.remove(at: 0) } else if dropped > 1 { taken.removeSubrange(..<dropped) }  // a step drops one
        return rows
    }

    /// Takes every slot with a height intersecting `visible`, from `first` until a slot starts at or
    /// below `visible.upperBound` (returned, with its section, row and top; index `count` and top
    /// infinity when the slots end) or slot `limit` is reached (nil), counting the headers and
    /// footers taken in `supplementary`; leaves `cursor` at the slot it stopped at. Not isolated,
    /// on locals only: its closure runs once a slot, and one formed in a main-actor method checks
    /// the executor on every call (Docs/performance-journal.md).
    /// - Complexity: O(slots visited).
    nonisolated static func take(
        _ geometry: any RowGeometry, from first: SlotPosition, near finger: GeometryFinger, cursor: inout SlotCursor,
        visible: Range<Double>, before limit: Int, into taken: inout [Taken], supplementary: inout Int
    ) -> (position: SlotPosition, minY: Double)? {
        var position = first
        var stop: (position: SlotPosition, minY: Double)? = (SlotPosition(index: geometry.count, section: first.section, row: first.row), .infinity)
        geometry.forEachSlot(from: first.index, near: finger, cursor: &cursor) { slot in
            if slot.index >= limit {
                stop = nil
                return false
            }
            position.advance(to: slot)
            guard slot.minY < visible.upperBound else {
                stop = (position, slot.minY)
                return false
            }
            if slot.height > 0, slot.maxY > visible.lowerBound {
                if slot.kind != .row { supplementary += 1 }
                taken.append(
                    Taken(index: slot.index, section: position.section, row: position.row, minY: slot.minY, height: slot.height, kind: slot.kind))
            }
            return true
        }
        return stop
    }
}
