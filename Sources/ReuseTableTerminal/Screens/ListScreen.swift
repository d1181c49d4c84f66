import Foundation
import ReuseTable

/// A full-screen list: a `TableView` or a `CollectionView` filling the terminal, scrolled with the
/// keys every pager uses, with an optional status line at the bottom. Run it with `EventLoop`.
///
///     let screen = ListScreen(table: table)      // applies the terminal defaults to the table
///     try EventLoop().run(screen)
///
/// Keys: ↑ ↓ (`j` `k`) a line, the wheel three, PgUp PgDn (`b` space) a page, Home End (`g` `G`),
/// Enter the focused (else the selected) row's primary action, `q` or Ctrl-C quits; override
/// `handle(_:)` for more (call `super`). When the view's `allowsFocus` is on, the keys move focus
/// instead (↑ ↓ a row, PgUp PgDn a page, Home End the ends, `[` `]` a section: `moveFocus(_:)`,
/// which keeps the focused row on screen), scrolling only where focus cannot go further. The mouse:
/// a click focuses the row under it and taps it (selects it and performs its primary
/// action; `click(_:)`), a press or drag on the scroll indicator scrolls there, a drag on a
/// carousel's horizontal thumb slides it (`ListScreen+Mouse.swift`); `respondsToMouse` false ignores it. While a table has estimated
/// rows, idle time measures them all with a `HeightPrecacher` in 2 ms slices, the viewport kept
/// still (`measuresWhileIdle` false measures rows only as they appear).
@MainActor
open class ListScreen: TerminalScreen {
    /// The view shown: the table or the collection view given at creation.
    public let scrollView: ScrollView
    /// The bottom line's text, asked at every frame (cut to the width); nil, the default: no status
    /// line, the list takes the whole screen.
    public var status: ((ListScreen) -> String)?
    /// How cells that do not draw themselves look (selection, separators, headers).
    public var look = DefaultLook.standard
    /// The screen's size, from the last `resize(width:height:)` (80 × 24 before the first).
    public private(set) var width = 80
    /// The screen's height in lines.
    public private(set) var height = 24
    /// Measures a table's estimated rows while no key is pending; nil when there is nothing to measure.
    public private(set) var precacher: HeightPrecacher?
    /// Whether idle time measures the table's estimated rows (default true); false stops it.
    public var measuresWhileIdle = true {
        didSet { startPrecaching() }
    }
    /// Whether mouse events click rows and drag the scroll indicator (default true); false ignores
    /// them (the wheel still scrolls). `EventLoop.run(_:terminal:mouse:)` with `mouse` false does not
    /// even ask the terminal for them.
    public var respondsToMouse = true
    /// What the left button went down on, until it comes up.
    var mousePress: ListScreenTarget?
    /// How far from the thumb's start the pointer holds it while dragging an indicator.
    var indicatorGrab = 0

    /// A screen showing `table`, with `TableView.applyTerminalDefaults()` applied to it (set your own
    /// values afterwards).
    public init(table: TableView) {
        scrollView = table
        table.applyTerminalDefaults()
    }

    /// A screen showing `collectionView` (its layout decides the items' sizes, in columns and lines).
    public init(collectionView: CollectionView) {
        scrollView = collectionView
    }

    /// The table shown, if it is one.
    public var tableView: TableView? { scrollView as? TableView }

    /// Lines the list takes: the screen less the status line.
    public var listHeight: Int { max(1, height - (status == nil ? 0 : 1)) }

    // MARK: TerminalScreen

    /// Gives the list the screen (less the status line) and lays it out; a new width makes a table's
    /// self-sized rows estimates again, so the precacher starts over.
    open func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        scrollView.frame = CGRect(x: 0, y: 0, width: CGFloat(self.width), height: CGFloat(listHeight))
        scrollView.layoutIfNeeded()
        clampOffset()
        startPrecaching()
    }

    /// The list, a table's section index over its right edge (`SectionIndexBar`, asking the data
    /// source for its titles), then the status line in reverse video.
    /// - Complexity: O(visible views + screen cells + section index titles).
    open func render() -> CharGrid {
        var grid = CharGrid(width: width, height: height)
        if scrollView.bounds.height != CGFloat(listHeight) {
            // The status line was switched on or off since the last resize.
            scrollView.frame.size.height = CGFloat(listHeight)
            scrollView.layoutIfNeeded()
        }
        Renderer.render(scrollView, into: &grid, look: look)
        if let table = tableView { SectionIndexBar.draw(over: table, look: look, in: &grid) }
        if let status {
            let bar = GridRect(x: 0, y: height - 1, width: width, height: 1)
            let style = GridStyle(reverse: true)
            grid.fill(bar, style: style)
            grid.write(" " + status(self), x: 0, y: bar.y, style: style, clip: bar)
        }
        return grid
    }

    /// The navigation keys and `q`; other keys do nothing.
    open func handle(_ key: Key) -> KeyResponse {
        let page = max(1, listHeight - 1)
        switch key {
        case .down, .char("j"): return moveFocus(.next) { scroll(by: 1) }
        case .up, .char("k"): return moveFocus(.previous) { scroll(by: -1) }
        case .wheelDown: return scroll(by: 3)
        case .wheelUp: return scroll(by: -3)
        case .pageDown, .char(" "), .ctrl("f"): return moveFocus(.pageDown) { scroll(by: page) }
        case .pageUp, .char("b"), .ctrl("b"): return moveFocus(.pageUp) { scroll(by: -page) }
        case .home, .char("g"), .char("<"): return moveFocus(.first) { scrollToTop() }
        case .end, .char("G"), .char(">"): return moveFocus(.last) { scrollToEnd() }
        case .char("]"): return moveFocus(.nextSection) { .unchanged }
        case .char("["): return moveFocus(.previousSection) { .unchanged }
        case .enter: return performPrimaryActionForSelection()
        case .mouse(let event): return handleMouse(event)
        case .char("q"), .ctrl("c"): return .quit
        default: return .unchanged
        }
    }

    /// A click (a left press and release) on `target`: a row, an item or a table row's accessory is
    /// tapped (`tapRow(at:)` / `tapItem(at:)`: highlight, selection, `didSelectRowAt`, then the
    /// primary action); a section index title is tapped (`selectSectionIndexTitle(at:)`, its
    /// section's header to the top); anything else does nothing. Override to give headers or accessories their
    /// own meaning.
    open func click(_ target: ListScreenTarget) -> KeyResponse {
        switch target {
        case .row(let indexPath), .accessory(let indexPath):
            if let table = tableView {
                table.focusRow(at: indexPath)  // nothing while the table's allowsFocus is off
                table.tapRow(at: indexPath)
            } else if let collectionView = scrollView as? CollectionView {
                collectionView.focusItem(at: indexPath)
                collectionView.tapItem(at: indexPath)
            }
            return .changed
        case .sectionIndex(let title):
            guard let table = tableView else { return .unchanged }
            table.selectSectionIndexTitle(at: title)
            return .changed
        case .header, .footer, .scrollIndicator, .orthogonalIndicator, .statusLine, .nothing:
            return .unchanged
        }
    }

    /// True while the precacher has estimated rows left.
    open var hasIdleWork: Bool { precacher != nil }

    /// Measures estimated rows for about `budget`; the rows on screen stay where they are.
    open func runIdleStep(budget: Duration) -> Bool {
        guard let precacher else { return false }
        precacher.budget = budget
        if !precacher.step() { self.precacher = nil }
        return true
    }

    // MARK: Focus

    /// Whether the keys move focus: the view's `allowsFocus`.
    public var keysMoveFocus: Bool {
        if let table = tableView { return table.allowsFocus }
        return (scrollView as? CollectionView)?.allowsFocus ?? false
    }

    /// The focused row or item, or nil.
    public var focusedIndexPath: IndexPath? {
        if let table = tableView { return table.indexPathForFocusedRow }
        return (scrollView as? CollectionView)?.indexPathForFocusedItem
    }

    /// Moves focus by `move` when the keys move focus (`keysMoveFocus`); otherwise, or where focus
    /// cannot go further (the last row, with a footer below it), runs `otherwise` (a scroll).
    public func moveFocus(_ move: FocusMove, otherwise: () -> KeyResponse) -> KeyResponse {
        guard keysMoveFocus else { return otherwise() }
        let moved = tableView?.moveFocus(move) ?? (scrollView as? CollectionView)?.moveFocus(move) ?? false
        return moved ? .changed : otherwise()
    }

    // MARK: Scrolling

    /// Scrolls by `lines` (negative: up), clamped to the content; `.unchanged` at either end.
    public func scroll(by lines: Int) -> KeyResponse {
        let old = scrollView.contentOffset.y
        let target = min(max(scrollView.minimumContentOffsetY, old + CGFloat(lines)), scrollView.maximumContentOffsetY)
        guard target != old else { return .unchanged }
        scrollView.contentOffset.y = target
        return .changed
    }

    /// Shows the top of the content.
    public func scrollToTop() -> KeyResponse {
        let top = scrollView.minimumContentOffsetY
        guard scrollView.contentOffset.y != top else { return .unchanged }
        scrollView.contentOffset.y = top
        return .changed
    }

    /// Shows the end of the content: a table scrolls its last row to the bottom, measuring only
    /// the rows on that last screen when heights are estimated.
    /// - Complexity: O(sections) to find the last row, then a scroll.
    public func scrollToEnd() -> KeyResponse {
        let old = scrollView.contentOffset.y
        if let table = tableView,
            let section = (0..<table.numberOfSections).last(where: { table.numberOfRows(inSection: $0) > 0 })
        {
            let last = IndexPath(row: table.numberOfRows(inSection: section) - 1, section: section)
            table.scrollToRow(at: last, at: .bottom, animated: false)
        }
        scrollView.contentOffset.y = scrollView.maximumContentOffsetY
        return scrollView.contentOffset.y == old ? .unchanged : .changed
    }

    private func clampOffset() {
        let y = scrollView.contentOffset.y
        let clamped = min(max(scrollView.minimumContentOffsetY, y), scrollView.maximumContentOffsetY)
        if clamped != y { scrollView.contentOffset.y = clamped }
    }

    private func startPrecaching() {
        guard measuresWhileIdle, let table = tableView, table.estimatedRowHeight > 0, table.estimatedSlotCount > 0 else {
            precacher = nil
            return
        }
        precacher = HeightPrecacher(tableView: table)
    }
}
