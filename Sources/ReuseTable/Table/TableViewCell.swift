import Foundation

/// A row's view (UIKit: `UITableViewCell`).
///
/// Subclasses add subviews to `contentView` and override `sizeThatFits(_:)`
/// to self-size; the table asks `sizeThatFits(CGSize(width: contentWidth, height: 0))`.
@MainActor
open class TableViewCell: View {
    /// The accessory drawn at the trailing edge; each takes width from the content (UIKit's widths).
    public enum AccessoryType: Sendable {
        /// No accessory; the content takes the whole width.
        case none
        /// A chevron (UIKit's `>`), 34 points.
        case disclosureIndicator
        /// An info button and a chevron, 68 points.
        case detailDisclosureButton
        /// A checkmark, 40 points.
        case checkmark
        /// An info button, 48 points.
        case detailButton
    }

    /// The identifier the cell was registered and dequeued with.
    public let reuseIdentifier: String?

    /// The view subclasses put their content in; its width excludes the accessory and its
    /// height the separator, as in UIKit.
    public let contentView = View()

    /// The height of the separator the table draws at the bottom of the cell: `1 / screenScale`
    /// with `.singleLine`, 0 with `.none`. The table sets it before it measures or places the
    /// cell; `contentView` stops above it, so content pinned to the contentView's bottom is
    /// exactly as tall as it fits (the separator was added to the row's height, not the content's).
    public internal(set) var separatorHeight: CGFloat = 0 {
        didSet { if separatorHeight != oldValue { setNeedsLayout() } }
    }

    /// Forces template measurement through `sizeThatFits(_:)` even when the contentView
    /// has constraints (FDTemplateLayoutCell's `fd_enforceFrameLayout`). Default false:
    /// a contentView with constraints is fitted by Auto Layout.
    open var enforceFrameLayout = false

    /// The standard accessory; ignored when `accessoryView` is set.
    open var accessoryType: AccessoryType = .none { didSet { setNeedsLayout() } }

    /// A custom accessory; takes its width plus 16 points.
    open var accessoryView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }

    /// True for the off-screen cells the table measures with; a cell may skip
    /// work that does not change its height (FDTemplateLayoutCell's flag).
    public internal(set) var isTemplateLayoutCell = false

    /// Set when a table first receives the cell, so "cells created" counts each cell once.
    var hasBeenSeenByTable = false

    /// Whether the cell shows its row as selected. The table sets it on every cell it displays,
    /// from its own selection (`TableView.selectRow`), and clears it when the cell is reused:
    /// read it to draw, never keep selection in a cell. Setting it calls `setSelected(_:animated:)`
    /// without animation, as in UIKit. Default false.
    open var isSelected: Bool {
        get { selectedState }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether the cell shows its row as touched (between the highlight and the
    /// unhighlight of `TableView.tapRow(at:)`). Set by the table like `isSelected`. Default false.
    open var isHighlighted: Bool {
        get { highlightedState }
        set { setHighlighted(newValue, animated: false) }
    }
    private var selectedState = false
    private var highlightedState = false

    /// Shows the selected state; override to draw it, and call super (UIKit's pattern).
    open func setSelected(_ selected: Bool, animated: Bool) { selectedState = selected }

    /// Shows the highlighted state; override to draw it, and call super (UIKit's pattern).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { highlightedState = highlighted }

    /// Creates a cell with its `contentView`; the table calls this when the reuse pool has no spare cell
    /// for `reuseIdentifier` (UIKit: `init(style:reuseIdentifier:)`, without the style).
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// Called when the cell is taken from the reuse pool, before the data source configures it.
    open func prepareForReuse() {}

    /// The width the accessory takes from the content (UIKit's metrics, as FDTemplateLayoutCell uses them).
    public var accessoryWidth: CGFloat {
        if let accessoryView { return accessoryView.frame.width + 16 }
        switch accessoryType {
        case .none: return 0
        case .disclosureIndicator: return 34
        case .detailDisclosureButton: return 68
        case .checkmark: return 40
        case .detailButton: return 48
        }
    }

    /// Gives `contentView` the cell's width minus `accessoryWidth` and its height minus `separatorHeight`,
    /// and centers the accessory beside it at the trailing edge, as `UITableViewCell` does; subclasses call `super` first.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let contentWidth = max(0, bounds.width - accessoryWidth)
        let contentHeight = max(0, bounds.height - separatorHeight)
        contentView.frame = CGRect(x: 0, y: 0, width: contentWidth, height: contentHeight)
        if let accessoryView {
            accessoryView.frame.origin = CGPoint(
                x: contentWidth + 8, y: max(0, (contentHeight - accessoryView.frame.height) / 2))
        }
    }

    /// The default fits nothing (height 0), which the table turns into 44 as UIKit does.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: 0)
    }
}
