import Foundation
@_spi(Internals) import ReuseTable
import ReuseTableTerminal
import Figures

/// The pager without the terminal: a real `TableView` whose rows are the lines of a file.
///
/// Entry *k* is line *k*, or with `&pattern` (`PagerApp+Live.swift`) the *k*-th matching line; the
/// table only sees sections of entries arriving. The entries found since the last `pump()` become one
/// section (`insertSections`, O(log n) for its estimated rows); a trickle goes into the last section
/// with `insertRows`. Until the producer is done a placeholder row estimates the bytes not indexed
/// yet, so `contentSize` is about right from the first frame. Rows are measured only when the table
/// asks; a width change reloads and keeps the top line on top. Docs/pager.md has the whole design.
@MainActor
public final class PagerApp: TableViewDataSource, TableViewDelegate {
    /// What a key did: the product's `KeyResponse` (redraw, nothing, quit).
    public typealias Outcome = KeyResponse
    enum Prompt: Equatable { case line, percent, search, filter }

    /// Lines under the table: status, then message or prompt.
    static let statusLines = 2

    var document: PagerDocument
    let table: TableView
    var width: Int
    var height: Int
    var wraps = true
    /// The entries of each section of the table (before the placeholder).
    var sections: [Range<Int>] = []
    /// Entries in `sections`.
    var publishedEntries: Int { sections.last?.upperBound ?? 0 }
    /// True while the table's last section is the placeholder.
    var hasPlaceholder = false
    /// Index chunks taken in so far.
    var chunksSeen = 0
    /// Lines the index has reached and the app has taken in.
    var publishedLines = 0
    /// Bytes covered by `publishedLines`.
    var publishedBytes = 0
    /// True when the index covers every byte there is (for now, when following a file).
    var publishedComplete = false
    /// True once the index of a regular file has reached its end: growth after that (`F`) shows no placeholder.
    var indexCaughtUp = false
    var message = PagerApp.keyHints[0]
    var prompt: Prompt?
    var promptText = ""
    var search: PagerSearch?
    var lastQuery: String?
    /// The line a jump waits for the index to reach (a percentage or a search hit beyond it).
    var pendingJump: (byte: Int, reason: String, isMatch: Bool)?
    /// The line of the last search hit.
    var matchLine: Int?
    /// The bytes of the last search hit, highlighted.
    var matchBytes: Range<Int>?
    var showsTimings = true
    /// True once `startBackgroundWork()` ran: a reopened file is indexed in the background too.
    var runsInBackground = false

    // Live data (PagerApp+Live.swift).
    /// `F`: new lines appear at the bottom and the view stays there.
    var following = false
    /// `&pattern`: the filter the rows come from, nil for every line.
    var filter: PagerFilter?
    /// The matching lines published as entries.
    var filterLines: [Int] = []
    /// True once a filter over a regular file has scanned all it had (no placeholder after that).
    var filterCaughtUp = false
    /// The line to put on top once the filter has decided it (the top line when the filter began).
    var pendingFilterAnchor: Int?
    /// `#`: a gutter of line numbers, `lineNumberDigits` wide.
    var showsLineNumbers = false
    var lineNumberDigits = 4
    /// Which page of key hints `?` shows.
    var hintPage = 0
    /// While the left button holds the scroll indicator: how far below the thumb's top it holds it.
    var indicatorGrab: Int?

    /// The pager over `document` on a `width` × `height` terminal, showing its first screen.
    public init(document: PagerDocument, width: Int, height: Int) {
        self.document = document
        self.width = max(width, 10)
        self.height = max(height, PagerApp.statusLines + 1)
        table = TableView(frame: .zero, style: .plain)
        table.register(PagerCell.self, forCellReuseIdentifier: PagerCell.identifier)
        table.separatorStyle = .none
        table.dataSource = self
        table.delegate = self
        table.frame = tableFrame
        load()
    }

    /// Builds the table over `document` from nothing (at start and after a reopen).
    func load() {
        // The first screen must not wait for the background scan: index a first small chunk here.
        document.index.indexNext(maximumBytes: min(256 << 10, document.index.chunkBytes))
        table.estimatedRowHeight = 1
        table.reloadData()
        pump()
        // The estimate needs the first lines; reloading again is O(sections), one or two here.
        table.estimatedRowHeight = estimatedHeight()
        table.reloadData()
    }

    /// Starts the background index (and a filter's scan); `Demo view` calls this, tests may drive the index themselves.
    func startBackgroundWork() {
        runsInBackground = true
        document.index.startBackground()
        filter?.start()
    }

    /// Stops every background thread.
    func stopBackgroundWork() {
        document.index.stop()
        filter?.cancel()
        search?.cancel()
    }

    var tableHeight: Int { height - PagerApp.statusLines }
    var tableFrame: CGRect { CGRect(x: 0, y: 0, width: width, height: tableHeight) }
    /// Columns of the line numbers' gutter (0 without `#`): the digits, an estimate mark, a space.
    var gutterWidth: Int { showsLineNumbers ? min(lineNumberDigits + 2, width / 2) : 0 }
    /// Columns text wraps at.
    var columns: Int { max(1, width - gutterWidth) }

    // MARK: Entries, lines and index paths

    /// The line entry `entry` shows.
    func line(atEntry entry: Int) -> Int { filter == nil ? entry : filterLines[entry] }

    /// The first published entry showing line `line` or a later one (`publishedEntries` when none).
    /// - Complexity: O(log entries).
    func entry(ofLine line: Int) -> Int {
        guard filter != nil else { return min(line, publishedEntries) }
        var low = 0, high = publishedEntries
        while low < high {
            let mid = (low + high) / 2
            if filterLines[mid] < line { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The index path of entry `entry` (a published one).
    /// - Complexity: O(log sections).
    func indexPath(ofEntry entry: Int) -> IndexPath {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].lowerBound <= entry { low = mid } else { high = mid - 1 }
        }
        return IndexPath(row: entry - sections[low].lowerBound, section: low)
    }

    /// The index path of line `line` (a published line), or of the first shown line after it under a filter.
    func indexPath(ofLine line: Int) -> IndexPath { indexPath(ofEntry: min(entry(ofLine: line), publishedEntries - 1)) }

    /// The line at `indexPath`, nil for the placeholder.
    func line(at indexPath: IndexPath) -> Int? {
        indexPath.section < sections.count ? line(atEntry: sections[indexPath.section].lowerBound + indexPath.row) : nil
    }

    /// The line whose rows cover the top of the screen.
    var topLine: Int? {
        guard let indexPath = table.indexPathForRow(at: CGPoint(x: 0, y: table.contentOffset.y + 0.5)) else {
            return nil
        }
        return line(at: indexPath) ?? (publishedEntries > 0 ? line(atEntry: publishedEntries - 1) : nil)
    }

    /// The first and last line with a row on screen.
    var visibleLines: ClosedRange<Int>? {
        let lines = (table.indexPathsForVisibleRows ?? []).compactMap { line(at: $0) }
        guard let first = lines.min(), let last = lines.max() else { return nil }
        return first...last
    }

    /// Mean wrapped height of the first lines: the estimate for every line not measured yet.
    func estimatedHeight() -> CGFloat {
        guard wraps else { return 1 }
        let sample = min(publishedLines, 1_000)
        guard sample > 0 else { return 1 }
        let total = (0..<sample).reduce(0) { $0 + document.rowCount(ofLine: $1, columns: columns) }
        return max(1, (CGFloat(total) / CGFloat(sample)).rounded())
    }

    /// The lines the whole input is expected to have: exact once indexed, estimated from bytes per line before.
    var estimatedTotalLines: Int {
        let source = document.source
        guard !publishedComplete, !source.isPipe, publishedLines > 0 else { return publishedLines }
        let bytesPerLine = Double(publishedBytes) / Double(publishedLines)
        return publishedLines + Int((Double(source.available - publishedBytes) / bytesPerLine).rounded())
    }

    /// The placeholder's height: the bytes not indexed yet, in estimated rows (one row for a pipe or a filter).
    var placeholderHeight: CGFloat {
        guard filter == nil, !document.source.isPipe, publishedLines > 0 else { return 1 }
        return max(1, CGFloat(estimatedTotalLines - publishedLines) * table.estimatedRowHeight)
    }

    /// What the placeholder row says.
    var placeholderText: String {
        let source = document.source
        if let filter {
            let total = max(1, source.available)
            let percent = source.isPipe ? "" : "\(min(99, filter.scannedBytes * 100 / total))%, "
            return "… filtering: \(percent)\(filter.matchCount.grouped) matching lines so far"
        }
        if source.isPipe {
            return "… reading standard input (\(publishedLines.grouped) lines, \(PagerApp.bytes(source.available)) so far)"
        }
        let percent = source.available > 0 ? publishedBytes * 100 / source.available : 100
        return
            "… indexing: \(percent)% of \(PagerApp.bytes(source.available)) (about \((estimatedTotalLines - publishedLines).grouped) more lines)"
    }

    // MARK: Following the index and the filter

    /// Entries a pump may append to the last section with `insertRows` (a trickle from a pipe)
    /// instead of adding a section; keeps a slow pipe from making one section per read.
    static let appendLimit = 4_096
    /// Entries beyond which the last section is not grown any more.
    static let sectionLimit = 1 << 16

    /// Publishes what the background index, the filter and the search found since the last call, and, while
    /// following a file, what it gained; true when the screen may have changed.
    ///
    /// Entries arrive at the end, below everything measured: a new section (one estimated run,
    /// O(log n)) or, for a few, rows appended to the last section. Nothing above moves.
    @discardableResult
    public func pump() -> Bool {
        var changed = following && !document.source.isPipe ? checkFile() : false
        let (indexChanged, continued) = takeIndexProgress()
        if publishEntries(reloadingLine: continued) || indexChanged { changed = true }
        if showsLineNumbers, String(estimatedTotalLines).count > lineNumberDigits {
            lineNumberDigits = String(estimatedTotalLines).count
            rewrap()
            changed = true
        }
        if let pending = pendingJump, pending.byte < publishedBytes || publishedComplete {
            pendingJump = nil
            let target =
                publishedLines == 0
                ? 0 : min(document.index.line(containingByte: min(pending.byte, max(0, publishedBytes - 1))), publishedLines - 1)
            scroll(toLine: target, showingByte: pending.byte)
            matchLine = pending.isMatch ? target : nil
            matchBytes = pending.isMatch ? pending.byte..<(pending.byte + (lastQuery?.utf8.count ?? 0)) : nil
            message = pending.reason.replacingOccurrences(of: "{line}", with: (target + 1).grouped)
            if filter != nil, publishedEntries > 0, line(atEntry: entry(ofLine: target)) != target {
                message = "Line \((target + 1).grouped) is filtered out: showing the next shown line."
            }
            changed = true
        }
        if let search {
            switch search.state {
            case .running(let searched):
                let total = max(1, document.source.available - search.startOffset)
                message = "Searching for “\(PagerApp.short(lastQuery ?? ""))”… \(min(99, searched * 100 / total))%"
                changed = true
            case .found(let offset):
                self.search = nil
                pendingJump = (offset, "“\(PagerApp.short(lastQuery ?? ""))” found on line {line} (n: next)", true)
                message = "Found; waiting for the index to reach it…"
                changed = pump() || true
            case .notFound:
                self.search = nil
                message = "“\(PagerApp.short(lastQuery ?? ""))”: no match below."
                changed = true
            }
        }
        if placeFilterAnchor() { changed = true }
        if following && changed { stickToEnd() }
        return changed
    }

    /// Takes in the chunks the index finished; returns whether any came, and a line published before
    /// that has grown since (a followed file's last line, indexed before its newline).
    private func takeIndexProgress() -> (Bool, Int?) {
        let index = document.index
        let fresh = index.chunks(from: chunksSeen)
        let complete = index.isComplete && index.chunkCount == chunksSeen + fresh.count
        guard !fresh.isEmpty || complete != publishedComplete else { return (false, nil) }
        let continued = fresh.first?.continuesLine.flatMap { $0 < publishedLines ? $0 : nil }
        chunksSeen += fresh.count
        publishedLines += fresh.reduce(0) { $0 + $1.lineCount }
        publishedBytes = fresh.last?.bytes.upperBound ?? publishedBytes
        publishedComplete = complete
        if complete && !document.source.isPipe { indexCaughtUp = true }
        return (true, continued)
    }

    /// True while the table should end with the placeholder row.
    var wantsPlaceholder: Bool {
        let source = document.source
        if let filter {
            if filter.isComplete && filterLines.count == filter.matchCount { return false }
            return source.isPipe || !filterCaughtUp
        }
        return source.isPipe ? !publishedComplete : !indexCaughtUp
    }

    /// Adds the new entries (and adds or removes the placeholder) in one batch update; reloads `line`'s row if shown.
    private func publishEntries(reloadingLine grown: Int?) -> Bool {
        var newEntries = 0
        if let filter {
            let fresh = filter.matches(from: filterLines.count).prefix { $0 < publishedLines }
            filterLines.append(contentsOf: fresh)
            newEntries = filterLines.count - publishedEntries
            if !filterCaughtUp, !document.source.isPipe, filter.isComplete || filter.scannedBytes >= document.source.available {
                filterCaughtUp = true
            }
        } else {
            newEntries = publishedLines - publishedEntries
        }
        let placeholder = wantsPlaceholder
        let reload = grown.flatMap { line -> IndexPath? in
            let shown = entry(ofLine: line)
            guard shown < publishedEntries, self.line(atEntry: shown) == line else { return nil }
            return indexPath(ofEntry: shown)
        }
        guard newEntries > 0 || placeholder != hasPlaceholder || reload != nil else {
            if hasPlaceholder { table.row(IndexPath(row: 0, section: sections.count), changedHeight: placeholderHeight) }
            return hasPlaceholder && filter != nil  // a filter's progress is shown in its placeholder
        }
        let oldSections = sections.count
        let first = publishedEntries
        var appended: [IndexPath] = []
        if newEntries > 0, let last = sections.last, newEntries <= PagerApp.appendLimit, last.count < PagerApp.sectionLimit {
            appended = (last.count..<(last.count + newEntries)).map { IndexPath(row: $0, section: oldSections - 1) }
            sections[oldSections - 1] = last.lowerBound..<(last.upperBound + newEntries)
        } else if newEntries > 0 {
            sections.append(first..<(first + newEntries))
        }
        let table = self.table, newSections = sections.count, hadPlaceholder = hasPlaceholder
        hasPlaceholder = placeholder
        table.performBatchUpdates(
            {
                if let reload { table.reloadRows(at: [reload], with: .none) }
                if !appended.isEmpty { table.insertRows(at: appended, with: .none) }
                // The placeholder (old index `oldSections`) stays last: new sections go before it.
                if hadPlaceholder && !placeholder { table.deleteSections(IndexSet(integer: oldSections), with: .none) }
                let inserted = newSections + (placeholder && !hadPlaceholder ? 1 : 0)
                if inserted > oldSections {
                    table.insertSections(IndexSet(integersIn: oldSections..<inserted), with: .none)
                }
            }, completion: nil)
        if placeholder { table.row(IndexPath(row: 0, section: sections.count), changedHeight: placeholderHeight) }
        return true
    }

    /// True while something in the background may still change the screen.
    var hasBackgroundWork: Bool {
        !publishedComplete || hasPlaceholder || search != nil || pendingJump != nil || following
            || (filter.map { !$0.isComplete } ?? false)
    }

    // MARK: Data source and delegate

    /// The sections of lines indexed so far, and one placeholder section while the index (or a filter) goes on.
    public func numberOfSections(in tableView: TableView) -> Int { sections.count + (hasPlaceholder ? 1 : 0) }

    /// A section's lines, or the placeholder's one row.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section < sections.count ? sections[section].count : 1
    }

    /// A cell that draws its line straight from the mapped bytes.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: PagerCell.identifier, for: indexPath) as! PagerCell
        cell.app = self
        cell.line = line(at: indexPath)
        return cell
    }

    /// A line's wrapped row count at the width (1 without wrap), or the placeholder's height.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard let line = line(at: indexPath) else { return placeholderHeight }
        return wraps ? CGFloat(document.rowCount(ofLine: line, columns: columns)) : 1
    }

    // MARK: Drawing

    /// Draws rows `rows` of line `line`, whose cell covers `frame`, inside `clip`: its number in the gutter
    /// (on its first row), then its text, with the search hit and, under a filter, the pattern highlighted.
    func draw(line: Int, rows: Range<Int>, frame: GridRect, clip: GridRect, into grid: inout CharGrid) {
        if gutterWidth > 0, rows.contains(0) {
            drawGutter(String(line + 1), x: frame.x, y: frame.y, clip: clip, into: &grid)
        }
        let marks = highlights(ofLine: line)
        let wrapColumns = wraps ? columns : Int.max / 4
        let visibleRows = wraps ? rows : rows.clamped(to: 0..<1)
        let x = frame.x + gutterWidth
        let wraps = self.wraps
        document.forEachGlyph(ofLine: line, columns: wrapColumns, rows: visibleRows) { row, column, glyph in
            guard x + column < clip.maxX else { return wraps }  // unwrapped: the rest is off screen
            let y = frame.y + row
            var style = GridStyle.plain
            if glyph.kind == .control { style.foreground = 5 }
            let isMatch = marks.contains { $0.overlaps(glyph.bytes) }
            if isMatch { style.reverse = true }
            if glyph.kind == .tab {
                if isMatch { grid.fill(GridRect(x: x + column, y: y, width: glyph.columns, height: 1), style: style, clip: clip) }
                return true
            }
            grid.write(String(glyph.character), x: x + column, y: y, style: style, clip: clip)
            return true
        }
    }

    /// Draws the placeholder row: an estimated line number (marked `~`) in the gutter, then what it stands for.
    func drawPlaceholder(frame: GridRect, clip: GridRect, into grid: inout CharGrid) {
        if gutterWidth > 0, filter == nil, !document.source.isPipe {
            drawGutter("~\(estimatedTotalLines)", x: frame.x, y: clip.y, clip: clip, into: &grid)
        }
        grid.write(placeholderText, x: frame.x + gutterWidth, y: clip.y, style: GridStyle(dim: true), clip: clip)
    }

    private func drawGutter(_ number: String, x: Int, y: Int, clip: GridRect, into grid: inout CharGrid) {
        let text = String(repeating: " ", count: max(0, gutterWidth - 1 - number.count)) + number
        grid.write(text, x: x, y: y, style: GridStyle(dim: true), clip: clip)
    }

    /// The byte ranges to show reversed on line `line`: the search hit, and the filter's pattern wherever it occurs.
    private func highlights(ofLine line: Int) -> [Range<Int>] {
        var marks: [Range<Int>] = []
        if line == matchLine, let matchBytes { marks.append(matchBytes) }
        guard let filter, let base = document.source.base, !filter.needle.bytes.isEmpty else { return marks }
        let range = document.displayRange(line)
        guard range.count <= 1 << 16 else { return marks }  // a huge line: not worth a scan per frame
        var at = range.lowerBound
        while let hit = ByteScan.find(filter.needle, in: base, from: at, to: range.upperBound) {
            marks.append(hit..<(hit + filter.needle.bytes.count))
            at = hit + max(1, filter.needle.bytes.count)
        }
        return marks
    }

    /// The whole screen: table, status line, message or prompt.
    public func render() -> CharGrid {
        var grid = CharGrid(width: width, height: height)
        if publishedComplete && publishedLines == 0 && !hasPlaceholder {
            grid.write(following ? "(empty file; following)" : "(empty file)", x: 0, y: 0, style: GridStyle(dim: true))
        } else if filter != nil && publishedEntries == 0 && !hasPlaceholder {
            grid.write("(no line matches; Esc: all lines)", x: 0, y: 0, style: GridStyle(dim: true))
        } else {
            Renderer.render(table, into: &grid)
        }
        let bar = GridStyle(reverse: true)
        grid.fill(GridRect(x: 0, y: tableHeight, width: width, height: 1), style: bar)
        grid.write(" " + statusText, x: 0, y: tableHeight, style: bar)
        let last: String
        switch prompt {
        case .line: last = "Go to line (1–\(publishedLines.grouped)\(publishedComplete ? "" : "+")): \(promptText)█"
        case .percent: last = "Go to percent of the file: \(promptText)█"
        case .search: last = "Search forward: \(promptText)█"
        case .filter: last = "Show only lines with (empty: all): \(promptText)█"
        case nil: last = message
        }
        grid.write(" " + last, x: 0, y: tableHeight + 1, style: prompt == nil ? GridStyle(foreground: 3) : GridStyle(bold: true))
        return grid
    }

    // MARK: Formatting

    /// `count` bytes in GB, MB, kB or bytes, for the status line and the summary.
    public nonisolated static func bytes(_ count: Int) -> String {
        let value = Double(count)
        if value >= 1e9 { return String(format: "%.2f GB", value / 1e9) }
        if value >= 1e6 { return String(format: "%.1f MB", value / 1e6) }
        if value >= 1e3 { return String(format: "%.1f kB", value / 1e3) }
        return "\(count) bytes"
    }

    /// A query or a name as messages quote it: at most 24 characters.
    nonisolated static func short(_ text: String) -> String { short(text, 24) }
}
