import Foundation

// The section index: the bar of titles at the table's side. The data source names the titles
// (`sectionIndexTitles(for:)`) and the section each stands for; a tap on a title scrolls that
// section's header to the top of the viewport, below the top inset, where a plain table pins it.
// The titles are asked once per reload, as UIKit asks them, not at every frame that draws the index.

extension TableView {
    /// The data source's section index titles (nil: no index), as UIKit keeps them: asked when
    /// first read after `reloadData()`, a new data source, an update that changes the number of
    /// sections, or `reloadSectionIndexTitles()`, and kept until then.
    /// - Complexity: O(1) while kept; O(titles) when asked.
    public var sectionIndexTitles: [String]? {
        guard let dataSource else { return nil }
        let sections = geometry.sectionCount
        if let cache = sectionIndexCache, cache.sections == sections { return cache.titles }
        let titles = calling("sectionIndexTitles(for:)") { dataSource.sectionIndexTitles(for: self) }
        sectionIndexCache = (titles, sections)
        return titles
    }

    /// Asks the data source for the section index titles again at the next read of
    /// `sectionIndexTitles` (UIKit's name): for titles that changed while the sections did not.
    public func reloadSectionIndexTitles() { sectionIndexCache = nil }

    /// A headless tap on the section index's title at `index`: asks the data source
    /// `sectionForSectionIndexTitle(_:at:)` and scrolls that section's header to the top, below
    /// the top inset (clamped to the content), measuring estimated rows it brings on screen first,
    /// as `scrollToRow(at:at:animated:)` does. A row showing swipe actions closes.
    ///
    /// Called from a data source or delegate method, it runs when that step is done. An index the
    /// titles do not have, or a section the table does not have, stops with a message naming both.
    /// - Complexity: O((log n) · rows measured), plus the titles.
    public func selectSectionIndexTitle(at index: Int) {
        if deferIfBusy("selectSectionIndexTitle(at:)", { [self] in selectSectionIndexTitle(at: index) }) { return }
        loadIfNeeded()
        performTransaction {
            let section: Int
            do throws(ReuseTableError) { section = try sectionForIndexTitle(at: index) } catch { ReuseTableError.trap(error) }
            closeSwipedRow()
            scrollHeaderToTop(section)
        }
    }

    /// The section the title at `index` stands for, checked against the titles and the sections.
    func sectionForIndexTitle(at index: Int) throws(ReuseTableError) -> Int {
        let titles = sectionIndexTitles ?? []
        guard index >= 0, index < titles.count else {
            throw ReuseTableError(
                "selectSectionIndexTitle(at: \(index)): the section index has \(titles.count) title\(titles.count == 1 ? "" : "s")"
                    + (titles.isEmpty ? " (sectionIndexTitles(for:) returned none)." : " (indexes 0..<\(titles.count))."))
        }
        let section = calling("tableView(_:sectionForSectionIndexTitle:at:)") {
            dataSource!.tableView(self, sectionForSectionIndexTitle: titles[index], at: index)
        }
        let sections = geometry.sectionCount
        guard section >= 0, section < sections else {
            throw ReuseTableError(
                "tableView(_:sectionForSectionIndexTitle:at:) returned section \(section) for title \"\(titles[index])\" at \(index): "
                    + "the table has \(sections) section\(sections == 1 ? "" : "s").")
        }
        return section
    }

    /// Puts the section's header at the top of the area between the insets, measuring the estimated
    /// slots the target screen shows first (nearest the header first) so it lands exactly.
    func scrollHeaderToTop(_ section: Int) {
        if engine.pass.requests.contains(.measureEverything) { finishFullMeasurement() }
        let header = geometry.headerIndex(ofSection: section)
        func target() -> CGFloat {
            updateContentSize()
            let rect = rectForHeader(inSection: section)
            return offsetY(placing: rect.minY, rect.maxY, at: .top)
        }
        _ = measureSlot(at: header)
        var y = target()
        while let index = unmeasuredSlot(nearest: header, in: (Double(y) - geometryOrigin)..<(Double(y) - geometryOrigin + Double(bounds.height))),
            measureSlot(at: index)
        {
            y = target()
        }
        moveOffset(toY: y, because: .scrollTo)
        runLayoutPass()
    }
}
