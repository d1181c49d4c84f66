import Foundation

/// An item's view (UIKit: `UICollectionViewCell`); a `CollectionReusableView`, as in UIKit
/// (`reuseIdentifier`, `prepareForReuse()`).
///
/// Subclasses add subviews to `contentView` and, to self-size, override
/// `sizeThatFits(_:)`; the collection view measures template cells with
/// `sizeThatFits(CGSize(width: itemWidth, height: 0))`.
@MainActor
open class CollectionViewCell: CollectionReusableView {
    /// The view subclasses put their content in; it fills the cell.
    public let contentView = View()

    /// Forces template measurement through `sizeThatFits(_:)` even when the contentView
    /// has constraints (FDTemplateLayoutCell's `fd_enforceFrameLayout`). Default false.
    open var enforceFrameLayout = false

    /// True for the off-screen cells the collection view measures with; a cell may
    /// skip work that does not change its height (FDTemplateLayoutCell's flag).
    public internal(set) var isTemplateLayoutCell = false

    /// Whether the cell shows its item as selected. The collection view sets it on every cell it
    /// displays, from its own selection, and clears it when the cell is reused: read it (or override
    /// with `didSet`) to draw, never keep selection in a cell. Default false, as UIKit.
    open var isSelected: Bool {
        get { storedIsSelected }
        set {
            guard newValue != storedIsSelected else { return }
            storedIsSelected = newValue
            setNeedsUpdateConfiguration()
        }
    }
    /// Whether the cell shows its item as touched (during `CollectionView.tapItem(at:)`). Default false.
    open var isHighlighted: Bool {
        get { storedIsHighlighted }
        set {
            guard newValue != storedIsHighlighted else { return }
            storedIsHighlighted = newValue
            setNeedsUpdateConfiguration()
        }
    }
    // Private storage, each access a plain read or write: the stored `open` properties with observers
    // paid an exclusivity check at each read, and the collection view sets both on every arrival.
    private var storedIsSelected = false
    private var storedIsHighlighted = false

    /// The content and background configurations, the update handler and whether an update waits
    /// (`CollectionViewCell+Configuration.swift`).
    let configurationSlots = ConfigurationSlots<ConfigurationUpdateHandler>()

    /// The state the cell's configurations are resolved for: selected and highlighted as the cell
    /// shows them, the others as the collection view set them. Override to add custom states (call
    /// super, then set them by key), as in UIKit.
    open var configurationState: CellConfigurationState { baseConfigurationState(isEditing: configurationSlots.flags.isEditing) }

    /// Updates the cell's configurations for `state`; the collection view calls it (through
    /// `setNeedsUpdateConfiguration()`, never directly) once per update, after the automatic
    /// updates and before `configurationUpdateHandler`. Override it to configure by state; the
    /// default does nothing. See `CollectionViewCell+Configuration.swift`.
    open func updateConfiguration(using state: CellConfigurationState) {}

    /// Creates a cell; the collection view calls this for registered classes.
    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        addSubview(contentView)
    }

    /// Makes `contentView` fill the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard placesContentView else { return }
        contentView.frame = CGRect(origin: .zero, size: bounds.size)
        configurationSlots.layOut(contentIn: contentView.bounds, backgroundIn: bounds.size)
    }

    /// The layout places the cell's item at `indexPath`: told at each dequeue and, while the cell
    /// shows, after each prepare of the layout (`CollectionView.placeCellsOnScreen()`). A list cell
    /// learns its list's appearance; other cells need nothing.
    func takePlace(at indexPath: IndexPath, in layout: CollectionViewLayout) {}

    /// Whether `layoutSubviews()` here places `contentView` and the configurations' views. A list
    /// cell places them itself, between its accessories: laid out here first at the full width,
    /// its content would be laid out twice a pass.
    var placesContentView: Bool { true }

    /// Lays out the cell if it needs it. A cell with constraints gives `contentView` its frame first, so
    /// the constraints solved before `layoutSubviews()` are solved at the size it is about to give
    /// (see `TableViewCell.layoutIfNeeded()`); `layoutSubviews()` still sets it.
    open override func layoutIfNeeded() {
        if needsLayout, _autoLayout?.hasConstraintsBelow == true { contentView.frame = CGRect(origin: .zero, size: bounds.size) }
        super.layoutIfNeeded()
    }

    /// The content configuration's view's height at `size.width` when there is one; otherwise
    /// the default fits nothing (height 0).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: configurationSlots.fittingHeight(width: size.width) ?? 0)
    }
}
