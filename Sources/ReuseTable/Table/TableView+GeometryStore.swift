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
        geometry = TableView.makeGeometry(store, runs)
        geometryStore = store
    }

    static func makeGeometry<S: Sequence>(_ store: GeometryStore, _ runs: S) -> any RowGeometry
    where S.Element == HeightRun {
        switch store {
        case .tree: return HeightTree(runs)
        case .records: return RowRecords(runs)
        }
    }
}
