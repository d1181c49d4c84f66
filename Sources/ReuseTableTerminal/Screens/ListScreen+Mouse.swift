import Foundation
import ReuseTable

// The mouse on a `ListScreen`: what is under a cell (`target(atColumn:line:)`), a click that taps a
// row — selecting it and performing its primary action, as a finger would — or a section index
// title, a drag on the scroll indicator or along the section index, and Enter for the focused (else the selected) row's primary action (Docs/index.md, "The terminal product").

/// What a cell of a `ListScreen` shows, for the mouse.
public enum ListScreenTarget: Hashable, Sendable {
    /// A table's row or a collection view's item (outside a table row's accessory).
    case row(IndexPath)
    /// The accessory at the trailing edge of a table row (its width is `TableViewCell.accessoryWidth`).
    case accessory(IndexPath)
    /// A table's section header view as drawn (a pinned header where it is pinned).
    case header(section: Int)
    /// A table's section footer view as drawn.
    case footer(section: Int)
    /// The scroll indicator's column, at `line` of its track.
    case scrollIndicator(line: Int)
    /// The thumb of a sideways section's horizontal indicator (`OrthogonalScrollIndicator`), at
    /// `column` of its track.
    case orthogonalIndicator(section: Int, column: Int)
    /// A table's section index band (`SectionIndexBar`), on the line of the title at `title`.
    case sectionIndex(title: Int)
    /// The status line.
    case statusLine
    /// Nothing that answers a click: empty space, the table's own header or footer.
    case nothing
}

extension ListScreen {
    /// What the screen shows at (`column`, `line`), counted from 0 at the top-left corner: the
    /// scroll indicator's column first (when it is drawn), then a table's section index band or a
    /// sideways section's horizontal thumb, then the section headers and footers over the rows
    /// (pinned ones cover rows), then the row or item through `indexPathForRow(at:)` /
    /// `indexPathForItem(at:)`, its accessory told apart by the cell's content width.
    /// - Complexity: O(log n + visible sections).
    public func target(atColumn column: Int, line: Int) -> ListScreenTarget {
        guard column >= 0, line >= 0, column < width, line < height else { return .nothing }
        if line >= listHeight { return .statusLine }
        if column == Renderer.cell(scrollView.bounds.width) - 1, ScrollIndicator(scrollView) != nil {
            return .scrollIndicator(line: line)
        }
        let point = CGPoint(x: scrollView.bounds.minX + CGFloat(column) + 0.5, y: scrollView.bounds.minY + CGFloat(line) + 0.5)
        if let table = tableView {
            if let bar = SectionIndexBar(table), bar.contains(column: column, line: line), let title = bar.title(atLine: line) {
                return .sectionIndex(title: title)
            }
            return target(in: table, at: point)
        }
        guard let collectionView = scrollView as? CollectionView else { return .nothing }
        for indicator in OrthogonalScrollIndicator.all(in: collectionView) where indicator.screenLine(in: collectionView) == line {
            let along = column - indicator.screenColumn(in: collectionView)
            if indicator.thumbContains(along) { return .orthogonalIndicator(section: indicator.section, column: along) }
        }
        return collectionView.indexPathForItem(at: point).map { .row($0) } ?? .nothing
    }

    private func target(in table: TableView, at point: CGPoint) -> ListScreenTarget {
        for section in sectionsOnScreen(of: table) {
            if let header = table.headerView(forSection: section), !header.isHidden, header.frame.contains(point) {
                return .header(section: section)
            }
            if let footer = table.footerView(forSection: section), !footer.isHidden, footer.frame.contains(point) {
                return .footer(section: section)
            }
        }
        guard let indexPath = table.indexPathForRow(at: point) else { return .nothing }
        if let cell = table.cellForRow(at: indexPath), cell.accessoryWidth > 0,
            point.x - cell.frame.minX >= cell.contentView.frame.maxX
        {
            return .accessory(indexPath)
        }
        return .row(indexPath)
    }

    /// The sections whose header or footer may be on screen: those of the visible rows, widened to the
    /// sections without rows on screen that start or end inside the viewport.
    private func sectionsOnScreen(of table: TableView) -> ClosedRange<Int> {
        let count = table.numberOfSections
        guard count > 0 else { return 0...(-1) }
        let rows = table.indexPathsForVisibleRows ?? []
        var low = rows.first?.section ?? 0, high = rows.last?.section ?? 0
        let top = table.bounds.minY, bottom = table.bounds.maxY
        while low > 0, table.rectForFooter(inSection: low - 1).maxY > top { low -= 1 }
        while high + 1 < count, table.rectForHeader(inSection: high + 1).minY < bottom { high += 1 }
        return low...high
    }

    /// A mouse event: a left press on the indicator scrolls to it and a drag from there follows the
    /// pointer; a drag from a sideways section's horizontal thumb slides that section with it, and the
    /// release lets it come to rest as its scrolling behaviour says (a paging carousel on a page); a
    /// drag from the section index taps each title it passes, as a finger sliding down UIKit's
    /// index does; a left press and release on the same row, accessory or index title is a click
    /// (`click(_:)`).
    /// Nothing while `respondsToMouse` is false.
    public func handleMouse(_ event: MouseEvent) -> KeyResponse {
        guard respondsToMouse, event.button == .left || event.kind == .release else { return .unchanged }
        let target = target(atColumn: event.column, line: event.line)
        switch event.kind {
        case .press:
            mousePress = target
            if case .orthogonalIndicator(let section, let column) = target,
                let indicator = orthogonalIndicator(section)
            {
                indicatorGrab = indicator.grab(at: column)
                return .unchanged
            }
            guard case .scrollIndicator(let line) = target, let indicator = ScrollIndicator(scrollView) else { return .unchanged }
            indicatorGrab = indicator.grab(at: line)
            return ScrollIndicator.drag(scrollView, holding: indicatorGrab, to: line) ? .changed : .unchanged
        case .drag:
            switch mousePress {
            case .sectionIndex: return dragSectionIndex(to: event.line)
            case .scrollIndicator: return ScrollIndicator.drag(scrollView, holding: indicatorGrab, to: event.line) ? .changed : .unchanged
            case .orthogonalIndicator(let section, _): return dragOrthogonalIndicator(section, toColumn: event.column)
            default: return .unchanged
            }
        case .release:
            defer { mousePress = nil }
            if case .orthogonalIndicator(let section, _) = mousePress, let collectionView = scrollView as? CollectionView {
                let old = collectionView.orthogonalContentOffset(forSection: section)
                collectionView.endDraggingOrthogonalSection(section, velocity: 0)
                return collectionView.orthogonalContentOffset(forSection: section) == old ? .unchanged : .changed
            }
            guard let pressed = mousePress, pressed == target else { return .unchanged }
            if case .scrollIndicator = pressed { return .unchanged }
            return click(target)
        case .move:
            return .unchanged
        }
    }

    /// Taps the section index title on `line` (whatever the column, as a finger sliding off the
    /// index keeps it), unless it is the one the drag is already on.
    private func dragSectionIndex(to line: Int) -> KeyResponse {
        guard let table = tableView, let title = SectionIndexBar(table)?.title(atLine: line),
            mousePress != .sectionIndex(title: title)
        else { return .unchanged }
        mousePress = .sectionIndex(title: title)
        table.selectSectionIndexTitle(at: title)
        return .changed
    }

    /// The horizontal indicator of sideways section `section`, while it is drawn.
    private func orthogonalIndicator(_ section: Int) -> OrthogonalScrollIndicator? {
        guard let collectionView = scrollView as? CollectionView else { return nil }
        return OrthogonalScrollIndicator.all(in: collectionView).first { $0.section == section }
    }

    /// Slides `section` so that its thumb, held `indicatorGrab` columns from its start, is at
    /// screen column `column` (whatever the line, as a finger sliding off the band keeps it).
    private func dragOrthogonalIndicator(_ section: Int, toColumn column: Int) -> KeyResponse {
        guard let collectionView = scrollView as? CollectionView, let indicator = orthogonalIndicator(section) else { return .unchanged }
        let along = column - indicator.screenColumn(in: collectionView)
        return OrthogonalScrollIndicator.drag(collectionView, section: section, holding: indicatorGrab, to: along) ? .changed : .unchanged
    }

    /// Performs the primary action of the focused row, else of the selected row (the first in
    /// multiple selection), as a click would after selecting it: asked through
    /// `canPerformPrimaryActionForRowAt` / `ForItemAt`, then `performPrimaryActionForRowAt` /
    /// `ForItemAt`. `.unchanged` when nothing is focused or selected.
    public func performPrimaryActionForSelection() -> KeyResponse {
        if let table = tableView {
            guard let indexPath = table.indexPathForFocusedRow ?? table.indexPathForSelectedRow, let delegate = table.delegate,
                delegate.tableView(table, canPerformPrimaryActionForRowAt: indexPath)
            else { return .unchanged }
            delegate.tableView(table, performPrimaryActionForRowAt: indexPath)
            return .changed
        }
        guard let collectionView = scrollView as? CollectionView,
            let indexPath = collectionView.indexPathForFocusedItem ?? collectionView.indexPathsForSelectedItems?.sorted().first,
            let delegate = collectionView.delegate,
            delegate.collectionView(collectionView, canPerformPrimaryActionForItemAt: indexPath)
        else { return .unchanged }
        delegate.collectionView(collectionView, performPrimaryActionForItemAt: indexPath)
        return .changed
    }
}
