import Foundation

// The plumbing of a reload (`reload(keepingHeightCache:)` and `rebuildGeometry(counts:)` in
// TableView.swift): the data source's count methods (`fetchCounts()` is the engine's), and
// clearing the screen before the new geometry.

extension TableView {
    static var countCallbacks: (sections: StaticString, rows: StaticString) {
        ("numberOfSections(in:)", "tableView(_:numberOfRowsInSection:)")
    }

    func dataSourceSectionCount() -> Int? { dataSource.map { $0.numberOfSections(in: self) } }

    func dataSourceCount(inSection section: Int) -> Int { dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0 }

    /// Returns every visible cell to the pool and removes header and footer views.
    func recycleAllVisibleViews() {
        recycle(changeCellsOnScreen { $0.removeAll() })
        for view in visibleSupplementaryViews.values { recycleSupplementary(view) }
        visibleSupplementaryViews = [:]
        returnCellsFromMeasuring()
        cancelAllPrefetching()
    }
}
