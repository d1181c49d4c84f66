import Foundation

// The teaching switch between the two row-geometry stores (Docs/row-geometry.md).

extension TableView {
    /// The two row-geometry implementations (see Docs/row-geometry.md).
    public enum GeometryStore: String, Sendable, CaseIterable {
        /// `SlotTree`: a B+tree of height runs, O(log n) everything.
        case tree
        /// `RowRecords`: the 2013 article's array of (startY, height) records.
        case records
    }

    /// Switches the geometry store, keeping every height.
    /// - Complexity: O(runs).
    public func setGeometryStore(_ store: GeometryStore) {
        if deferIfBusy("setGeometryStore(_:)", { [self] in setGeometryStore(store) }) { return }
        guard store != geometryStore else { return }
        let runs = geometry.removeSubrange(0..<geometry.count)
        geometry = TableView.makeGeometry(store, runs, treeConfig)
        geometryStore = store
    }

    /// Switches the geometry store as `setGeometryStore(_:)` does, with the new store built off the
    /// main actor from a copy of the current one (copies share their storage until one is written),
    /// and the old store freed there too: a million rows cost the main actor a swap. When the heights
    /// change meanwhile (a row measured, an update), the switch is made again at once from the table's
    /// own store. Returns the nanoseconds the build took off the main actor (0 when it was made at once).
    /// - Complexity: O(runs) off the main actor, O(1) on it.
    @_spi(Internals) @discardableResult
    public func setGeometryStoreOffMainActor(_ store: GeometryStore) async -> UInt64 {
        guard store != geometryStore, let source = GeometryValue(geometry) else {
            setGeometryStore(store)
            return 0
        }
        let config = treeConfig
        let (built, nanoseconds) = await Task.detached {
            let start = DispatchTime.now().uptimeNanoseconds
            let built = source.converted(to: store, config)
            return (built, DispatchTime.now().uptimeNanoseconds - start)
        }.value
        // `source` shares the store's storage until here, so any write since has copied it.
        guard store != geometryStore, let current = GeometryValue(geometry), current.isUnchanged(since: source),
            !deferIfBusy("setGeometryStoreOffMainActor(_:)", { [self] in setGeometryStore(store) })
        else {
            setGeometryStore(store)
            return 0
        }
        geometry = built.geometry
        geometryStore = store
        Task.detached { withExtendedLifetime(current) {} }  // the last reference: freed off the main actor
        return nanoseconds
    }

    /// One of the two stores as a value that may cross to another thread.
    private enum GeometryValue: Sendable {
        case tree(SlotTree)
        case records(RowRecords)

        init?(_ geometry: any RowGeometry) {
            if let tree = geometry as? SlotTree {
                self = .tree(tree)
            } else if let records = geometry as? RowRecords {
                self = .records(records)
            } else {
                return nil
            }
        }

        var geometry: any RowGeometry {
            switch self {
            case .tree(let tree): tree
            case .records(let records): records
            }
        }

        /// The same heights in `store`, built from this value's runs.
        func converted(to store: GeometryStore, _ config: SlotTree.Config) -> GeometryValue {
            let runs: [HeightRun]
            switch self {
            case .tree(let tree): runs = Array(tree.runs)
            case .records(var records): runs = records.removeSubrange(0..<records.count)
            }
            switch store {
            case .tree: return .tree(SlotTree(runs, leafCapacity: config.leafCapacity, fanout: config.fanout))
            case .records: return .records(RowRecords(runs))
            }
        }

        /// True when this is `earlier` unwritten: a written copy no longer shares its storage.
        func isUnchanged(since earlier: GeometryValue) -> Bool {
            switch (self, earlier) {
            case (.tree(let now), .tree(let then)): return now.stamp == then.stamp && now.root === then.root
            case (.records(let now), .records(let then)):
                return now.count == then.count
                    && now.records.withUnsafeBufferPointer { $0.baseAddress } == then.records.withUnsafeBufferPointer { $0.baseAddress }
            default: return false
            }
        }
    }

    /// Builds the height tree, now and at every reload, with leaves of at most `leaf` runs and
    /// internal nodes of at most `fanout` children, keeping every height. The watch page uses small
    /// nodes so a few dozen rows show the tree's levels; the engine's are 80 and 64.
    /// - Complexity: O(runs).
    @_spi(Internals) public func setTreeNodeCapacities(leaf: Int, fanout: Int) {
        precondition(
            leaf >= 2 && leaf + 2 <= SlotTree.Node.wordCapacity && fanout >= 3, "setTreeNodeCapacities: unusable node sizes \(leaf), \(fanout)")
        treeConfig = SlotTree.Config(leafCapacity: leaf, fanout: fanout)
        let runs = geometry.removeSubrange(0..<geometry.count)
        geometry = TableView.makeGeometry(geometryStore, runs, treeConfig)
    }

    static func makeGeometry<S: Sequence>(_ store: GeometryStore, _ runs: S, _ config: SlotTree.Config = .standard) -> any RowGeometry
    where S.Element == HeightRun {
        switch store {
        case .tree: return SlotTree(runs, leafCapacity: config.leafCapacity, fanout: config.fanout)
        case .records: return RowRecords(runs)
        }
    }
}
