import Foundation
import ReuseTable
import ReuseTableTerminal

// The mouse on the feed: a click on a post focuses it and taps it (`tapRow(at:)`: selected, then its primary action,
// which names the post in the message line), a click on a swipe button the open row shows performs
// that action, a press or drag on the scroll indicator scrolls there, a click on a day of the section index
// (`SectionIndexBar`) puts that day's header at the top and focuses its first post, the wheel scrolls
// three lines.

extension FeedApp {
    /// What a left press went down on: a row, a swipe button, the indicator (held this far below its
    /// top), a title of the section index.
    enum MouseDown: Equatable {
        case row(IndexPath)
        case swipeButton(Int)
        case indicator(grab: Int)
        case sectionIndex(Int)
    }

    /// A mouse event on the feed's table; the status lines, the help box and other buttons ignore it.
    func handleMouse(_ event: MouseEvent) -> Outcome {
        guard !showsHelp, event.button == .left || event.kind == .release else { return .unchanged }
        switch event.kind {
        case .press:
            mouseDown = mouseTarget(column: event.column, line: event.line)
            guard case .indicator = mouseDown else { return .unchanged }
            return dragIndicator(to: event.line)
        case .drag:
            guard case .indicator = mouseDown else { return .unchanged }
            return dragIndicator(to: event.line)
        case .release:
            defer { mouseDown = nil }
            guard let down = mouseDown, down == mouseTarget(column: event.column, line: event.line) else { return .unchanged }
            switch down {
            case .row(let indexPath):
                focus(indexPath)
                table.tapRow(at: indexPath)
                if table.indexPathForSelectedRow != indexPath { setMessage("Click: \(postLabel(indexPath)) — the tap selected nothing.") }
                return .changed
            case .swipeButton(let index):
                table.performSwipeAction(at: index)
                return .changed
            case .sectionIndex(let title):
                return jumpDay(to: title)
            case .indicator:
                return .unchanged
            }
        case .move:
            return .unchanged
        }
    }

    /// What the left button would act on at (`column`, `line`); nil for nothing.
    private func mouseTarget(column: Int, line: Int) -> MouseDown? {
        guard line >= 0, line < tableHeight, column >= 0, column < tableWidth else { return nil }
        if let buttons = swipeButtons(), line == buttons.line,
            let index = buttons.ranges.firstIndex(where: { $0.contains(column) })
        {
            return .swipeButton(index)
        }
        if column == tableWidth - 1, let indicator = ScrollIndicator(table) {
            if case .indicator(let grab) = mouseDown { return .indicator(grab: grab) }
            return .indicator(grab: indicator.grab(at: line))
        }
        if let bar = SectionIndexBar(table), bar.contains(column: column, line: line), let title = bar.title(atLine: line) {
            return .sectionIndex(title)
        }
        let point = CGPoint(x: table.bounds.minX + CGFloat(column) + 0.5, y: table.bounds.minY + CGFloat(line) + 0.5)
        return table.indexPathForRow(at: point).map { .row($0) }
    }

    /// Scrolls so that the indicator's thumb, held where it was pressed, is at `line`.
    private func dragIndicator(to line: Int) -> Outcome {
        guard case .indicator(let grab) = mouseDown else { return .unchanged }
        return ScrollIndicator.drag(table, holding: grab, to: line) ? .changed : .unchanged
    }
}
