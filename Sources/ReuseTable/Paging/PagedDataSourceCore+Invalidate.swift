import Foundation

// A paged source's results on the main actor: a page that lands (checked against the count, then
// shown in place of its placeholders), a count that grows or ends, and invalidation — the count and
// the resident pages loaded again and the difference applied by identity as one batch, the view's
// live-data rules keeping the reader still (`Engine/LiveData.swift`). Docs/paged-data.md.

extension PagedDataSourceCore {
    // MARK: A page lands

    /// A load finished: dropped when cancelled, superseded, or far from the viewport; otherwise
    /// checked against the count and shown (or shown as failed rows, with a message).
    func landed(page: Int, range: Range<Int>, token: Int, generation: Int, result: Result<[Item], any Error>) {
        tasks[token] = nil
        guard inFlight[page]?.token == token else { return }  // cancelled: counted when cancelled
        inFlight[page] = nil
        defer { startWaiting() }
        guard generation == self.generation, !isInvalidating, distance(page, from: visiblePages) <= farDistance else {
            counters.resultsDropped += 1
            return
        }
        switch result {
        case .failure(let error):
            if error is CancellationError { return }
            fail(page, "\(owner): loading \(Self.describe(range)) failed: \(error). The rows show as failed; retryFailedPages() loads them again.")
        case .success(let items):
            if let problem = checkPage(items.count, range: range) { return fail(page, problem) }
            show(items, page: page, range: range)
        }
    }

    /// The message for a page of `count` items that does not fit the count, or nil when it fits.
    func checkPage(_ count: Int, range: Range<Int>) -> String? {
        if count > range.count {
            return "\(owner): the loader returned \(count) items for \(Self.describe(range)) (\(range.count) asked); "
                + "the rows show as failed, nothing else changed."
        }
        if countKind.isExact, count < range.count {
            return "\(owner): the loader returned \(count) items for \(Self.describe(range)), but the count is exactly \(rowCount): "
                + "the source shrank under the reader? Call invalidate() after the source changes; the rows show as failed, nothing else changed."
        }
        return nil
    }

    /// Marks `page` failed and shows its rows that are on screen as error rows.
    private func fail(_ page: Int, _ message: String) {
        report(message)
        failed[page] = lastError
        target?.reconfigureVisible(at: rowsOf(page))
    }

    /// Makes `items` resident and shows them in place of the placeholders; a short page under an
    /// estimated or unknown count ends the list there, a full last page grows it by a page.
    private func show(_ items: [Item], page: Int, range: Range<Int>) {
        resident[page] = items
        let end = range.lowerBound + items.count
        if !countKind.isExact, items.count < range.count {
            setCount(.exact(end))
        } else if !countKind.isExact, end >= rowCount {
            setCount(.unknown(atLeast: end + pageSize))
        }
        if items.isEmpty { resident[page] = nil }
        evictFarPages(keeping: page)
        target?.pageLanded(rows: rowsOf(page))
    }

    /// The index paths of `page`'s rows that exist now.
    func rowsOf(_ page: Int) -> [IndexPath] {
        let lower = page * pageSize
        return (lower..<max(lower, min(lower + pageSize, rowCount))).map { IndexPath(row: $0, section: 0) }
    }

    /// A new count: rows added or removed at the end, as one batch.
    func setCount(_ count: PagedRowCount) {
        countKind = count
        forgetPages(from: count.rows)
        applyBatch(newCount: count.rows, runs: [], call: "a page that changed the count")
    }

    /// Forgets what is kept or wanted for rows at `end` and past it (the list ends there now).
    func forgetPages(from end: Int) {
        let isPast = { (page: Int) in page * self.pageSize >= end }
        resident = resident.filter { !isPast($0.key) }
        failed = failed.filter { !isPast($0.key) }
        for (page, load) in inFlight where isPast(page) {
            load.task.cancel()
            inFlight[page] = nil
        }
        waiting.removeAll(where: isPast)
    }

    // MARK: Retry

    /// Forgets the failed pages (all, or those holding `rows`): their rows show placeholders again and load.
    func retry(rows: [Int]?) {
        let pages = rows.map { Set($0.map(page(of:))) } ?? Set(failed.keys)
        var shown: [IndexPath] = []
        for page in pages.sorted() where failed.removeValue(forKey: page) != nil { shown += rowsOf(page) }
        target?.reconfigureVisible(at: shown)
        for page in pages.sorted() where distance(page, from: visiblePages) == 0 { need(page, urgent: true) }
    }

    // MARK: Invalidation

    /// Counts again and loads the resident pages again, then applies the difference by identity as
    /// one batch. A failure (or bad input) is reported and changes nothing.
    func invalidate() async {
        generation += 1
        let generation = generation
        for load in inFlight.values { load.task.cancel() }
        counters.loadsCancelled += inFlight.count
        inFlight = [:]
        isInvalidating = true
        defer {
            if generation == self.generation {
                isInvalidating = false
                // The loads cancelled above include those of the rows on screen: asked for again.
                for page in visiblePages where page * pageSize < rowCount { need(page, urgent: false) }
                startWaiting()
            }
        }
        let count: PagedRowCount
        do { count = try await loader.count() } catch {
            return report("\(owner): invalidate(): counting the rows failed: \(error); nothing changed.")
        }
        guard generation == self.generation else { return }
        guard count.rows >= 0 else { return report("\(owner): invalidate(): the loader counted \(count.rows) rows; nothing changed.") }
        var reloaded: [Int: [Item]] = [:]
        for page in resident.keys.sorted() where page * pageSize < count.rows || !count.isExact {
            let lower = page * pageSize
            let range = count.isExact ? lower..<min(lower + pageSize, count.rows) : lower..<lower + pageSize
            let items: [Item]
            do { items = try await loader.load(range) } catch {
                return report("\(owner): invalidate(): loading \(Self.describe(range)) failed: \(error); nothing changed.")
            }
            guard generation == self.generation else { return }
            if items.count > range.count || (count.isExact && items.count < range.count) {
                return report(
                    "\(owner): invalidate(): the loader returned \(items.count) items for \(Self.describe(range)) "
                        + "(\(range.count) asked, count \(count.rows)); nothing changed.")
            }
            reloaded[page] = items
        }
        apply(count, reloaded: reloaded)
    }

    /// Applies a count and reloaded pages: the runs of consecutive resident pages are diffed by
    /// identity, the rest of the change in count is rows added or removed at the end.
    private func apply(_ count: PagedRowCount, reloaded: [Int: [Item]]) {
        var newCount = count.rows
        var kind = count
        // A short reloaded page under an inexact count is the end.
        if !count.isExact, let end = reloaded.filter({ $0.value.count < pageSize }).map({ $0.key * pageSize + $0.value.count }).min() {
            newCount = end
            kind = .exact(end)
        }
        var runs: [Run] = []
        for page in resident.keys.sorted() {
            let old = resident[page]!, new = (page * pageSize < newCount ? reloaded[page] ?? [] : []).prefix(max(0, newCount - page * pageSize))
            if let last = runs.last, last.end == page {
                runs[runs.count - 1].old += old
                runs[runs.count - 1].new += new
                runs[runs.count - 1].end = page + 1
            } else {
                runs.append(Run(start: page * pageSize, end: page + 1, old: old, new: Array(new)))
            }
        }
        // A page keeps only the rows the count has: a load answered before the count shrank may hold more.
        resident = [:]
        for (page, items) in reloaded where page * pageSize < newCount {
            let kept = items.prefix(newCount - page * pageSize)
            if !kept.isEmpty { resident[page] = Array(kept) }
        }
        let hadFailed = !failed.isEmpty
        failed = [:]
        countKind = kind
        applyBatch(newCount: newCount, runs: runs, call: "invalidate()")
        // Error rows on screen are placeholders again (their pages load when asked).
        if hadFailed, let rows = target?.rowsOnScreen {
            target?.reconfigureVisible(at: rows.filter { peek($0).state == .placeholder }.map { IndexPath(row: $0, section: 0) })
        }
    }

    /// `count` rows counted back from `end`, skipping the rows of `ranges` (ascending, apart).
    static func rows(_ count: Int, before end: Int, skipping ranges: [Range<Int>]) -> [Int] {
        var rows: [Int] = []
        var row = end - 1
        var next = ranges.count - 1
        while rows.count < count && row >= 0 {
            while next >= 0 && ranges[next].lowerBound > row { next -= 1 }
            if next >= 0 && ranges[next].contains(row) {
                row = ranges[next].lowerBound - 1
                continue
            }
            rows.append(row)
            row -= 1
        }
        return rows
    }

    /// Consecutive resident pages: the rows from `start`, as they were and as they are now.
    struct Run {
        var start: Int
        /// The page after the run.
        var end: Int
        var old: [Item]
        var new: [Item]
    }

    /// Sets the count and tells the view as one batch: each run's difference by identity (deletes in
    /// the old rows, inserts in the new), the rest of the change in count at the end; then the rows
    /// on screen whose item changed are configured again.
    func applyBatch(newCount: Int, runs: [Run], call: String) {
        let oldCount = rowCount
        var deleted: [IndexPath] = [], inserted: [IndexPath] = [], changed: [IndexPath] = []
        var net = 0
        var oldRanges: [Range<Int>] = [], newRanges: [Range<Int>] = []
        for run in runs {
            oldRanges.append(run.start..<run.start + run.old.count)
            newRanges.append(run.start + net..<run.start + net + run.new.count)
            // Deletes count in the old rows; inserts and changes in the new, where the runs before this
            // one have already grown or shrunk the list by `net`.
            let difference = run.new.map(\.id).difference(from: run.old.map(\.id))
            for change in difference {
                switch change {
                case .remove(let offset, _, _): deleted.append(IndexPath(row: run.start + offset, section: 0))
                case .insert(let offset, _, _): inserted.append(IndexPath(row: run.start + net + offset, section: 0))
                }
            }
            let oldByID = Dictionary(run.old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for (offset, item) in run.new.enumerated() where oldByID[item.id].map({ $0 != item }) == true {
                changed.append(IndexPath(row: run.start + net + offset, section: 0))
            }
            net += run.new.count - run.old.count
        }
        // The rest of the change in count: rows at the end, or just before a run that reaches it (its
        // rows are accounted for above, and a row is deleted or inserted once).
        let tail = newCount - (oldCount + net)
        if tail > 0 {
            inserted += Self.rows(tail, before: newCount, skipping: newRanges).map { IndexPath(row: $0, section: 0) }
        }
        if tail < 0 {
            deleted += Self.rows(-tail, before: oldCount, skipping: oldRanges).map { IndexPath(row: $0, section: 0) }
        }
        rowCount = newCount
        guard let target, target.hasLoadedData, !(deleted.isEmpty && inserted.isEmpty && changed.isEmpty) else { return }
        if !deleted.isEmpty || !inserted.isEmpty {
            target.performBatchUpdates(
                {
                    target.record(call) { batch in
                        batch.deletedRows += deleted
                        batch.insertedRows += inserted
                    }
                }, completion: nil)
        }
        if !changed.isEmpty { target.reconfigureVisible(at: changed) }
    }
}
