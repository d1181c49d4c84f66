import Foundation

// The table header and footer views (UIKit: `tableHeaderView`, `tableFooterView`)
// and the questions about visible section headers and footers.
//
// The table header sits at the very top of the content, so every row, section
// header and footer starts below it. The geometry knows nothing about it: its
// y = 0 is the top of the first section. The table turns geometry positions
// into content positions in one place, `contentRect(minY:height:width:)` (and
// back, in `viewport` and the point queries), by adding `geometryOrigin` — the
// header's height. Estimates and anchoring work in geometry coordinates and are
// unchanged; only the edges of the content move.

/// The table header and footer views with the heights the table applied.
struct TableHeaderFooterViews {
    var header: View?
    var footer: View?
    /// The header's frame height when it was set (UIKit reads it then, not on every layout).
    var headerHeight: Double = 0
    /// The footer's frame height when it was set.
    var footerHeight: Double = 0
}

extension TableView {
    /// A view above the first section (UIKit: `tableHeaderView`); default nil.
    ///
    /// Its frame's height at the moment it is set is the height it takes; its width
    /// is set to the table's, and it scrolls with the content at y = 0. As in UIKit,
    /// changing the view's height later takes effect when the property is set again
    /// (`table.tableHeaderView = table.tableHeaderView`). Every row, header and
    /// footer — and `rectForRow(at:)`, `indexPathForRow(at:)`, `contentSize` —
    /// moves down by that height. A NaN, infinite or negative height is reported and taken as 0.
    /// Set from a data source or delegate method, it is applied when that layout step is done.
    /// - Complexity: O(log n + visible rows) (one layout pass).
    public var tableHeaderView: View? {
        get { tableHeaderFooter.header }
        set {
            if deferIfBusy("setting tableHeaderView", { [self] in tableHeaderView = newValue }) { return }
            install(newValue, isHeader: true, name: "tableHeaderView")
        }
    }

    /// A view below the last section (UIKit: `tableFooterView`); default nil.
    ///
    /// As `tableHeaderView`: its frame's height when set, the table's width, and it
    /// scrolls with the content, right after the last section's footer.
    /// - Complexity: O(log n + visible rows) (one layout pass).
    public var tableFooterView: View? {
        get { tableHeaderFooter.footer }
        set {
            if deferIfBusy("setting tableFooterView", { [self] in tableFooterView = newValue }) { return }
            install(newValue, isHeader: false, name: "tableFooterView")
        }
    }

    /// The view showing the header of `section` while it is on screen, or nil (UIKit: `headerView(forSection:)`).
    ///
    /// UIKit returns `UITableViewHeaderFooterView?`; here the delegate may return any `View`
    /// for a header, so this returns that view (cast it to your `TableViewHeaderFooterView` subclass).
    /// A section off screen, without a header view, or out of range gives nil.
    public func headerView(forSection section: Int) -> View? {
        layoutIfNeeded()
        return visibleSupplementaryViews[SupplementaryKey(kind: .header, section: section)]
    }

    /// The view showing the footer of `section` while it is on screen, or nil (UIKit: `footerView(forSection:)`).
    public func footerView(forSection section: Int) -> View? {
        layoutIfNeeded()
        return visibleSupplementaryViews[SupplementaryKey(kind: .footer, section: section)]
    }

    // MARK: Geometry ↔ content coordinates

    /// A full-width rectangle in content coordinates for a span of the geometry
    /// (the one place geometry positions become content positions).
    func contentRect(minY: Double, height: Double, width: CGFloat? = nil) -> CGRect {
        CGRect(x: 0, y: CGFloat(minY + geometryOrigin), width: width ?? bounds.width, height: CGFloat(height))
    }

    // MARK: Placing the views

    /// Makes `new` the table header or footer with its frame's height (checked: a bad one is
    /// reported and taken as 0), swaps the subviews and lays out again: rows move by the new
    /// height; the offset stays (clamped if the content got shorter), as in UIKit.
    private func install(_ new: View?, isHeader: Bool, name: String) {
        let height = new.map { Double(sanitizedHeight($0.frame.size.height, for: "height of \(name)")) } ?? 0
        var views = tableHeaderFooter  // changed on a copy and written back whole: no access spans a call
        let old = isHeader ? views.header : views.footer
        if isHeader {
            views.header = new
            views.headerHeight = height
        } else {
            views.footer = new
            views.footerHeight = height
        }
        tableHeaderFooter = views
        if let old, old !== new, old.superview === self { old.removeFromSuperview() }
        if let new, new.superview !== self { addSubview(new) }
        guard engine.hasLoadedData else { return setNeedsLayout() }  // the first layout loads the data and places it
        performTransaction {
            clampOffsetToContent()
            runLayoutPass()
        }
    }
}
