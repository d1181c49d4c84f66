import Foundation

/// A row's view (UIKit: `UITableViewCell`).
///
/// Used as it is, a cell shows UIKit's standard layouts: set `textLabel?.text` (and, in the styles
/// that have one, `detailTextLabel?.text`); `init(style:reuseIdentifier:)` picks the style, and a
/// cell the table creates on dequeue has the `.default` style (`TableViewCell+Styles.swift`).
/// Subclasses add subviews to `contentView` and override `sizeThatFits(_:)` to self-size and
/// `layoutSubviews()` to place them; the table asks `sizeThatFits(CGSize(width: contentWidth, height: 0))`.
/// Or, as since iOS 14, set a `contentConfiguration` (`defaultContentConfiguration()`) and react to
/// `configurationState` in a `configurationUpdateHandler` (`TableViewCell+Configuration.swift`).
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
    public internal(set) var separatorHeight: CGFloat {
        get { storedSeparatorHeight }
        set {
            guard newValue != storedSeparatorHeight else { return }
            storedSeparatorHeight = newValue
            setNeedsLayout()
        }
    }
    /// Private, each access a plain read or write: no runtime exclusivity check (see `View.bounds`).
    private var storedSeparatorHeight: CGFloat = 0

    /// Forces template measurement through `sizeThatFits(_:)` even when the contentView
    /// has constraints (FDTemplateLayoutCell's `fd_enforceFrameLayout`). Default false:
    /// a contentView with constraints is fitted by Auto Layout.
    open var enforceFrameLayout = false
    /// Whether the cell shows a reorder control (the grip a row is lifted by), as UIKit's
    /// `showsReorderControl`: the app's switch, drawn by renderers; the table's movement
    /// (`beginInteractiveMovementForRow(at:)`) does not depend on it. Default false.
    open var showsReorderControl = false

    /// The standard accessory; ignored when `accessoryView` is set.
    open var accessoryType: AccessoryType {
        get { storedAccessoryType }
        set {
            storedAccessoryType = newValue
            setNeedsLayout()
        }
    }

    /// A custom accessory; takes its width plus 16 points.
    open var accessoryView: View? {
        get { storedAccessoryView }
        set {
            let oldValue = storedAccessoryView
            storedAccessoryView = newValue
            oldValue?.removeFromSuperview()
            if let newValue { addSubview(newValue) }
            setNeedsLayout()
        }
    }
    // Private, each access a plain read or write: no runtime exclusivity check on every layout (see `View.bounds`).
    private var storedAccessoryType: AccessoryType = .none
    private var storedAccessoryView: View?

    /// The built-in layout of `textLabel` and `detailTextLabel`; set by `init(style:reuseIdentifier:)`.
    var cellStyle: CellStyle = .default {
        didSet { setNeedsLayout() }
    }
    /// `textLabel`, once asked for (UIKit makes its labels on first use too).
    var builtInTextLabel: Label?
    /// `detailTextLabel`, once asked for in a style that has one.
    var builtInDetailTextLabel: Label?

    /// The cell's main label, made and added to `contentView` the first time it is read
    /// (UIKit: `textLabel`). Every style has one; the cell lays it out in `layoutSubviews()` and,
    /// when self-sizing, measures it in `sizeThatFits(_:)`. As in UIKit it shows one line until
    /// you set its `numberOfLines` to 0 (wrap) or more.
    open var textLabel: Label? {
        if let builtInTextLabel { return builtInTextLabel }
        let label = makeStyleLabel()
        builtInTextLabel = label
        return label
    }

    /// The secondary label, made and added to `contentView` the first time it is read, or nil in the
    /// `.default` style, which has none (UIKit: `detailTextLabel`). Laid out and measured as `textLabel`.
    open var detailTextLabel: Label? {
        if let builtInDetailTextLabel { return builtInDetailTextLabel }
        guard cellStyle != .default else { return nil }
        let label = makeStyleLabel()
        builtInDetailTextLabel = label
        return label
    }

    /// How a selected or highlighted cell shows it (UIKit: `selectionStyle`); default `.default`.
    /// With `.none` the row still becomes selected (`isSelected` is true, the delegate is told) but the
    /// cell does not show it: its `textLabel` and `detailTextLabel` stay unhighlighted. A subclass that
    /// draws its own selected look should check it too.
    open var selectionStyle: SelectionStyle = .default {
        didSet { showSelectionOnLabels() }
    }

    /// True for the off-screen cells the table measures with; a cell may skip
    /// work that does not change its height (FDTemplateLayoutCell's flag).
    public internal(set) var isTemplateLayoutCell: Bool {
        get { storedIsTemplateLayoutCell }
        set { storedIsTemplateLayoutCell = newValue }
    }
    /// Private, each access a plain read or write: no runtime exclusivity check (see `View.bounds`).
    private var storedIsTemplateLayoutCell = false

    /// Set when a table first receives the cell, so "cells created" counts each cell once.
    var hasBeenSeen = false

    /// The content and background configurations, the update handler and whether an update waits
    /// (`TableViewCell+Configuration.swift`).
    let configurationSlots = ConfigurationSlots<ConfigurationUpdateHandler>()

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
    /// Whether `setHighlighted(_:animated:)` last heard true from the table, or the cell was taken from
    /// the pool highlighted: the next display tells it false even when `isHighlighted` already is
    /// (an override may not call super; `clearSelectionForReuse()` cleared the state without it).
    var highlightOwedToSetter = false

    /// Reuse: the cell reads unselected and unhighlighted from here on, without calling the setters; the
    /// table's display calls `setSelected(_:animated:)` (always) and `setHighlighted(_:animated:)` (when
    /// it was highlighted), so an override hears each change of what the cell shows once.
    func clearSelectionForReuse() {
        guard selectedState || highlightedState else { return }
        if highlightedState { highlightOwedToSetter = true }
        selectedState = false
        highlightedState = false
        setNeedsUpdateConfiguration()
        showSelectionOnLabels()
    }

    /// Shows the selected state; override to draw it, and call super (UIKit's pattern).
    /// The built-in labels follow (`Label.isHighlighted`) unless `selectionStyle` is `.none`.
    open func setSelected(_ selected: Bool, animated: Bool) {
        if selected != selectedState { setNeedsUpdateConfiguration() }
        selectedState = selected
        showSelectionOnLabels()
    }

    /// Shows the highlighted state; override to draw it, and call super (UIKit's pattern).
    /// The built-in labels follow (`Label.isHighlighted`) unless `selectionStyle` is `.none`.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        if highlighted != highlightedState { setNeedsUpdateConfiguration() }
        highlightedState = highlighted
        showSelectionOnLabels()
    }

    /// Whether the cell shows the table's editing mode. The table sets it on every cell it
    /// displays (and on the cells on screen when `TableView.setEditing(_:animated:)` runs), so a
    /// reused cell never keeps another moment's mode. Setting it calls `setEditing(_:animated:)`
    /// without animation, as in UIKit. Default false. See `TableViewCell+Editing.swift`.
    open var isEditing: Bool {
        get { editingState }
        set { setEditing(newValue, animated: false) }
    }
    private var editingState = false

    /// Shows or hides the editing mode; override to draw it (an editing control), and call super.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingState else { return }
        editingState = editing
        setNeedsLayout()
        setNeedsUpdateConfiguration()
    }

    /// The state the cell's configurations are resolved for: selected, highlighted and editing as
    /// the cell shows them, swiped and reordering as the table set them. Override to add custom
    /// states (call super, then set them by key), as in UIKit.
    open var configurationState: CellConfigurationState { baseConfigurationState(isEditing: isEditing) }

    /// Updates the cell's configurations for `state`; the table calls it (through
    /// `setNeedsUpdateConfiguration()`, never directly) once per update, after the automatic
    /// updates and before `configurationUpdateHandler`. Override it to configure by state; the
    /// default does nothing. See `TableViewCell+Configuration.swift`.
    open func updateConfiguration(using state: CellConfigurationState) {}

    /// Creates a `.default`-style cell with its `contentView`; the table calls this when the reuse pool
    /// has no spare cell for `reuseIdentifier`. `init(style:reuseIdentifier:)` picks another style.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// Called when the cell is taken from the reuse pool, before the data source configures it.
    open func prepareForReuse() {}

    /// The width the accessory takes from the content (UIKit's metrics, as FDTemplateLayoutCell uses them).
    public var accessoryWidth: CGFloat { accessoryWidth(accessoryView) }

    /// `accessoryWidth` for `accessoryView` read already.
    private func accessoryWidth(_ accessoryView: View?) -> CGFloat {
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
    /// centers the accessory beside it at the trailing edge, as `UITableViewCell` does, and places
    /// `textLabel` and `detailTextLabel` (if used) as the cell's style lays them out; subclasses call `super` first.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let accessoryView = self.accessoryView  // read once: `contentFrame` would read it again
        let size = bounds.size
        let content = Self.contentFrame(in: size, accessoryWidth: accessoryWidth(accessoryView), separatorHeight: separatorHeight)
        contentView.frame = content
        let contentWidth = content.width, contentHeight = content.height
        if let accessoryView {
            accessoryView.frame.origin = CGPoint(
                x: contentWidth + 8, y: max(0, (contentHeight - accessoryView.frame.height) / 2))
        }
        layoutStyleLabels(contentSize: content.size)
        if configurationSlots.contentView != nil || configurationSlots.backgroundView != nil {  // a classic cell has neither
            configurationSlots.layOut(contentIn: contentView.bounds, backgroundIn: size)
        }
    }

    /// Where `layoutSubviews()` puts `contentView`: the cell's width minus `accessoryWidth`, its height minus `separatorHeight`.
    var contentFrame: CGRect {
        Self.contentFrame(in: bounds.size, accessoryWidth: accessoryWidth, separatorHeight: separatorHeight)
    }

    private static func contentFrame(in size: CGSize, accessoryWidth: CGFloat, separatorHeight: CGFloat) -> CGRect {
        CGRect(x: 0, y: 0, width: max(0, size.width - accessoryWidth), height: max(0, size.height - separatorHeight))
    }

    /// Lays out the cell if it needs it. A cell with constraints gives `contentView` its frame first, so
    /// the constraints solved before `layoutSubviews()` are solved at the size it is about to give, the
    /// size the table fitted the row at (see `View.layoutIfNeeded()`); `layoutSubviews()` still sets it.
    open override func layoutIfNeeded() {
        if needsLayout, _autoLayout?.hasConstraintsBelow == true { contentView.frame = contentFrame }
        super.layoutIfNeeded()
    }

    /// The height `textLabel` and `detailTextLabel` need at the content width `size.width`, as the
    /// cell's style lays them out; 0 when neither is used or both are empty (the table then uses 44,
    /// as UIKit does). Subclasses with content of their own override it.
    /// - Complexity: O(length of the labels' text).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let height = configurationSlots.fittingHeight(width: size.width) { return CGSize(width: size.width, height: height) }
        return CGSize(width: size.width, height: styleLayout(contentWidth: size.width)?.height ?? 0)
    }
}

// How the cell shows the selection the view keeps (`Selection/SelectionHost.swift`; the table's side:
// `TableView+Selection.swift`), and the built-in labels' selected look (`TableViewCell+Styles.swift`).
extension TableViewCell: SelectableCell {
    func showSelected(_ selected: Bool, animated: Bool) { setSelected(selected, animated: animated) }
    func showHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted || isHighlighted || highlightOwedToSetter else { return }  // false to a cell showing false: no change
        highlightOwedToSetter = highlighted
        setHighlighted(highlighted, animated: animated)
    }
    func resetSelectionForReuse() { clearSelectionForReuse() }

    /// Highlights the built-in labels while the cell shows a selected look.
    func showSelectionOnLabels() {
        guard builtInTextLabel != nil || builtInDetailTextLabel != nil else { return }  // nothing shows it: no style read
        let shown = showsSelection
        builtInTextLabel?.isHighlighted = shown
        builtInDetailTextLabel?.isHighlighted = shown
    }
}

// The update a cell the table hands over runs (`prepareConfiguration(of:at:)`), shared with the other
// cell class (`Configuration/ConfigurationSlots.swift`); the configurations themselves: `TableViewCell+Configuration.swift`.
extension TableViewCell: SlottedCell {
    /// Asks for an update of the cell's configurations for its current state (UIKit's name). The
    /// table showing the cell runs it once before its next layout pass, however many requests and
    /// state changes came first; a cell not on screen is updated when it is next displayed.
    /// - Complexity: O(1).
    public func setNeedsUpdateConfiguration() {
        markNeedsConfigurationUpdate()
    }

    func callConfigurationUpdateHandler(with state: CellConfigurationState) {
        configurationSlots.handler?(self, state)
    }
}
