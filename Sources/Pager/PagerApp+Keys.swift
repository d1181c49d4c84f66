import Foundation
import ReuseTableTerminal
@_spi(Internals) import ReuseTable
import Figures

/// The pager's keys: scrolling, jumps, search, prompts.
extension PagerApp {
    /// Handles one key: a scroll, a jump, a prompt (`/`, `&`, `g`, `%`) or a toggle.
    public func handle(_ key: Key) -> Outcome {
        if prompt != nil { return handlePrompt(key) }
        switch key {
        case .char("q"), .ctrl("c"), .ctrl("d"): return .quit
        case .down, .char("j"), .enter: return scroll(by: 1)
        case .up, .char("k"): return scroll(by: -1)
        case .wheelDown: return scroll(by: 3)
        case .wheelUp: return scroll(by: -3)
        case .mouse(let event): return handleMouse(event)
        case .pageDown, .char(" "), .ctrl("f"): return scroll(by: max(1, tableHeight - 1))
        case .pageUp, .char("b"), .ctrl("b"): return scroll(by: -max(1, tableHeight - 1))
        case .home, .char("<"): return jumpToTop()
        case .end, .char(">"), .char("G"): return jumpToEnd()
        case .char("g"): return ask(.line)
        case .char("%"): return ask(.percent)
        case .char("/"): return ask(.search)
        case .char("&"): return ask(.filter)
        case .char("n"): return searchNext()
        case .char("w"): return toggleWrap()
        case .char("F"): return toggleFollow()
        case .char("#"): return toggleLineNumbers()
        case .escape: return clearFilter()
        case .char("?"):
            hintPage = (hintPage + 1) % PagerApp.keyHints.count
            message = PagerApp.keyHints[hintPage]
            return .changed
        default: return .unchanged
        }
    }

    /// The mouse: a left press on the scroll indicator (the last column) scrolls there and a drag
    /// from it follows the pointer, as on a `ListScreen`; moving up stops following. The pager has
    /// no line cursor, so a click on a line does nothing.
    func handleMouse(_ event: MouseEvent) -> Outcome {
        switch event.kind {
        case .press:
            indicatorGrab = nil
            guard event.button == .left, event.column == width - 1, event.line >= 0, event.line < tableHeight,
                let indicator = ScrollIndicator(table)
            else { return .unchanged }
            indicatorGrab = indicator.grab(at: event.line)
            return dragIndicator(to: event.line)
        case .drag:
            return dragIndicator(to: event.line)
        case .release:
            indicatorGrab = nil
            return .unchanged
        case .move:
            return .unchanged
        }
    }

    /// Scrolls so that the held thumb is at `line` of the indicator's track.
    private func dragIndicator(to line: Int) -> Outcome {
        guard let grab = indicatorGrab else { return .unchanged }
        let old = table.contentOffset.y
        guard ScrollIndicator.drag(table, holding: grab, to: line) else { return .unchanged }
        pendingFilterAnchor = nil
        if following, table.contentOffset.y < old { stopFollowing() }
        return .changed
    }

    private func ask(_ kind: Prompt) -> Outcome {
        prompt = kind
        promptText = ""
        return .changed
    }

    private func handlePrompt(_ key: Key) -> Outcome {
        switch key {
        case .char(let character) where prompt == .search || prompt == .filter || (character.isASCII && character.isNumber):
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
            case .filter: return promptText.isEmpty ? clearFilter() : applyFilter(promptText)
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

    /// Scrolls by `lines` screen rows; scrolling up stops following.
    func scroll(by lines: Int) -> Outcome {
        var outcome = Outcome.unchanged
        if lines < 0 && following {
            stopFollowing()
            outcome = .changed
        }
        let old = table.contentOffset.y
        let target = min(max(0, old + CGFloat(lines)), table.maximumContentOffsetY)
        pendingFilterAnchor = nil
        guard target != old else { return outcome }
        table.contentOffset = CGPoint(x: 0, y: target)
        return .changed
    }

    /// Puts line `line` (0-based, published) at the top; under a filter, the first shown line from it on.
    func scroll(toLine line: Int) {
        guard publishedEntries > 0 else { return }
        table.scrollToRow(at: indexPath(ofEntry: min(entry(ofLine: max(0, line)), publishedEntries - 1)), at: .top, animated: false)
    }

    /// Puts line `line` at the top, then, if it is taller than the screen, scrolls within it to the row holding `byte`
    /// (a search hit or a percentage inside a megabyte line).
    func scroll(toLine line: Int, showingByte byte: Int) {
        scroll(toLine: line)
        guard wraps, line < publishedLines, publishedEntries > 0, self.line(atEntry: entry(ofLine: line)) == line else { return }
        let rect = table.rectForRow(at: indexPath(ofLine: line))
        guard rect.height > CGFloat(tableHeight) else { return }
        let row = document.row(containingByte: byte, ofLine: line, columns: columns)
        let target = min(rect.minY + CGFloat(max(0, row - 1)), table.maximumContentOffsetY)
        table.contentOffset = CGPoint(x: 0, y: target)
    }

    func jumpToTop() -> Outcome {
        if following { stopFollowing() }
        pendingFilterAnchor = nil
        table.contentOffset = .zero
        message = "Top."
        return .changed
    }

    func jumpToEnd() -> Outcome {
        guard publishedEntries > 0 else { return .unchanged }
        pendingFilterAnchor = nil
        table.scrollToRow(at: indexPath(ofEntry: publishedEntries - 1), at: .bottom, animated: false)
        let last = (line(atEntry: publishedEntries - 1) + 1).grouped
        if hasPlaceholder {
            message = "End of what is \(filter == nil ? "read" : "filtered") so far (line \(last)); more is coming."
        } else {
            message = filter == nil ? "End: line \(last)." : "End: line \(last), the last matching line."
        }
        return .changed
    }

    /// Jumps to line `line` (0-based); a line not indexed yet waits for the index.
    func jump(toLine line: Int) -> Outcome {
        guard line >= 0 else { return .unchanged }
        if following { stopFollowing() }
        pendingFilterAnchor = nil
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
    public func jump(toPercent percent: Int) -> Outcome {
        if following { stopFollowing() }
        pendingFilterAnchor = nil
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
        if following { stopFollowing() }
        pendingFilterAnchor = nil
        search?.cancel()
        let search = PagerSearch(needle: lastQuery ?? "", in: document.source, from: offset)
        self.search = search
        search.start()
        message = "Searching for “\(PagerApp.short(lastQuery ?? ""))”…"
        return .changed
    }

    func toggleWrap() -> Outcome {
        wraps.toggle()
        rewrap()
        message = wraps ? "Wrap on: each line is as many rows as it wraps to." : "Wrap off: one row per line, cut at the edge."
        return .changed
    }

    /// `#`: line numbers on or off (the text wraps in fewer columns: a re-wrap keeping the top line).
    func toggleLineNumbers() -> Outcome {
        showsLineNumbers.toggle()
        lineNumberDigits = max(4, String(estimatedTotalLines).count)
        rewrap()
        message =
            showsLineNumbers
            ? (publishedComplete ? "Line numbers on." : "Line numbers on (~: estimated, beyond what is indexed).")
            : "Line numbers off."
        return .changed
    }

    /// The terminal changed size: re-wrap at the new width, keeping the top line at the top.
    public func resize(width: Int, height: Int) {
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
            if following {
                stickToEnd()
            } else if let top, topLine != top {
                scroll(toLine: top)
            }
        }
    }

    /// Heights depend on the width and the wrap mode: reload them all (O(sections)) and put the top line back.
    func rewrap() {
        let top = topLine
        table.frame = tableFrame
        table.estimatedRowHeight = estimatedHeight()
        table.reloadData()
        if following {
            stickToEnd()
        } else if let top {
            scroll(toLine: top)
        }
    }
}
