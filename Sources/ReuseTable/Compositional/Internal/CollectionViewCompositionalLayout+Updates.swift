import Foundation

// Batch updates through the compositional layout. Measured heights follow their items (a moved
// item keeps its height, a reloaded one is measured again), orthogonal offsets follow their
// sections, and only what changed is redone at the next prepare: the provider is asked again for
// sections whose item count changed (or for all, when sections were inserted, removed or moved,
// since the provider is keyed by section index), and the changed sections' slots are replaced —
// or the tree rebuilt when sections moved. Nothing is placed.

extension CollectionViewCompositionalLayout {
    /// The collection view applied `plan` (see the file's comment).
    func applyUpdate(_ plan: AppliedUpdate, newCounts: [Int]) {
        needsPrepare = true
        store.placedGroups.removeAll()
        guard !needsRebuild, collectionView != nil, store.sectionCount > 0 || !newCounts.isEmpty else { return }
        if let ranges = plan.plan.rowRanges {  // an outline's expand or collapse: a step a range
            return applyItemRanges(ranges.map, inSection: ranges.section, newCount: newCounts[ranges.section])
        }
        let sectionsChanged = !plan.plan.sectionRemovals.isEmpty || !plan.plan.sectionInsertions.isEmpty
        let oldCounts = store.records.map(\.count)
        if let rowMap = plan.rowMap {
            rebuildRecords(following: rowMap, newCounts: newCounts)
        } else {
            var steps = MeasurementSteps(layout: self, tracksSlots: !sectionsChanged && !needsSlotRebuild)
            plan.plan.apply(to: &steps, newCounts: newCounts)
        }
        guard store.sectionCount == newCounts.count else {
            needsRebuild = true  // the counts disagree with the plan: start again from the data
            return
        }
        for s in 0..<newCounts.count { store.records[s].count = newCounts[s] }
        if sectionsChanged || plan.rowMap != nil {
            var offsets: [Int: CGFloat] = [:]
            for (old, offset) in orthogonalOffsets where old < plan.plan.newSectionOfOld.count {
                if let new = plan.plan.newSectionOfOld[old] { offsets[new] = offset }
            }
            orthogonalOffsets = offsets
            notified = [:]
        }
        overrides = [:]
        if sectionsChanged {
            sectionsToAsk = IndexSet(integersIn: 0..<newCounts.count)
            needsSlotRebuild = true
        } else {
            for s in 0..<newCounts.count where oldCounts[s] != newCounts[s] { sectionsToAsk.insert(s) }
            if plan.rowMap != nil { needsSlotRebuild = true }
        }
    }

    /// After an update: the provider for the sections it changed, then their slots (or the whole tree).
    /// - Complexity: O(k) provider calls and O(k log n) tree work for k changed sections; O(sections) when sections moved.
    func applyPendingSections(in collectionView: CollectionView) {
        guard let environment else { return rebuild(in: collectionView, environment: self.environment(of: collectionView)) }
        var rebuildTree = needsSlotRebuild
        for s in sectionsToAsk where s < store.sectionCount {
            let kind = resolvedKind(forSection: s, in: collectionView, environment: environment)
            guard kind != store.records[s].kind else { continue }
            store.records[s].kind = kind
            store.releaseMeasurements(of: s)
            rebuildTree = true
        }
        if rebuildTree {
            finishStructure()
        } else {
            for (s, old) in pendingRowSlots.sorted(by: { $0.key < $1.key }) { store.refreshSection(s, oldRowSlots: old) }
        }
        sectionsToAsk = IndexSet()
        needsSlotRebuild = false
        pendingRowSlots = [:]
        clampOrthogonalOffsets()
    }

    /// A bulk update: every section's record rebuilt from the row map, carrying measured heights.
    /// - Complexity: O(sections), plus O(n log m) when anything was measured.
    func rebuildRecords(following map: UpdateRowMap, newCounts: [Int]) {
        let old = store
        let anyMeasured = old.records.contains { $0.measurements >= 0 }
        var records: [CompositionalSections.SectionRecord] = []
        records.reserveCapacity(newCounts.count)
        var carried: [SectionMeasurements?] = []
        for j in 0..<newCounts.count {
            let i = map.oldSectionOfNew[j]
            records.append(.init(count: newCounts[j], kind: i == UpdateRowMap.none ? placeholderKind() : old.records[i].kind))
            guard anyMeasured else {
                carried.append(nil)
                continue
            }
            var entries: [SectionMeasurements.Entry] = []
            for (r, source) in map.sources[j].enumerated() where UpdateRowMap.isCarried(source) {
                let s = UpdateRowMap.section(source), q = UpdateRowMap.row(source)
                if var entry = old.measured(s)?.entry(of: q) {
                    entry.item = r
                    entries.append(entry)
                }
            }
            var measurements = SectionMeasurements()
            measurements.replaceItems(entries)
            if i != UpdateRowMap.none, let boundary = old.measured(i)?.boundary { measurements.boundary = boundary }
            carried.append(measurements)
        }
        store.records = records
        store.removeAllMeasurements()
        for (j, measurements) in carried.enumerated() { store.giveMeasurements(measurements, to: j) }
        needsSlotRebuild = true
    }

    /// A kind for a section the provider has not been asked about yet (it is asked at the next prepare).
    func placeholderKind() -> Int32 {
        if let nilKind { return nilKind }
        let environment = environment ?? CollectionLayoutEnvironment(container: .init(contentSize: .zero, contentInsets: .zero))
        nilKind = Int32(store.kinds.count)
        store.kinds.append(ResolvedSection(nil, environment: environment, index: -1, report: { _ in }))
        return nilKind!
    }

    /// Forgets offsets of sections that no longer scroll sideways and brings the others into range.
    func clampOrthogonalOffsets() {
        for (s, offset) in orthogonalOffsets {
            guard s < store.sectionCount, store.kind(s).isOrthogonal else {
                orthogonalOffsets[s] = nil
                continue
            }
            let clamped = min(max(offset, minimumOrthogonalOffset(s)), maximumOrthogonalOffset(s))
            orthogonalOffsets[s] = clamped == 0 ? nil : clamped
        }
    }
}

/// The update plan's four steps applied to the layout's records: counts, measured heights (a moved
/// item carries its own), and which sections' slots must be replaced.
@MainActor
struct MeasurementSteps: UpdatePlanTarget {
    let layout: CollectionViewCompositionalLayout
    /// Whether section indices stay put, so the changed sections' old slot counts are noted for a
    /// slot replacement (otherwise the tree is rebuilt).
    let tracksSlots: Bool

    private func noteSlots(_ s: Int) {
        guard tracksSlots, layout.pendingRowSlots[s] == nil else { return }
        layout.pendingRowSlots[s] = layout.store.kind(s).rowSlotCount(items: layout.store.records[s].count)
    }

    mutating func removeRow(at indexPath: IndexPath) -> SectionMeasurements.Entry? {
        let s = indexPath.section
        noteSlots(s)
        defer { layout.store.records[s].count -= 1 }
        guard layout.store.measured(s) != nil else { return nil }
        return layout.store.updateMeasurements(s) { $0.remove(indexPath.item) }
    }

    mutating func removeSection(at section: Int) -> (kind: Int32, measurements: SectionMeasurements?) {
        let taken = layout.store.takeMeasurements(of: section)
        let record = layout.store.records.remove(at: section)
        return (record.kind, taken)
    }

    mutating func insertSection(at section: Int, count: Int, moved: (kind: Int32, measurements: SectionMeasurements?)?) {
        layout.store.records.insert(.init(count: count, kind: moved?.kind ?? layout.placeholderKind()), at: section)
        layout.store.giveMeasurements(moved?.measurements, to: section)
    }

    mutating func insertRow(at indexPath: IndexPath, moved: SectionMeasurements.Entry??) {
        let s = indexPath.section
        noteSlots(s)
        layout.store.records[s].count += 1
        let entry = moved ?? nil
        guard entry != nil || layout.store.measured(s) != nil else { return }
        layout.store.updateMeasurements(s) { $0.insert(indexPath.item, carrying: entry) }
    }
}
