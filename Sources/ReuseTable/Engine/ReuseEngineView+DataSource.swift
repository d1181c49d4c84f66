import Foundation

// What both views ask their data sources the same way: a cell for an arriving element,
// the counts as loaded, and the elements about to appear for the prefetch data source.
// Each view names its own methods (`dataSourceCell(at:)` in `TableView.swift` and
// `CollectionView+Engine.swift`, and the two `+Prefetching.swift` files).

extension ReuseEngineView {
    /// Asks the data source for the element's cell (through `ask(_:_:)`: nil once a
    /// structural call is queued) and counts cells the view has not seen before.
    func cellFromDataSource(at indexPath: IndexPath) -> Cell? {
        noteCellRequestStarting()
        guard let cell = ask(Self.cellCallback, { dataSourceCell(at: indexPath) }) else { return nil }
        engine.counters.dataSourceCellCalls += 1
        noteHandedOver(cell)
        refresh(cell)
        prepareConfiguration(of: cell, at: indexPath)  // the view's state, and the cell's update, before it is shown or measured
        return cell
    }

    /// The number of sections as of the last reload or update, loading first.
    /// - Complexity: O(1).
    func loadedSectionCount() -> Int {
        loadIfNeeded()
        return sectionCountAsLoaded
    }

    /// The number of rows or items in `section` as of the last reload or update, loading
    /// first; a section that does not exist stops with a message naming `call`, it and the count.
    func loadedCount(inSection section: Int, call: String) -> Int {
        loadIfNeeded()
        do { try validateSection(section) } catch { ReuseTableError.trap(error, in: call) }
        return countAsLoaded(inSection: section)
    }

    /// Announces the elements ahead of the viewport, in the direction of scrolling, and
    /// cancels those no longer ahead (`PrefetchWindow`). Runs after each pass not cut short.
    func updatePrefetching() {
        guard hasPrefetchDataSource else { return }
        let scrollingUp = contentOffset.y < engine.pass.lastOffsetY
        let ahead = indexPathsAhead(upward: scrollingUp, count: Self.defaultPrefetchDistance)
        var prefetched = engine.prefetchedIndexPaths  // a local for the step: the window's closure reads the view
        engine.prefetchedIndexPaths = []
        let (cancelled, announced) = PrefetchWindow.advance(&prefetched, to: ahead) { engine.cellsOnScreen[$0] != nil }
        engine.prefetchedIndexPaths = prefetched
        if !cancelled.isEmpty { tellPrefetchDataSource(cancelled, cancelling: true) }
        if !announced.isEmpty { tellPrefetchDataSource(announced, cancelling: false) }
    }

    /// Cancels every outstanding announcement (reloads and batch updates).
    func cancelAllPrefetching() {
        guard !engine.prefetchedIndexPaths.isEmpty else { return }
        var prefetched = engine.prefetchedIndexPaths
        engine.prefetchedIndexPaths = []
        let cancelled = PrefetchWindow.cancelAll(&prefetched)
        engine.prefetchedIndexPaths = prefetched
        tellPrefetchDataSource(cancelled, cancelling: true)
    }
}
