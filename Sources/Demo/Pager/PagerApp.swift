import Foundation
@_spi(Internals) import ReuseTable
import ReuseTableTerminal

/// The pager without the terminal: a real `TableView` whose rows are the lines of a file.
///
/// **Sections are batches of index progress.** The lines the background index
/// found since the last `pump()` become one section, added with one
/// `insertSections` call (O(log n) for its estimated rows, however many lines
/// it holds); a trickle of a few lines (a slow pipe) is appended to the last
/// section with `insertRows` instead. Until the index is complete a
/// last section holds one placeholder row whose height is the estimated
/// wrapped height of the bytes not indexed yet, so `contentSize` is about
/// right from the first frame and converges as chunks replace the placeholder.
///
/// **Heights.** `estimatedRowHeight` is the mean wrapped height of the first
/// lines; `heightForRowAt` measures a line (its wrapped row count) only when
/// the table asks, which it does for rows coming on screen. A width change
/// (resize, `w`) reloads and scrolls the top line back to the top.
@MainActor
final class PagerApp: TableViewDataSource, TableViewDelegate {
    /// What a key did: the product's `KeyResponse` (redraw, nothing, quit).
    typealias Outcome = KeyResponse
    enum Prompt: Equatable { case line, percent, search }

    /// Lines under the table: status, then message or prompt.
    static let statusLines = 2

    let document: PagerDocument
    let table: TableView
    private(set) var width: Int
    private(set) var height: Int
    private(set) var wraps = true
    /// The lines of each section of the table (before the placeholder).
    private(set) var sections: [Range<Int>] = []
    /// Index chunks taken into `sections` so far.
    private var chunksSeen = 0
    /// Lines the table shows.
    private(set) var publishedLines = 0
    /// Bytes covered by the published lines.
    private(set) var publishedBytes = 0
    private(set) var publishedComplete = false
    private(set) var message = "j/k ↑↓ PgUp/PgDn scroll · g line · % percent · / search · n next · w wrap · q quit"
    private(set) var prompt: Prompt?
    private(set) var promptText = ""
    private(set) var search: PagerSearch?
    private(set) var lastQuery: String?
    /// The line a jump waits for the index to reach (a percentage or a search hit beyond it).
    private var pendingJump: (byte: Int, reason: String, isMatch: Bool)?
    /// The line of the last search hit.
    private(set) var matchLine: Int?
    /// The bytes of the last search hit, highlighted.
    private(set) var matchBytes: Range<Int>?
    var showsTimings = true

    init(document: PagerDocument, width: Int, height: Int) {
        self.document = document
        self.width = max(width, 10)
        self.height = max(height, PagerApp.statusLines + 1)
        table = TableView(frame: .zero, style: .plain)
        table.register(PagerCell.self, forCellReuseIdentifier: PagerCell.identifier)
        table.separatorStyle = .none
        table.dataSource = self
        table.delegate = self
        table.frame = tableFrame
        // The first screen must not wait for the background scan: index a first small chunk here.
        document.index.indexNext(maximumBytes: min(256 << 10, document.index.chunkBytes))
        table.estimatedRowHeight = 1
        table.reloadData()
        pump()
        // The estimate needs the first lines; reloading again is O(sections), one or two here.
        table.estimatedRowHeight = estimatedHeight()
        table.reloadData()
    }

    var tableHeight: Int { height - PagerApp.statusLines }
    private var tableFrame: CGRect { CGRect(x: 0, y: 0, width: width, height: tableHeight) }
    var columns: Int { width }

    // MARK: Lines and index paths

    /// The index path of line `line` (a published line).
    /// - Complexity: O(log chunks).
    func indexPath(ofLine line: Int) -> IndexPath {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].lowerBound <= line { low = mid } else { high = mid - 1 }
        }
        return IndexPath(row: line - sections[low].lowerBound, section: low)
    }

    /// The line at `indexPath`, nil for the placeholder.
    func line(at indexPath: IndexPath) -> Int? {
        indexPath.section < sections.count ? sections[indexPath.section].lowerBound + indexPath.row : nil
    }

    /// The line whose rows cover the top of the screen.
    var topLine: Int? {
        guard let indexPath = table.indexPathForRow(at: CGPoint(x: 0, y: table.contentOffset.y + 0.5)) else {
            return nil
        }
        return line(at: indexPath) ?? (publishedLines > 0 ? publishedLines - 1 : nil)
    }

    /// The first and last line with a row on screen.
    var visibleLines: ClosedRange<Int>? {
        let lines = (table.indexPathsForVisibleRows ?? []).compactMap { line(at: $0) }
        guard let first = lines.min(), let last = lines.max() else { return nil }
        return first...last
    }

    /// Mean wrapped height of the first lines: the estimate for every line not measured yet.
    private func estimatedHeight() -> CGFloat {
        guard wraps else { return 1 }
        let sample = min(publishedLines, 1_000)
        guard sample > 0 else { return 1 }
        let total = (0..<sample).reduce(0) { $0 + document.rowCount(ofLine: $1, columns: columns) }
        return max(1, (CGFloat(total) / CGFloat(sample)).rounded())
    }

    /// The placeholder's height: the bytes not indexed yet, in estimated rows.
    private var placeholderHeight: CGFloat {
        guard !document.source.isPipe, publishedLines > 0 else { return 1 }
        let remaining = Double(document.source.available - publishedBytes)
        let bytesPerLine = Double(publishedBytes) / Double(publishedLines)
        return max(1, CGFloat((remaining / bytesPerLine).rounded()) * table.estimatedRowHeight)
    }

    /// What the placeholder row says.
    var placeholderText: String {
        let source = document.source
        if source.isPipe { return "… reading standard input (\(publishedLines.grouped) lines so far)" }
        let percent = source.available > 0 ? publishedBytes * 100 / source.available : 100
        return
            "… indexing: \(percent)% of \(PagerApp.bytes(source.available)) (about \(Int(placeholderHeight / table.estimatedRowHeight).grouped) more lines)"
    }

    // MARK: Following the index

    /// Lines a pump may append to the last section with `insertRows` (a trickle from a pipe)
    /// instead of adding a section; keeps a slow pipe from making one section per read.
    static let appendLimit = 4_096
    /// Lines beyond which the last section is not grown any more.
    static let sectionLimit = 1 << 16

    /// Publishes lines the background index found since the last call; true when the table changed.
    ///
    /// Lines arrive at the end, below everything measured: a new section (one estimated run,
    /// O(log n)) or, for a few lines, rows appended to the last section. Nothing above moves.
    @discardableResult
    func pump() -> Bool {
        var changed = false
        let index = document.index
        let fresh = index.chunks(from: chunksSeen)
        let complete = index.isComplete && index.chunkCount == chunksSeen + fresh.count
        if !fresh.isEmpty || (complete && !publishedComplete) {
            chunksSeen += fresh.count
            let newLines = fresh.reduce(0) { $0 + $1.lineCount }
            let first = publishedLines
            let hadPlaceholder = !publishedComplete
            let oldSections = sections.count
            publishedLines += newLines
            publishedBytes = fresh.last?.bytes.upperBound ?? publishedBytes
            publishedComplete = complete
            var appended: [IndexPath] = []
            if newLines > 0, let last = sections.last, newLines <= PagerApp.appendLimit, last.count < PagerApp.sectionLimit {
                appended = (last.count..<(last.count + newLines)).map { IndexPath(row: $0, section: oldSections - 1) }
                sections[oldSections - 1] = last.lowerBound..<(last.upperBound + newLines)
            } else if newLines > 0 {
                sections.append(first..<(first + newLines))
            }
            let table = self.table, newSections = sections.count
            table.performBatchUpdates(
                {
                    if !appended.isEmpty { table.insertRows(at: appended, with: .none) }
                    if newSections > oldSections {
                        table.insertSections(IndexSet(integersIn: oldSections..<newSections), with: .none)
                    }
                    if hadPlaceholder && complete {
                        table.deleteSections(IndexSet(integer: oldSections), with: .none)
                    }
                }, completion: nil)
            if !publishedComplete {
                table.row(IndexPath(row: 0, section: sections.count), changedHeight: placeholderHeight)
            }
            changed = true
        }
        if let pending = pendingJump, pending.byte < publishedBytes || publishedComplete {
            pendingJump = nil
            let line = publishedLines == 0 ? 0 : min(index.line(containingByte: min(pending.byte, max(0, publishedBytes - 1))), publishedLines - 1)
            scroll(toLine: line, showingByte: pending.byte)
            matchLine = pending.isMatch ? line : nil
            matchBytes = pending.isMatch ? pending.byte..<(pending.byte + (lastQuery?.utf8.count ?? 0)) : nil
            message = pending.reason.replacingOccurrences(of: "{line}", with: (line + 1).grouped)
            changed = true
        }
        if let search {
            switch search.state {
            case .running(let searched):
                let total = max(1, document.source.available - search.startOffset)
                message = "Searching for “\(lastQuery ?? "")”… \(min(99, searched * 100 / total))%"
                changed = true
            case .found(let offset):
                self.search = nil
                pendingJump = (offset, "“\(lastQuery ?? "")” found on line {line} (n: next)", true)
                message = "Found; waiting for the index to reach it…"
                changed = pump() || true
            case .notFound:
                self.search = nil
                message = "“\(lastQuery ?? "")”: no match below."
                changed = true
            }
        }
        return changed
    }

    /// True while something in the background may still change the screen.
    var hasBackgroundWork: Bool { !publishedComplete || search != nil || pendingJump != nil }

    // MARK: Data source and delegate

    func numberOfSections(in tableView: TableView) -> Int { sections.count + (publishedComplete ? 0 : 1) }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section < sections.count ? sections[section].count : 1
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: PagerCell.identifier, for: indexPath) as! PagerCell
        cell.app = self
        cell.line = line(at: indexPath)
        return cell
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard let line = line(at: indexPath) else { return placeholderHeight }
        return wraps ? CGFloat(document.rowCount(ofLine: line, columns: columns)) : 1
    }

    // MARK: Drawing

    /// Draws rows `rows` of line `line`, whose cell covers `frame`, inside `clip`.
    func draw(line: Int, rows: Range<Int>, frame: GridRect, clip: GridRect, into grid: inout CharGrid) {
        let match = line == matchLine ? matchBytes : nil
        let wrapColumns = wraps ? columns : Int.max / 4
        let visibleRows = wraps ? rows : rows.clamped(to: 0..<1)
        document.forEachGlyph(ofLine: line, columns: wrapColumns, rows: visibleRows) { row, column, glyph in
            guard frame.x + column < clip.maxX else { return wraps }  // unwrapped: the rest is off screen
            let y = frame.y + row
            var style = GridStyle.plain
            if glyph.kind == .control { style.foreground = 5 }
            let isMatch = match?.overlaps(glyph.bytes) ?? false
            if isMatch { style.reverse = true }
            if glyph.kind == .tab {
                if isMatch { grid.fill(GridRect(x: frame.x + column, y: y, width: glyph.columns, height: 1), style: style, clip: clip) }
                return true
            }
            grid.write(String(glyph.character), x: frame.x + column, y: y, style: style, clip: clip)
            return true
        }
    }

    /// The whole screen: table, status line, message or prompt.
    func render() -> CharGrid {
        var grid = CharGrid(width: width, height: height)
        if publishedComplete && publishedLines == 0 {
            grid.write("(empty file)", x: 0, y: 0, style: GridStyle(dim: true))
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
        case nil: last = message
        }
        grid.write(" " + last, x: 0, y: tableHeight + 1, style: prompt == nil ? GridStyle(foreground: 3) : GridStyle(bold: true))
        return grid
    }

    /// File, lines on screen, lines indexed, measured vs estimated rows, last layout time.
    var statusText: String {
        let shown = visibleLines.map { "lines \(($0.lowerBound + 1).grouped)–\(($0.upperBound + 1).grouped)" } ?? "no lines"
        let total: String
        if publishedComplete {
            total = "\(publishedLines.grouped) lines"
        } else if document.source.isPipe {
            total = "≥ \(publishedLines.grouped) lines (reading)"
        } else {
            let percent = document.source.available > 0 ? publishedBytes * 100 / document.source.available : 0
            total = "≥ \(publishedLines.grouped) lines (indexed \(percent)%)"
        }
        let layout = showsTimings ? "\(table.counters.lastLayoutNanoseconds / 1_000) µs" : "–"
        // Section headers and footers are slots too (measured, zero high): count rows only.
        let rows = publishedLines + (publishedComplete ? 0 : 1)
        let estimated = min(rows, table.estimatedSlotCount)
        return "\(document.source.name) · \(shown) of \(total) · rows measured \((rows - estimated).grouped) / "
            + "estimated \(estimated.grouped) · layout \(layout)" + (wraps ? "" : " · wrap off")
    }

    // MARK: Keys

    func handle(_ key: Key) -> Outcome {
        if prompt != nil { return handlePrompt(key) }
        switch key {
        case .char("q"), .ctrl("c"), .ctrl("d"): return .quit
        case .down, .char("j"), .enter: return scroll(by: 1)
        case .up, .char("k"): return scroll(by: -1)
        case .wheelDown: return scroll(by: 3)
        case .wheelUp: return scroll(by: -3)
        case .pageDown, .char(" "), .ctrl("f"): return scroll(by: max(1, tableHeight - 1))
        case .pageUp, .char("b"), .ctrl("b"): return scroll(by: -max(1, tableHeight - 1))
        case .home, .char("<"): return jumpToTop()
        case .end, .char(">"), .char("G"): return jumpToEnd()
        case .char("g"): return ask(.line)
        case .char("%"): return ask(.percent)
        case .char("/"): return ask(.search)
        case .char("n"): return searchNext()
        case .char("w"): return toggleWrap()
        default: return .unchanged
        }
    }

    private func ask(_ kind: Prompt) -> Outcome {
        prompt = kind
        promptText = ""
        return .changed
    }

    private func handlePrompt(_ key: Key) -> Outcome {
        switch key {
        case .char(let character) where prompt == .search || (character.isASCII && character.isNumber):
            if promptText.count < 200 { promptText.append(character) }
        case .backspace:
            if !promptText.isEmpty { promptText.removeLast() }
        case .enter:
            let kind = prompt
            prompt = nil
            switch kind {
            case .line: if let line = Int(promptText) { return jump(toLine: line - 1) }
            case .percent: if let percent = Int(promptText) { return jump(toPercent: percent) }
            case .search: if !promptText.isEmpty { return startSearch(promptText) }
            case nil: break
            }
            message = "Cancelled."
        case .escape, .ctrl("c"), .ctrl("g"):
            prompt = nil
            message = "Cancelled."
        default: break
        }
        return .changed
    }

    // MARK: Actions

    func scroll(by lines: Int) -> Outcome {
        let old = table.contentOffset.y
        let target = min(max(0, old + CGFloat(lines)), table.maximumContentOffsetY)
        guard target != old else { return .unchanged }
        table.contentOffset = CGPoint(x: 0, y: target)
        return .changed
    }

    /// Puts line `line` (0-based, published) at the top.
    func scroll(toLine line: Int) {
        guard publishedLines > 0 else { return }
        table.scrollToRow(at: indexPath(ofLine: min(max(0, line), publishedLines - 1)), at: .top, animated: false)
    }

    /// Puts line `line` at the top, then, if it is taller than the screen, scrolls within it to the row holding `byte`
    /// (a search hit or a percentage inside a megabyte line).
    func scroll(toLine line: Int, showingByte byte: Int) {
        scroll(toLine: line)
        guard wraps, line < publishedLines else { return }
        let rect = table.rectForRow(at: indexPath(ofLine: line))
        guard rect.height > CGFloat(tableHeight) else { return }
        let row = document.row(containingByte: byte, ofLine: line, columns: columns)
        let target = min(rect.minY + CGFloat(max(0, row - 1)), table.maximumContentOffsetY)
        table.contentOffset = CGPoint(x: 0, y: target)
    }

    func jumpToTop() -> Outcome {
        table.contentOffset = .zero
        message = "Top."
        return .changed
    }

    func jumpToEnd() -> Outcome {
        guard publishedLines > 0 else { return .unchanged }
        table.scrollToRow(at: indexPath(ofLine: publishedLines - 1), at: .bottom, animated: false)
        message =
            publishedComplete
            ? "End: line \(publishedLines.grouped)." : "End of what is indexed so far (line \(publishedLines.grouped)); more is coming."
        return .changed
    }

    /// Jumps to line `line` (0-based); a line not indexed yet waits for the index.
    func jump(toLine line: Int) -> Outcome {
        guard line >= 0 else { return .unchanged }
        if line < publishedLines {
            scroll(toLine: line)
            message = "Line \((line + 1).grouped): scrollToRow found it in O(log n)."
        } else if publishedComplete {
            scroll(toLine: publishedLines - 1)
            message = "The file has \(publishedLines.grouped) lines."
        } else {
            message = "Line \((line + 1).grouped) is not indexed yet; showing the last indexed line."
            scroll(toLine: publishedLines - 1)
        }
        return .changed
    }

    /// Jumps to the line holding byte `percent`% of the file (waiting for the index if needed).
    func jump(toPercent percent: Int) -> Outcome {
        let clamped = min(max(percent, 0), 100)
        let byte = Int(Double(document.source.available) * Double(clamped) / 100)
        pendingJump = (byte, "\(clamped)%: line {line}.", false)
        pump()  // jumps now if the index covers the byte
        if pendingJump != nil { message = "Waiting for the index to reach \(clamped)%…" }
        return .changed
    }

    func startSearch(_ query: String) -> Outcome {
        lastQuery = query
        let from = topLine.map { document.index.lineRange($0).upperBound } ?? 0
        return runSearch(from: from)
    }

    func searchNext() -> Outcome {
        guard lastQuery != nil else {
            message = "No search yet: / starts one."
            return .changed
        }
        let line = matchLine ?? topLine ?? 0
        return runSearch(from: line < publishedLines ? document.index.lineRange(line).upperBound : publishedBytes)
    }

    private func runSearch(from offset: Int) -> Outcome {
        search?.cancel()
        let search = PagerSearch(needle: lastQuery ?? "", in: document.source, from: offset)
        self.search = search
        search.start()
        message = "Searching for “\(lastQuery ?? "")”…"
        return .changed
    }

    func toggleWrap() -> Outcome {
        wraps.toggle()
        rewrap()
        message = wraps ? "Wrap on: each line is as many rows as it wraps to." : "Wrap off: one row per line, cut at the edge."
        return .changed
    }

    /// The terminal changed size: re-wrap at the new width, keeping the top line at the top.
    func resize(width: Int, height: Int) {
        let newWidth = max(width, 10)
        let widthChanged = newWidth != self.width
        self.width = newWidth
        self.height = max(height, PagerApp.statusLines + 1)
        if widthChanged {
            rewrap()
        } else {
            let top = topLine
            table.frame = tableFrame
            table.layoutIfNeeded()
            if let top, topLine != top { scroll(toLine: top) }
        }
    }

    /// Heights depend on the width and the wrap mode: reload them all (O(sections)) and put the top line back.
    private func rewrap() {
        let top = topLine
        table.frame = tableFrame
        table.estimatedRowHeight = estimatedHeight()
        table.reloadData()
        if let top { scroll(toLine: top) }
    }

    // MARK: Formatting

    nonisolated static func bytes(_ count: Int) -> String {
        let value = Double(count)
        if value >= 1e9 { return String(format: "%.2f GB", value / 1e9) }
        if value >= 1e6 { return String(format: "%.1f MB", value / 1e6) }
        if value >= 1e3 { return String(format: "%.1f kB", value / 1e3) }
        return "\(count) bytes"
    }
}
