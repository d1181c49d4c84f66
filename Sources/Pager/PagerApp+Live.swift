import Foundation
@_spi(Internals) import ReuseTable

/// Live data in the pager: following a growing file or pipe (`F`), and showing only the lines that
/// match (`&pattern`). Both only ever add entries at the end of the table, below what is on screen.
extension PagerApp {
    // MARK: F: following

    /// `F`: follow the end (new lines appear at the bottom and stay in view), or stop following.
    func toggleFollow() -> Outcome {
        if following {
            stopFollowing()
            return .changed
        }
        following = true
        pendingFilterAnchor = nil
        let source = document.source
        if !source.isPipe { filter?.setGrowing(true) }
        pump()
        stickToEnd()
        let what = source.isPipe ? "standard input" : source.name
        message = "Following \(PagerApp.short(what)): new lines at the bottom (↑ or F stops)."
        return .changed
    }

    /// Stops following (a scroll up, a jump, a search, or `F`).
    func stopFollowing(_ note: String = "Stopped following (F follows again).") {
        following = false
        if !document.source.isPipe { filter?.setGrowing(false) }
        message = note
    }

    /// Scrolls so the last row ends at the bottom of the screen (the placeholder's while a pipe is
    /// open); `scrollToRow` measures the rows it brings on screen first, so the end is exact.
    func stickToEnd() {
        let last: IndexPath
        if hasPlaceholder {
            last = IndexPath(row: 0, section: sections.count)
        } else if publishedEntries > 0 {
            last = indexPath(ofEntry: publishedEntries - 1)
        } else {
            return
        }
        table.scrollToRow(at: last, at: .bottom, animated: false)
    }

    /// True when the last row's bottom is on screen.
    var isShowingEnd: Bool { table.contentOffset.y >= table.maximumContentOffsetY - 0.5 }

    /// While following a file: maps what it gained, or reopens it when it was truncated or replaced.
    func checkFile() -> Bool {
        let source = document.source
        switch source.refresh() {
        case .unchanged:
            return false
        case .grew:
            document.index.resume()
            filter?.resume()
            return true
        case .truncated(let size):
            reopen("\(PagerApp.short(source.name)) was truncated to \(PagerApp.bytes(size)): reopened.")
            return true
        case .replaced:
            reopen("\(PagerApp.short(source.name)) was replaced by a new file: reopened.")
            return true
        }
    }

    /// Opens the path again and rebuilds the table from nothing, keeping the modes (following,
    /// the filter, line numbers, wrap); `reason` goes on the message line.
    func reopen(_ reason: String) {
        guard let path = document.source.path else {
            message = reason
            return
        }
        let source: ByteSource
        do {
            source = try ByteSource.open(path)
        } catch {
            stopFollowing("\(reason) Cannot reopen: \(error.message)")
            return
        }
        stopBackgroundWork()
        search = nil
        pendingJump = nil
        matchLine = nil
        matchBytes = nil
        let query = filter?.query
        filter = nil
        filterLines = []
        filterCaughtUp = false
        pendingFilterAnchor = nil
        document = PagerDocument(source: source, chunkBytes: document.index.chunkBytes)
        sections = []
        hasPlaceholder = false
        chunksSeen = 0
        publishedLines = 0
        publishedBytes = 0
        publishedComplete = false
        indexCaughtUp = false
        if let query { filter = PagerFilter(query: query, in: source, growing: following) }
        load()
        if runsInBackground { startBackgroundWork() }
        message = reason
        if following { stickToEnd() }
    }

    // MARK: &pattern: filtering

    /// Shows only the lines holding `query`'s bytes, found in the background; the first matching line at or
    /// below the current top line goes on top once the filter has got that far.
    func applyFilter(_ query: String) -> Outcome {
        guard !query.contains("\n") else { return .unchanged }
        let top = topLine
        filter?.cancel()
        let filter = PagerFilter(query: query, in: document.source, growing: following && !document.source.isPipe)
        self.filter = filter
        filterLines = []
        filterCaughtUp = false
        sections = []
        hasPlaceholder = false
        table.reloadData()
        pendingFilterAnchor = following ? nil : top
        if runsInBackground { filter.start() }
        pump()
        message = "Only lines with “\(PagerApp.short(query))” (Esc: all lines)."
        return .changed
    }

    /// Esc: every line again, with the line that was on top still on top.
    func clearFilter() -> Outcome {
        guard let filter else { return .unchanged }
        let top = topLine
        filter.cancel()
        self.filter = nil
        filterLines = []
        pendingFilterAnchor = nil
        sections = publishedLines > 0 ? [0..<publishedLines] : []
        hasPlaceholder = wantsPlaceholder
        table.reloadData()
        if following {
            stickToEnd()
        } else if let top {
            scroll(toLine: top)
        }
        message = "All lines."
        return .changed
    }

    /// Once the filter has decided the line that was on top when it began, puts the first shown line at or
    /// below it on top (or the last one when none is below); true when it scrolled.
    func placeFilterAnchor() -> Bool {
        guard let anchor = pendingFilterAnchor, let filter else { return false }
        let done = filter.isComplete && filterLines.count == filter.matchCount
        guard done || filter.scannedLines > anchor else { return false }
        let entry = entry(ofLine: anchor)
        if entry < publishedEntries {
            table.scrollToRow(at: indexPath(ofEntry: entry), at: .top, animated: false)
        } else if done, publishedEntries > 0 {
            table.scrollToRow(at: indexPath(ofEntry: publishedEntries - 1), at: .bottom, animated: false)
        } else {
            return false  // the match is found but the index has not reached it yet
        }
        pendingFilterAnchor = nil
        return true
    }
}
