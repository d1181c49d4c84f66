import Foundation

/// A collection view cell for lists (UIKit: `UICollectionViewListCell`): content from a list
/// configuration, accessories beside it, and indentation for outlines.
///
/// The cell's width is shared, from the leading edge: the indentation (`indentationLevel` ×
/// `indentationWidth`), the leading accessories, the `contentView`, the trailing accessories.
/// Each accessory shown takes its glyph's width plus one column before it (after it, at the
/// trailing edge); the content view self-sizes in what is left, so `sizeThatFits(_:)` is its height
/// (at least one line when an accessory shows). A list cell gets `BackgroundConfiguration.listPlainCell()`
/// as its background unless one is set, as in UIKit, so its selected look comes from the background.
@MainActor
open class CollectionViewListCell: CollectionViewCell {
    /// The accessories shown beside the content (UIKit's name). Each system kind may appear once:
    /// a second one of a kind stops with a message naming it (UIKit raises). Their order in the
    /// array does not matter: the system places them (see `CellAccessory`).
    open var accessories: [CellAccessory] {
        get { storedAccessories }
        set {
            storedAccessories = newValue
            do { try Self.validateAccessories(newValue) } catch { ReuseTableError.trap(error) }
            rebuildAccessoryLabels()
        }
    }

    /// How many indentation steps the content is moved by (UIKit's name; an outline sets its depth). Default 0; negative counts as 0.
    open var indentationLevel: Int {
        get { storedIndentationLevel }
        set {
            storedIndentationLevel = newValue
            setNeedsLayout()
        }
    }

    /// The width of one indentation step, in columns (UIKit's name). Default 2 (UIKit: points). A
    /// non-finite or negative width counts as 0.
    open var indentationWidth: CGFloat {
        get { storedIndentationWidth }
        set {
            storedIndentationWidth = newValue
            setNeedsLayout()
        }
    }

    /// Whether the leading accessories move with the indentation (UIKit's name); default true.
    /// False indents the content only.
    open var indentsAccessories: Bool {
        get { storedIndentsAccessories }
        set {
            storedIndentsAccessories = newValue
            setNeedsLayout()
        }
    }

    // Private stored state, each access a plain read or write (as `Label` keeps its own): the
    // optimizer drops the runtime's exclusivity checks the stored `open` properties paid at every
    // layout of the cell.
    private var storedAccessories: [CellAccessory] = []
    private var storedIndentationLevel = 0
    private var storedIndentationWidth: CGFloat = 2
    private var storedIndentsAccessories = true

    /// Selected, a multiselect accessory shows it: the cell is laid out again.
    open override var isSelected: Bool {
        didSet { if isSelected != oldValue, !accessories.isEmpty { setNeedsLayout() } }
    }

    /// The labels that draw the accessories, one per accessory, in `accessories`' order.
    var accessoryLabels: [Label] = []

    /// Creates a list cell with UIKit's list background (`listPlainCell()`).
    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        backgroundConfiguration = .listPlainCell()
    }

    /// A fresh list content configuration in the look of the list the cell shows an item of (UIKit's
    /// `defaultContentConfiguration()` of a list cell): `.cell()`, or `.sidebarCell()` in a `.sidebar`
    /// or `.sidebarPlain` list; for a section's first item under `headerMode = .firstItemInSection`,
    /// `.header()`, or `.sidebarHeader()` in the sidebar appearances. Outside a list section (another
    /// layout, or not dequeued for an item), `.cell()`. Set its texts, then `contentConfiguration`.
    open func defaultContentConfiguration() -> ListContentConfiguration {
        listPlacement?.defaultContentConfiguration ?? .cell()
    }

    /// Where the layout placed the item the cell shows, when it is in a list section: learned at each
    /// dequeue and, while the cell shows, after each prepare of the layout.
    private(set) var listPlacement: ListCellPlacement?

    /// A new place in a list (or none) asks for an update: a handler that starts from
    /// `defaultContentConfiguration()` restyles the cell, and the outline disclosure may change sides.
    override func takePlace(at indexPath: IndexPath, in layout: CollectionViewLayout) {
        let placement = layout.listCellPlacement(ofItemAt: indexPath)
        guard placement != listPlacement else { return }
        listPlacement = placement
        setNeedsUpdateConfiguration()
        setNeedsLayout()
    }

    /// Whether the cell is configured as a section header, which makes an `.automatic` outline
    /// disclosure the header style (UIKit's rule): its list content configuration's style when it
    /// has one (`.header()`, `.footer()`, `.sidebarHeader()`), otherwise whether the layout placed it
    /// as its section's header item (`headerMode = .firstItemInSection`).
    var isConfiguredAsHeader: Bool {
        if let content = configurationSlots.content, let list = ListContentConfiguration.opened(content) { return list.style.isSupplementary }
        return listPlacement?.isHeader ?? false
    }

    /// Throws a message naming the kind when a system accessory appears twice.
    static func validateAccessories(_ accessories: [CellAccessory]) throws(ReuseTableError) {
        var seen: Set<CellAccessory.Kind> = []
        for accessory in accessories where !seen.insert(accessory.kind).inserted {
            throw ReuseTableError(
                "CollectionViewListCell.accessories: more than one \(accessory.kind.name) accessory (\(accessories.count) accessories given); "
                    + "a cell holds each system accessory once, as in UIKit.")
        }
    }

    /// A headless stand-in for a tap on accessory `index` of `accessories`, when it shows in the
    /// cell's editing mode: runs its `actionHandler` if it has one; otherwise, as UIKit, an
    /// `outlineDisclosure` toggles the cell's item through the data source's `sectionSnapshotHandlers`
    /// (as `CollectionView.tapOutlineDisclosure(at:)` does), a `delete` control opens the item's
    /// trailing swipe actions (`CollectionView.swipeItem(at:edge:)`) and a `reorder` grip lifts the
    /// item (`beginInteractiveMovementForItem(at:)`; the finger then moves it with
    /// `updateInteractiveMovementTargetPosition(_:)`). Returns whether something ran. An index out of
    /// range stops with a message naming it and the count.
    /// - Complexity: O(1) plus the handler; O(v) for v visible items to find this cell's item.
    @discardableResult
    open func tapAccessory(at index: Int) -> Bool {
        guard accessories.indices.contains(index) else {
            ReuseTableError.trap(
                ReuseTableError("tapAccessory(at:): index \(index) is out of range: the cell has \(accessories.count) accessories."))
        }
        let accessory = accessories[index]
        guard isShown(accessory) else { return false }
        if let handler = accessory.actionHandler {
            handler()
            return true
        }
        if accessory.kind == .outlineDisclosure { return toggleShownItem() }
        guard let collectionView = superview as? CollectionView else { return false }
        return collectionView.accessoryTapped(accessory.kind, on: self)
    }

    /// Whether `accessory` shows now: not hidden, and displayed in the cell's editing mode.
    func isShown(_ accessory: CellAccessory) -> Bool {
        !accessory.isHidden && accessory.displayedState.shows(isEditing: configurationState.isEditing)
    }

    private func rebuildAccessoryLabels() {
        for label in accessoryLabels { label.removeFromSuperview() }
        accessoryLabels = accessories.map { _ in
            let label = Label()
            label.numberOfLines = 1
            addSubview(label)
            return label
        }
        setNeedsLayout()
    }

    /// Where the content view and each accessory go in a cell `width` wide.
    struct AccessoryLayout {
        var contentX: CGFloat = 0
        var contentWidth: CGFloat = 0
        /// The x and width of each accessory shown, by its index in `accessories`.
        var accessories: [Int: (x: CGFloat, width: CGFloat)] = [:]
    }

    /// The widths of the indentation and accessories, and what is left for the content.
    /// - Complexity: O(accessories).
    func accessoryLayout(width: CGFloat) -> AccessoryLayout {
        let step = indentationWidth.isFinite ? max(0, indentationWidth) : 0
        let indent = CGFloat(max(0, indentationLevel)) * step
        var layout = AccessoryLayout()
        if accessories.isEmpty {  // most list cells: no filtering and sorting of an empty list at every layout
            layout.contentX = indent
            layout.contentWidth = max(0, width - indent)
            return layout
        }
        var leading = indentsAccessories ? indent : 0
        var trailing = width
        // Leading ones from the edge inward, trailing ones from the content outward (`Kind`'s order).
        let shown = accessories.indices.filter { isShown(accessories[$0]) }
        // The state and the header check only with an accessory shown: both cost a dynamic cast at every layout.
        let state = shown.isEmpty ? CellConfigurationState() : configurationState
        let isHeader = !shown.isEmpty && isConfiguredAsHeader
        for index in shown where accessories[index].isLeading(outlineIsHeader: isHeader) {
            let accessoryWidth = Self.width(of: accessories[index], in: state)
            leading += 1
            layout.accessories[index] = (leading, accessoryWidth)
            leading += accessoryWidth
        }
        let trailingOnes = shown.filter { !accessories[$0].isLeading(outlineIsHeader: isHeader) }
            .sorted { Self.order(accessories[$0].kind) > Self.order(accessories[$1].kind) }
        for index in trailingOnes {
            let accessoryWidth = Self.width(of: accessories[index], in: state)
            trailing -= 1 + accessoryWidth
            layout.accessories[index] = (trailing, accessoryWidth)
        }
        layout.contentX = indentsAccessories ? leading : leading + indent
        layout.contentWidth = max(0, trailing - layout.contentX)
        return layout
    }

    private static func order(_ kind: CellAccessory.Kind) -> Int {
        switch kind {
        case .delete: return 0
        case .multiselect: return 1
        case .outlineDisclosure: return 2
        case .label: return 3
        case .detail: return 4
        case .checkmark: return 5
        case .disclosureIndicator: return 6
        case .reorder: return 7
        }
    }

    private static func width(of accessory: CellAccessory, in state: CellConfigurationState) -> CGFloat {
        let glyph = CGFloat(displayWidth(accessory.glyph(in: state)))
        switch accessory.reservedLayoutWidth {
        case .standard, .actual: return glyph
        case .custom(let width): return width.isFinite ? max(glyph, width) : glyph
        }
    }

    /// The content view is placed here, not by `CollectionViewCell.layoutSubviews()`.
    override var placesContentView: Bool { false }

    /// Places the content view between the accessories and draws each accessory shown, centered
    /// vertically on whole lines; hidden ones are hidden.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let layout = accessoryLayout(width: bounds.width)
        contentView.frame = CGRect(x: layout.contentX, y: 0, width: layout.contentWidth, height: bounds.height)
        configurationSlots.layOut(contentIn: contentView.bounds, backgroundIn: bounds.size)
        let state = accessories.isEmpty ? CellConfigurationState() : configurationState  // read by accessories only
        for (index, label) in accessoryLabels.enumerated() {
            guard index < accessories.count, let placed = layout.accessories[index] else {
                label.isHidden = true
                continue
            }
            let accessory = accessories[index]
            label.isHidden = false
            label.text = accessory.glyph(in: state)
            label.textColor = accessory.tintColor ?? accessory.defaultColor
            label.font = accessory.font ?? .preferredFont(forTextStyle: .body)
            let line = label.lineHeight
            let top = max(0, ((bounds.height - line) / 2 / line + 1e-9).rounded(.down) * line)
            label.frame = CGRect(x: placed.x, y: top, width: placed.width, height: line)
        }
    }

    /// The content view's height at the width the indentation and accessories leave, and at least
    /// one line when an accessory shows.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let layout = accessoryLayout(width: size.width)
        let content = configurationSlots.fittingHeight(width: layout.contentWidth) ?? 0
        let accessoryHeight: CGFloat = layout.accessories.isEmpty ? 0 : (accessoryLabels.first?.lineHeight ?? 1)
        return CGSize(width: size.width, height: max(content, accessoryHeight))
    }
}
