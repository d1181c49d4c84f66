import Foundation

// What both views do the same way around `reloadData()`: loading on first use, and the data
// source's counts read (each call under its own name) and validated.

extension ReuseEngineView {
    /// `reloadData()` (`keepingHeightCache` false) and `reloadDataWithoutInvalidatingHeightCache()`
    /// of both views: called from a data source or delegate method, the reload is queued and runs
    /// when the running step is done (calling the public method again, so an override runs);
    /// otherwise it runs now, in a transaction of its own.
    func requestReload(keepingHeightCache: Bool) {
        let name = keepingHeightCache ? "reloadDataWithoutInvalidatingHeightCache()" : "reloadData()"
        let again = { [self] in keepingHeightCache ? reloadDataWithoutInvalidatingHeightCache() : reloadData() }
        if deferIfBusy(name, again) { return }
        performTransaction { reload(keepingHeightCache: keepingHeightCache) }
    }

    /// Loads data on first use, as UIKit does on its first layout.
    func loadIfNeeded() {
        if !engine.hasLoadedData { reloadData() }
    }

    /// The data source's section and row counts, each call made under its own name (a callback
    /// message names `numberOfSections(in:)` while it runs, the row or item count method while that
    /// runs); throws a message naming the method for a negative count. No data source: no sections.
    /// - Complexity: O(sections).
    func fetchCounts() throws(ReuseTableError) -> [Int] {
        let (sectionsMethod, rowsMethod) = Self.countCallbacks
        guard let sections = calling(sectionsMethod, { dataSourceSectionCount() }) else { return [] }
        return try Self.vocabulary.readCounts(
            sections: { sections }, sectionsMethod: "\(sectionsMethod)",
            rows: { section in calling(rowsMethod) { dataSourceCount(inSection: section) } }, rowsMethod: "\(rowsMethod)")
    }

    /// The data source's section and row counts, validated (a negative count names the method); traps with the message otherwise.
    /// - Complexity: O(sections).
    func validatedCounts() -> [Int] {
        do {
            return try fetchCounts()
        } catch {
            ReuseTableError.trap(error)
        }
    }
}

extension ReuseEngineView {
    /// Throws a message naming the section and the count when `section` does not exist. The
    /// counts are loaded first (one rule for both views: a query before the first layout loads).
    func validateSection(_ section: Int) throws(ReuseTableError) {
        loadIfNeeded()
        let sections = sectionCountAsLoaded
        guard section >= 0, section < sections else { throw ReuseTableError(Self.missingSectionMessage(section, sections: sections)) }
    }

    /// Throws a message naming the index path and the counts when it names no row or item,
    /// after loading the counts, as `validateSection(_:)`.
    func validateIndexPath(_ indexPath: IndexPath) throws(ReuseTableError) {
        loadIfNeeded()
        let sections = sectionCountAsLoaded
        guard indexPath.count == 2 else { throw ReuseTableError(Self.missingIndexPathMessage(indexPath, .malformed(sections: sections))) }
        guard indexPath.section >= 0, indexPath.section < sections else {
            throw ReuseTableError(Self.missingIndexPathMessage(indexPath, .section(sections: sections)))
        }
        let rows = countAsLoaded(inSection: indexPath.section)
        guard indexPath.row >= 0, indexPath.row < rows else { throw ReuseTableError(Self.missingIndexPathMessage(indexPath, .row(rows: rows))) }
    }
}
