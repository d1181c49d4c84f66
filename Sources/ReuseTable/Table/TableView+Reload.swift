import Foundation

// The plumbing of step 1 (`reload(keepingHeightCache:)` and `rebuildGeometry(counts:)` in
// TableView.swift): reading the counts, and clearing the screen before the new geometry.

extension TableView {
    /// Reads the counts, throwing a precise message for negative values.
    func fetchCounts() throws(ReuseTableError) -> [Int] {
        guard let dataSource else { return [] }
        return try UpdateVocabulary.table.readCounts(
            sections: { calling("numberOfSections(in:)") { dataSource.numberOfSections(in: self) } },
            sectionsMethod: "numberOfSections(in:)",
            rows: { section in calling("tableView(_:numberOfRowsInSection:)") { dataSource.tableView(self, numberOfRowsInSection: section) } },
            rowsMethod: "tableView(_:numberOfRowsInSection:)")
    }

    /// Returns every visible cell to the pool and removes header and footer views.
    func recycleAllVisibleViews() {
        recycle(engine.cellsOnScreen.removeAll())
        for view in visibleSupplementaryViews.values { recycleSupplementary(view) }
        visibleSupplementaryViews.removeAll()
        returnCellsFromMeasuring()
        cancelAllPrefetching()
    }
}
