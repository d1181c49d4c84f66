import Foundation

// Finger lookups (see `GeometryFinger`): only a finger from another tree state, or
// a `y` outside its leaf, costs a descent from the root. Every offset is the chain
// of additions a descent makes, so answers equal the descents' bit for bit.

extension SlotTree {
    /// The slot whose half-open span contains `y`, with its section and row,
    /// walking from `finger` when it is still valid; leaves `finger` at the answer.
    ///
    /// Same answer as `index(atOffset:)` then `slot(at:)`, `section(containing:)`
    /// and `headerIndex(ofSection:)`.
    ///
    /// - Complexity: O(1) when `y` lies in the finger's leaf (at most one leaf
    ///   of runs is walked, and only the runs between the finger and `y` when
    ///   `y` lies after it), plus O(log n) when the section differs from the
    ///   finger's; otherwise O(log n).
    public func slot(atOffset y: Double, near finger: inout GeometryFinger) -> LocatedSlot? {
        guard y >= 0, y < totalHeight else { return nil }  // also rejects NaN
        if finger.stamp == stamp, let leaf = finger.leaf, y >= finger.leafMinY, y < finger.leafLimit,
            let found = walk(leaf.takeUnretainedValue(), to: y, finger: &finger)
        {
            return found
        }
        return descend(to: y, finger: &finger)
    }

    /// `forEachSlot(from:_:)`, starting in the finger's leaf when the finger is
    /// valid and the leaf holds `index` (no descent until the walk leaves it).
    ///
    /// - Complexity: O(slots visited) while in the finger's leaf, plus one
    ///   O(log n) descent (no allocation) for each further leaf entered.
    public func forEachSlot(from index: Int, near finger: GeometryFinger, _ body: (Slot) -> Bool) {
        guard finger.stamp == stamp, let ref = finger.leaf else { return forEachSlot(from: index, body) }
        var leaf = ref.takeUnretainedValue()
        guard index >= finger.leafFirstIndex, index < finger.leafFirstIndex + leaf.summary.count else {
            return forEachSlot(from: index, body)
        }
        var r = 0, acc = finger.leafMinY, first = finger.leafFirstIndex
        if index >= finger.runFirstIndex, finger.run < leaf.runCount {
            r = finger.run
            acc = finger.runMinY
            first = finger.runFirstIndex
        }
        while true {
            while r < leaf.runCount {
                let h = leaf.runHeight(r), m = leaf.runMeta(r), c = RunMeta.count(m)
                if index < first + c {
                    let kind = RunMeta.kind(m), measured = RunMeta.isMeasured(m)
                    for k in max(0, index - first)..<c {
                        let slot = Slot(index: first + k, minY: acc + Double(k) * h, height: h, kind: kind, isMeasured: measured)
                        if !body(slot) { return }
                    }
                }
                acc = acc + Double(c) * h
                first += c
                r += 1
            }
            // The next leaf, by one descent to its first slot (its run 0): the
            // same chain of additions `forEachSlot(from:_:)` and `offset(of:)` make.
            guard first < count else { return }
            let next = position(of: first)
            leaf = next.leaf
            r = 0
            acc = next.runMinY
        }
    }

    /// Slots a cursor may lie before the start of a walk and still be walked from (a step's walk
    /// starts exactly at it; further off, a descent costs less than the runs between).
    static let cursorReach = 64

    /// `forEachSlot(from:near:_:)`, starting at `cursor`'s run when the cursor is valid and at most
    /// `cursorReach` slots before `index`, else at the finger's (as `forEachSlot(from:near:_:)`),
    /// else after one descent (no allocation); leaves `cursor` at the run of the slot `body`
    /// returned false for (unchanged when the slots ended).
    ///
    /// - Complexity: O(slots visited + runs between the cursor and `index`), plus one O(log n)
    ///   descent for each further leaf entered (and one to start without a usable cursor or finger).
    public func forEachSlot(from index: Int, near finger: GeometryFinger, cursor: inout SlotCursor, _ body: (Slot) -> Bool) {
        let index = max(index, 0)
        var leaf: Node, r: Int, acc: Double, first: Int
        if cursor.stamp == stamp, let ref = cursor.leaf, index >= cursor.runFirstIndex, index - cursor.runFirstIndex <= Self.cursorReach {
            leaf = ref.takeUnretainedValue()
            r = cursor.run
            acc = cursor.runMinY
            first = cursor.runFirstIndex
        } else if finger.stamp == stamp, let ref = finger.leaf, index >= finger.leafFirstIndex,
            index < finger.leafFirstIndex + ref.takeUnretainedValue().summary.count
        {
            leaf = ref.takeUnretainedValue()
            if index >= finger.runFirstIndex, finger.run < leaf.runCount {
                r = finger.run
                acc = finger.runMinY
                first = finger.runFirstIndex
            } else {
                r = 0
                acc = finger.leafMinY
                first = finger.leafFirstIndex
            }
        } else {
            guard index < count else { return }
            let p = position(of: index)  // the run's start Y is the chain of additions `forEachSlot(from:_:)` makes
            leaf = p.leaf
            r = p.run
            acc = p.runMinY
            first = index - p.within
        }
        while true {
            while r < leaf.runCount {
                let h = leaf.runHeight(r), m = leaf.runMeta(r), c = RunMeta.count(m)
                if index < first + c {
                    let kind = RunMeta.kind(m), measured = RunMeta.isMeasured(m)
                    for k in max(0, index - first)..<c {
                        let slot = Slot(index: first + k, minY: acc + Double(k) * h, height: h, kind: kind, isMeasured: measured)
                        if !body(slot) {
                            cursor.stamp = stamp
                            cursor.leaf = .passUnretained(leaf)
                            cursor.run = r
                            cursor.runMinY = acc
                            cursor.runFirstIndex = first
                            return
                        }
                    }
                }
                acc = acc + Double(c) * h
                first += c
                r += 1
            }
            guard first < count else { return }
            let next = position(of: first)
            leaf = next.leaf
            r = 0
            acc = next.runMinY
        }
    }

    /// A root descent by height that records the leaf, its bounds and what lies before it in `finger`.
    private func descend(to y: Double, finger: inout GeometryFinger) -> LocatedSlot? {
        var node = root
        var acc = 0.0, limit = Double.infinity
        var base = 0, headers = 0
        while !node.isLeaf {
            // (Read through `node`, not copied out: a copy of the columns would retain their block.)
            let chosen = node.childSummaries.child(holdingOffset: y, from: acc)
            let end = acc + node.childSummaries.end(chosen)
            // Rounding (inexact heights only) left y past every child's end:
            // `index(atOffset:)` handles that edge; no finger for it.
            guard y < end else { return located(at: y, finger: &finger) }
            limit = min(limit, end)
            acc = node.childSummaries.start(of: chosen, from: acc)
            base += node.childSummaries.countBefore(chosen)
            for j in 0..<chosen { headers += node.childSummaries.headers(j) }
            node = node.child(chosen)
        }
        if finger.stamp != stamp { finger.section = -1 }
        finger.stamp = stamp
        finger.leaf = .passUnretained(node)
        finger.leafMinY = acc
        finger.leafLimit = limit
        finger.leafFirstIndex = base
        finger.leafHeadersBefore = headers
        finger.run = 0
        finger.runMinY = acc
        finger.runFirstIndex = base
        finger.runHeadersBefore = headers
        return walk(node, to: y, finger: &finger) ?? located(at: y, finger: &finger)
    }

    /// Finds `y` among the leaf's runs, from the finger's run when `y` lies at
    /// or after it, else from the leaf's start; nil when rounding leaves `y`
    /// past the leaf's last run (the caller then answers by descent).
    private func walk(_ leaf: Node, to y: Double, finger: inout GeometryFinger) -> LocatedSlot? {
        var r = 0, acc = finger.leafMinY, first = finger.leafFirstIndex, headers = finger.leafHeadersBefore
        if y >= finger.runMinY, finger.run < leaf.runCount {
            r = finger.run
            acc = finger.runMinY
            first = finger.runFirstIndex
            headers = finger.runHeadersBefore
        }
        while r < leaf.runCount {
            let h = leaf.runHeight(r), m = leaf.runMeta(r), c = RunMeta.count(m)
            let end = acc + Double(c) * h
            let isHeader = RunMeta.kind(m) == .header
            if y < end {
                finger.run = r
                finger.runMinY = acc
                finger.runFirstIndex = first
                finger.runHeadersBefore = headers
                let k = Self.position(of: y, inRunAt: acc, height: h, count: c)
                let slot = Slot(
                    index: first + k, minY: acc + Double(k) * h, height: h,
                    kind: RunMeta.kind(m), isMeasured: RunMeta.isMeasured(m))
                let section = headers + (isHeader ? k + 1 : 0) - 1
                return LocatedSlot(
                    slot: slot, section: section,
                    row: slot.index - headerIndex(ofSection: section, finger: &finger) - 1)
            }
            acc = end
            first += c
            if isHeader { headers += c }
            r += 1
        }
        return nil
    }

    /// The plain answer, three descents, for the rounding edge; forgets the finger's leaf.
    private func located(at y: Double, finger: inout GeometryFinger) -> LocatedSlot? {
        finger.leaf = nil
        guard let index = index(atOffset: y) else { return nil }
        let section = section(containing: index)
        return LocatedSlot(
            slot: slot(at: index), section: section,
            row: index - (section < 0 ? -1 : headerIndex(ofSection: section)) - 1)
    }

    /// `headerIndex(ofSection:)` through the finger's one-section cache; -1 for section -1 (slots before any header).
    private func headerIndex(ofSection section: Int, finger: inout GeometryFinger) -> Int {
        if section < 0 { return -1 }
        if finger.section == section, finger.stamp == stamp { return finger.sectionHeaderIndex }
        let index = headerIndex(ofSection: section)
        finger.section = section
        finger.sectionHeaderIndex = index
        return index
    }

    /// `sectionSpan(_:near:)` of `RowGeometry`, remembered in the finger: while the
    /// tree is unchanged, every layout pass in one section gets it without a descent.
    ///
    /// - Complexity: O(1) when the finger holds this section's span for this
    ///   tree state, otherwise O(log n) (three descents).
    public func sectionSpan(_ section: Int, near finger: inout GeometryFinger) -> SectionSpan {
        if let span = finger.span, span.stamp == stamp, span.section == section { return span.value }
        let headerIndex = headerIndex(ofSection: section)
        let value = SectionSpan(
            header: slot(at: headerIndex),
            end: section + 1 < sectionCount ? offset(of: self.headerIndex(ofSection: section + 1)) : totalHeight)
        finger.span = (stamp, section, value)
        return value
    }
}
