import Foundation

// A reload's steps (`reloadData()` in TableView.swift asks for one): the counts read once, the
// screen cleared, the geometry rebuilt from the counts (the article's generateHeightAndOffsetData),
// then a layout pass. The data source's count methods are here; `fetchCounts()` is the engine's.

extension TableView {
    /// The reload itself, inside a transaction (see `requestReload(keepingHeightCache:)`).
    func reload(keepingHeightCache: Bool) {
        engine.hasLoadedData = true  // before the data source is asked: its callbacks may query the table
        forgetRowState()  // the rows are new: no selection (as UIKit), no row showing swipe actions
        if keepingHeightCache { recordBeforeReload() } else { indexPathHeightCache.invalidateAllFreeingInBackground() }
        reloadGeneration &+= 1
        estimateStatistics = EstimateStatistics()
        // The counts first, then the callbacks: a change a delegate makes from
        // `didEndDisplaying` (with its own update call) comes after this reload.
        let counts = validatedCounts()
        engine.focus.followReload(counts: counts)  // focus keeps its index path, or the nearest row (`FocusState`)
        // A row lifted while this reload waited cannot be found in the new data (`InteractiveMovement+WaitingCalls.swift`).
        if let lifted = loseMovementToReload(by: keepingHeightCache ? "reloadDataWithoutInvalidatingHeightCache()" : "reloadData()") {
            recycle([lifted])
        }
        recycleAllVisibleViews()
        rebuildGeometry(counts: counts)
        clampOffsetToContent()
        runLayoutPass()
    }

    /// Asks the data source for counts and builds the geometry.
    ///
    /// The new *structure* is installed first, with placeholder heights, so a
    /// delegate asking `numberOfRows(inSection:)` or `rectForRow(at:)` from
    /// `heightForRowAt` gets answers about the new data. Then the heights are
    /// obtained in one streaming pass into a new store.
    func rebuildGeometry(counts: [Int]) {
        appliedRowMargin = rowMargin
        measuredWidth = bounds.width
        engine.pass.requests.remove(.measureEverything)
        // A measured million rows is thousands of nodes to free: off the main thread (a small table's inline).
        let previous = geometry.count >= ReleasedInBackground<Void>.minimumCount ? ReleasedInBackground(geometry) : nil
        geometry = TableView.makeGeometry(geometryStore, placeholderRuns(counts: counts), treeConfig)
        previous?.release()
        usesSelfSizing = rowHeight == TableView.automaticDimension  // before the probe, which may measure content
        // A callback already queued a structural call (from `didEndDisplaying`): ask nothing, it runs next.
        let plan = transaction.hasDeferredWork ? HeightPlan() : HeightPlan(table: self, rowCounts: counts)
        heightPlan = plan
        geometry = TableView.makeGeometry(geometryStore, heightRuns(counts: counts, plan: plan), treeConfig)
        heightPlan.firstRow = nil  // the probe's answer belongs to this reload only
        updateContentSize()
        recorder?.geometryBuilt(in: self)
    }

    static var countCallbacks: (sections: StaticString, rows: StaticString) {
        ("numberOfSections(in:)", "tableView(_:numberOfRowsInSection:)")
    }

    func dataSourceSectionCount() -> Int? { dataSource.map { $0.numberOfSections(in: self) } }

    func dataSourceCount(inSection section: Int) -> Int { dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0 }

    /// Returns every visible cell to the pool and removes header and footer views.
    func recycleAllVisibleViews() {
        recycle(changeCellsOnScreen { $0.removeAll() })
        for entry in visibleSupplementaryViews.removeAll() { recycleSupplementary(entry.view) }
        returnCellsFromMeasuring()
        cancelAllPrefetching()
    }
}
