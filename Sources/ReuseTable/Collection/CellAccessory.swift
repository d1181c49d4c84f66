import Foundation

/// A control or mark beside a list cell's content (UIKit: `UICellAccessory`): a chevron, a
/// checkmark, the editing controls, an outline's disclosure triangle, a label, an info button.
///
///     cell.accessories = [.disclosureIndicator(), .delete(), .reorder()]   // the last two while editing
///
/// Each factory takes `displayed:` with UIKit's default for that accessory (the editing controls
/// `.whenEditing`, the others `.always`). System accessories are placed by the system, as UIKit's
/// are: the order of the array does not matter, and a cell may hold each kind once
/// (`CollectionViewListCell.accessories` stops with a message naming a second one). Drawn as text
/// in a terminal (`›`, `✓`, `⊖`, `≡`, `▸`/`▾`, `○`/`●`, `ⓘ`); see Docs/modern-cells.md.
public struct CellAccessory {
    /// When an accessory shows, by the list's editing mode (UIKit: `UICellAccessory.DisplayedState`).
    public enum DisplayedState: Hashable, Sendable {
        /// In and out of editing mode.
        case always
        /// Only while editing.
        case whenEditing
        /// Only while not editing.
        case whenNotEditing

        /// Whether an accessory with this state shows in `isEditing`.
        func shows(isEditing: Bool) -> Bool {
            switch self {
            case .always: return true
            case .whenEditing: return isEditing
            case .whenNotEditing: return !isEditing
            }
        }
    }

    /// How wide the space kept for an accessory is (UIKit: `UICellAccessory.LayoutDimension`).
    public enum LayoutDimension: Hashable, Sendable {
        /// The accessory's own width (in a terminal, its glyph's).
        case standard
        /// The accessory's actual width.
        case actual
        /// A fixed width, in columns.
        case custom(CGFloat)
    }

    /// What a tap on an accessory runs (UIKit: `UICellAccessory.ActionHandler`).
    public typealias ActionHandler = @MainActor () -> Void

    /// The kinds of system accessory, in the order the trailing ones sit from the content outward.
    enum Kind: Hashable, Sendable {
        case delete, multiselect, outlineDisclosure, label, detail, checkmark, disclosureIndicator, reorder

        /// UIKit's name, for messages.
        var name: String {
            switch self {
            case .delete: return "delete"
            case .multiselect: return "multiselect"
            case .outlineDisclosure: return "outlineDisclosure"
            case .label: return "label"
            case .detail: return "detail"
            case .checkmark: return "checkmark"
            case .disclosureIndicator: return "disclosureIndicator"
            case .reorder: return "reorder"
            }
        }
    }

    /// The accessory's kind.
    let kind: Kind
    /// When it shows, by the editing mode.
    public var displayedState: DisplayedState
    /// Whether it is hidden: it shows nothing and keeps no space.
    public var isHidden: Bool
    /// The space kept for it.
    public var reservedLayoutWidth: LayoutDimension
    /// Its color; nil for the kind's own (UIKit's: red for delete, the tint for checkmark, gray for the chevron).
    public var tintColor: Color?
    /// The text of a `label` accessory.
    let text: String
    /// The font of a `label` accessory.
    let font: Font?
    /// The outline disclosure's style.
    let outlineStyle: OutlineDisclosureOptions.Style
    /// What a tap runs, for the accessories that take one.
    let actionHandler: ActionHandler?

    private init(
        _ kind: Kind, displayed: DisplayedState, isHidden: Bool?, reservedLayoutWidth: LayoutDimension?, tintColor: Color?,
        text: String = "", font: Font? = nil, outlineStyle: OutlineDisclosureOptions.Style = .automatic,
        actionHandler: ActionHandler? = nil
    ) {
        self.kind = kind
        self.displayedState = displayed
        self.isHidden = isHidden ?? false
        self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
        self.tintColor = tintColor
        self.text = text
        self.font = font
        self.outlineStyle = outlineStyle
        self.actionHandler = actionHandler
    }

    /// A chevron at the trailing edge: the row leads somewhere.
    public static func disclosureIndicator(displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()) -> Self {
        Self(
            .disclosureIndicator, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
            tintColor: options.tintColor)
    }

    /// A checkmark at the trailing edge.
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> Self {
        Self(
            .checkmark, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
            tintColor: options.tintColor)
    }

    /// A delete control at the leading edge, while editing by default; `actionHandler` runs when it
    /// is tapped, and without one a tap opens the item's trailing swipe actions, as in UIKit.
    public static func delete(
        displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(), actionHandler: ActionHandler? = nil
    ) -> Self {
        Self(
            .delete, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
            tintColor: options.tintColor, actionHandler: actionHandler)
    }

    /// A reorder grip at the trailing edge, while editing by default; touched, it lifts the item
    /// (`CollectionView.beginInteractiveMovementForItem(at:)`).
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()) -> Self {
        Self(
            .reorder, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor
        )
    }

    /// An outline's disclosure triangle (`▸` collapsed, `▾` expanded, from the cell's `isExpanded`
    /// state): at the leading edge in the cell style, at the trailing edge in the header style.
    /// `actionHandler` runs when it is tapped.
    public static func outlineDisclosure(
        displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(), actionHandler: ActionHandler? = nil
    ) -> Self {
        Self(
            .outlineDisclosure, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
            tintColor: options.tintColor, outlineStyle: options.style, actionHandler: actionHandler)
    }

    /// A short text at the trailing edge (a count, a status).
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> Self {
        Self(
            .label, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
            tintColor: options.tintColor, text: text, font: options.font)
    }

    /// A selection circle at the leading edge (`○`, `●` when the cell is selected), while editing by default.
    public static func multiselect(displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()) -> Self {
        Self(
            .multiselect, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
            tintColor: options.tintColor)
    }

    /// An info button at the trailing edge; `actionHandler` runs when it is tapped.
    public static func detail(displayed: DisplayedState = .always, options: DetailOptions = .init(), actionHandler: ActionHandler? = nil) -> Self {
        Self(
            .detail, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
            tintColor: options.tintColor, actionHandler: actionHandler)
    }

    /// Whether the accessory sits at the leading edge (`outlineIsHeader`: the cell shows a header).
    func isLeading(outlineIsHeader: Bool) -> Bool {
        switch kind {
        case .delete, .multiselect: return true
        case .outlineDisclosure:
            switch outlineStyle {
            case .cell: return true
            case .header: return false
            case .automatic: return !outlineIsHeader
            }
        case .label, .detail, .checkmark, .disclosureIndicator, .reorder: return false
        }
    }

    /// The text that draws the accessory in a cell of `state`.
    func glyph(in state: CellConfigurationState) -> String {
        switch kind {
        case .delete: return "⊖"
        case .multiselect: return state.isSelected ? "●" : "○"
        case .outlineDisclosure: return state.isExpanded ? "▾" : "▸"
        case .label: return text
        case .detail: return "ⓘ"
        case .checkmark: return "✓"
        case .disclosureIndicator: return "›"
        case .reorder: return "≡"
        }
    }

    /// The color the kind is drawn in without a tint of its own, as UIKit's are.
    var defaultColor: Color {
        switch kind {
        case .delete: return .systemRed
        case .checkmark, .detail, .multiselect, .outlineDisclosure: return .tintColor
        case .disclosureIndicator, .reorder: return .tertiaryLabel
        case .label: return .secondaryLabel
        }
    }
}

extension CellAccessory {
    /// Options of `disclosureIndicator` (UIKit: `UICellAccessory.DisclosureIndicatorOptions`).
    public struct DisclosureIndicatorOptions: Hashable, Sendable {
        /// Whether the accessory is hidden; nil: shown.
        public var isHidden: Bool?
        /// The space kept for it; nil: `.standard`.
        public var reservedLayoutWidth: LayoutDimension?
        /// Its color; nil: the system's.
        public var tintColor: Color?
        /// Options with the given values.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: Color? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor) = (isHidden, reservedLayoutWidth, tintColor)
        }
    }

    /// Options of `checkmark` (UIKit: `UICellAccessory.CheckmarkOptions`).
    public struct CheckmarkOptions: Hashable, Sendable {
        /// Whether the accessory is hidden; nil: shown.
        public var isHidden: Bool?
        /// The space kept for it; nil: `.standard`.
        public var reservedLayoutWidth: LayoutDimension?
        /// Its color; nil: the tint color.
        public var tintColor: Color?
        /// Options with the given values.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: Color? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor) = (isHidden, reservedLayoutWidth, tintColor)
        }
    }

    /// Options of `delete` (UIKit: `UICellAccessory.DeleteOptions`).
    public struct DeleteOptions: Hashable, Sendable {
        /// Whether the accessory is hidden; nil: shown.
        public var isHidden: Bool?
        /// The space kept for it; nil: `.standard`.
        public var reservedLayoutWidth: LayoutDimension?
        /// Its color; nil: red.
        public var tintColor: Color?
        /// Options with the given values.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: Color? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor) = (isHidden, reservedLayoutWidth, tintColor)
        }
    }

    /// Options of `reorder` (UIKit: `UICellAccessory.ReorderOptions`).
    public struct ReorderOptions: Hashable, Sendable {
        /// Whether the accessory is hidden; nil: shown.
        public var isHidden: Bool?
        /// The space kept for it; nil: `.standard`.
        public var reservedLayoutWidth: LayoutDimension?
        /// Its color; nil: the system's.
        public var tintColor: Color?
        /// Options with the given values.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: Color? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor) = (isHidden, reservedLayoutWidth, tintColor)
        }
    }

    /// Options of `outlineDisclosure` (UIKit: `UICellAccessory.OutlineDisclosureOptions`).
    public struct OutlineDisclosureOptions: Hashable, Sendable {
        /// Where the triangle sits (UIKit: `UICellAccessory.OutlineDisclosureOptions.Style`).
        public enum Style: Hashable, Sendable {
            /// The header style for a cell showing a header configuration, the cell style otherwise.
            case automatic
            /// At the trailing edge, as a collapsible section header.
            case header
            /// At the leading edge, as an item with children.
            case cell
        }
        /// Where the triangle sits; default `.automatic`.
        public var style: Style
        /// Whether the accessory is hidden; nil: shown.
        public var isHidden: Bool?
        /// The space kept for it; nil: `.standard`.
        public var reservedLayoutWidth: LayoutDimension?
        /// Its color; nil: the tint color.
        public var tintColor: Color?
        /// Options with the given values.
        public init(style: Style = .automatic, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: Color? = nil) {
            (self.style, self.isHidden, self.reservedLayoutWidth, self.tintColor) = (style, isHidden, reservedLayoutWidth, tintColor)
        }
    }

    /// Options of `label` (UIKit: `UICellAccessory.LabelOptions`).
    public struct LabelOptions: Hashable, Sendable {
        /// Whether the accessory is hidden; nil: shown.
        public var isHidden: Bool?
        /// The space kept for it; nil: `.standard`.
        public var reservedLayoutWidth: LayoutDimension?
        /// Its color; nil: the secondary label color.
        public var tintColor: Color?
        /// Its font; nil: body.
        public var font: Font?
        /// Options with the given values.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: Color? = nil, font: Font? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor, self.font) = (isHidden, reservedLayoutWidth, tintColor, font)
        }
    }

    /// Options of `multiselect` (UIKit: `UICellAccessory.MultiselectOptions`).
    public struct MultiselectOptions: Hashable, Sendable {
        /// Whether the accessory is hidden; nil: shown.
        public var isHidden: Bool?
        /// The space kept for it; nil: `.standard`.
        public var reservedLayoutWidth: LayoutDimension?
        /// Its color; nil: the tint color.
        public var tintColor: Color?
        /// Options with the given values.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: Color? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor) = (isHidden, reservedLayoutWidth, tintColor)
        }
    }

    /// Options of `detail` (UIKit: `UICellAccessory.DetailOptions`).
    public struct DetailOptions: Hashable, Sendable {
        /// Whether the accessory is hidden; nil: shown.
        public var isHidden: Bool?
        /// The space kept for it; nil: `.standard`.
        public var reservedLayoutWidth: LayoutDimension?
        /// Its color; nil: the tint color.
        public var tintColor: Color?
        /// Options with the given values.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: Color? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor) = (isHidden, reservedLayoutWidth, tintColor)
        }
    }
}
