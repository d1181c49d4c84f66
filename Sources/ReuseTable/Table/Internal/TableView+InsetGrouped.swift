import Foundation

// `.insetGrouped`: cells inset from both sides of the table. The one place a row's horizontal extent is
// decided, used by the layout pass (`wanted(cells:supplementary:notes:)`), `rectForRow(at:)` and the width cells are
// measured at (`fittingHeight(of:tableWidth:)`), so what is measured, placed and reported agree.

extension TableView {
    /// How far `.insetGrouped` insets cells from each side: UIKit's layout margin on an iPhone.
    static let insetGroupedCellInset: CGFloat = 20

    /// The inset of cells from each side of a table `tableWidth` wide: `insetGroupedCellInset` in
    /// `.insetGrouped` (at most half the width), 0 otherwise.
    func cellInset(forTableWidth tableWidth: CGFloat) -> CGFloat {
        guard style == .insetGrouped else { return 0 }
        return min(TableView.insetGroupedCellInset, max(0, tableWidth) / 2)
    }

    /// The width of a cell in a table `tableWidth` wide.
    func cellWidth(forTableWidth tableWidth: CGFloat) -> CGFloat {
        max(0, tableWidth - 2 * cellInset(forTableWidth: tableWidth))
    }

    /// A row's rectangle in content coordinates for a span of the geometry: `contentRect`'s, inset from the sides.
    func rowRect(minY: Double, height: Double, tableWidth: CGFloat) -> CGRect {
        let inset = cellInset(forTableWidth: tableWidth)
        var rect = contentRect(minY: minY, height: height, width: tableWidth)
        rect.origin.x = inset
        rect.size.width = max(0, tableWidth - 2 * inset)
        return rect
    }
}
