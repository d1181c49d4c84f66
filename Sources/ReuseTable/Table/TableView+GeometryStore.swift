import Foundation

// The teaching switch between the two row-geometry stores (Docs/row-geometry.md).

extension TableView {
    /// The two row-geometry implementations (see Docs/row-geometry.md).
    public enum GeometryStore: String, Sendable, CaseIterable {
        /// `HeightTree`: a B+tree of height runs, O(log n) everything.
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

    /// Builds the height tree, now and at every reload, with leaves of at most `leaf` runs and
    /// internal nodes of at most `fanout` children, keeping every height. The watch page uses small
    /// nodes so a few dozen rows show the tree's levels; the engine's are 80 and 64.
    /// - Complexity: O(runs).
    @_spi(Internals) public func setTreeNodeCapacities(leaf: Int, fanout: Int) {
        precondition(
            leaf >= 2 && leaf + 2 <= HeightTree.Node.wordCapacity && fanout >= 3, "setTreeNodeCapacities: unusable node sizes \(leaf), \(fanout)")
        treeConfig = HeightTree.Config(leafCapacity: leaf, fanout: fanout)
        let runs = geometry.removeSubrange(0..<geometry.count)
        geometry = TableView.makeGeometry(geometryStore, runs, treeConfig)
    }

    static func makeGeometry<S: Sequence>(_ store: GeometryStore, _ runs: S, _ config: HeightTree.Config = .standard) -> any RowGeometry
    where S.Element == HeightRun {
        switch store {
        case .tree: return HeightTree(runs, leafCapacity: config.leafCapacity, fanout: config.fanout)
        case .records: return RowRecords(runs)
        }
    }
}
