import Foundation

/// A linear relation between two views' attributes (UIKit: `NSLayoutConstraint`):
/// `firstItem.firstAttribute relation multiplier · secondItem.secondAttribute + constant`.
///
///     let c = LayoutConstraint(item: title, attribute: .leading, relatedBy: .equal,
///                              toItem: cell.contentView, attribute: .leading, multiplier: 1, constant: 8)
///     c.isActive = true
///
/// Activating installs the constraint on the nearest common ancestor of its
/// items; the next `layoutIfNeeded()` or `systemLayoutSizeFitting` of a view
/// above it solves it. Changing `constant` or `priority` later is an
/// incremental edit of that view's engine, never a rebuild.
@MainActor
open class LayoutConstraint {
    /// The attribute of a view a constraint relates (left-to-right: leading = left, trailing = right).
    public enum Attribute: Sendable {
        /// Edges, sizes and centers, as UIKit names them; `notAnAttribute` is the second attribute of a constant size.
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY, notAnAttribute

        /// True for positions (left … centerY); false for width, height and notAnAttribute.
        var isLocation: Bool {
            switch self {
            case .width, .height, .notAnAttribute: return false
            default: return true
            }
        }

        /// The axis the attribute measures along, nil for `notAnAttribute`.
        var axis: Axis? {
            switch self {
            case .left, .right, .leading, .trailing, .width, .centerX: return .horizontal
            case .top, .bottom, .height, .centerY: return .vertical
            case .notAnAttribute: return nil
            }
        }
    }

    /// How the two sides compare.
    public enum Relation: Sendable {
        /// `first <= multiplier · second + constant`, `==`, `>=`.
        case lessThanOrEqual, equal, greaterThanOrEqual
    }

    /// A layout direction (for hugging and compression resistance).
    public enum Axis: Sendable {
        /// Widths and x positions; heights and y positions.
        case horizontal, vertical
    }

    /// Where conflict reports go when no table or collection view is measuring; default: standard error.
    public static var diagnosticHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    // The items and the host are held weakly through their views' `SuperviewLink`s, not the
    // views: a weak reference to a view would give it a side table and put every retain and
    // release of it — labels and content views, many times per layout — on the runtime's slow
    // path (see `View.superview`). The link goes with its view, so these read nil once it is gone.
    private weak var firstLink: SuperviewLink?
    private weak var secondLink: SuperviewLink?
    private weak var hostLink: SuperviewLink?

    var _firstItem: View? { firstLink?.view }
    var _secondItem: View? { secondLink?.view }

    /// The first view (weak, as in UIKit).
    public var firstItem: View? { _firstItem }
    /// The second view, nil for a constant width or height.
    public var secondItem: View? { _secondItem }
    /// The first view's attribute.
    public let firstAttribute: Attribute
    /// The second view's attribute (`notAnAttribute` without a second view).
    public let secondAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The factor on the second attribute.
    public let multiplier: CGFloat

    /// The offset added to the second side; changing it on an active constraint is an incremental edit.
    public var constant: CGFloat {
        didSet {
            if let message = LayoutConstraint.constantMessage(constant, for: self) { preconditionFailure(message) }
        }
    }

    /// The priority (default `.required`); switching between required and optional while active traps, as in UIKit.
    public var priority: LayoutPriority = .required {
        didSet {
            if let message = LayoutConstraint.priorityChangeMessage(from: oldValue, to: priority, isActive: isActive) {
                priority = oldValue
                preconditionFailure(message)
            }
        }
    }

    /// A name shown in diagnostics.
    public var identifier: String?

    /// The view the constraint is installed on while active (the items' nearest common ancestor).
    var installedOn: View? {
        get { hostLink?.view }
        set { hostLink = newValue?.weakHandle }
    }

    /// UIKit's designated initializer. Traps on the illegal combinations UIKit raises for
    /// (non-finite numbers, a location related to a constant, a 0 multiplier on a location,
    /// a location paired with a dimension or across axes).
    public convenience init(
        item: View, attribute firstAttribute: Attribute, relatedBy relation: Relation,
        toItem: View?, attribute secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat
    ) {
        if let message = LayoutConstraint.validationMessage(
            item: item, attribute: firstAttribute, toItem: toItem,
            attribute: secondAttribute, multiplier: multiplier, constant: constant)
        {
            preconditionFailure(message)
        }
        self.init(
            validatedItem: item, attribute: firstAttribute, relatedBy: relation, toItem: toItem,
            attribute: secondAttribute, multiplier: multiplier, constant: constant)
    }

    init(
        validatedItem item: View, attribute firstAttribute: Attribute, relatedBy relation: Relation,
        toItem: View?, attribute secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat
    ) {
        firstLink = item.weakHandle
        secondLink = toItem?.weakHandle
        self.firstAttribute = firstAttribute
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.relation = relation
        self.multiplier = multiplier
        self.constant = constant
    }

    /// True while installed; setting it activates (installs on the nearest common ancestor) or deactivates.
    ///
    /// Activation traps, as UIKit does, when the items have no common ancestor.
    public var isActive: Bool {
        get { hostLink != nil }
        set {
            if newValue == isActive { return }
            if newValue {
                guard let host = commonAncestor() else {
                    preconditionFailure(LayoutConstraint.noCommonAncestorMessage(self))
                }
                host.autoLayoutState.install(self)
            } else {
                installedOn?.autoLayoutState.uninstall(self)
            }
        }
    }

    /// Activates every constraint. - Complexity: O(n · tree depth).
    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates every constraint. - Complexity: O(n · constraints per host).
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The nearest common ancestor of the items (the item itself without a second one).
    /// - Complexity: O(depth of the tree).
    func commonAncestor() -> View? {
        guard let first = _firstItem else { return nil }
        guard let second = _secondItem else { return first }
        var candidate: View? = first
        while let view = candidate {
            if second.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        return nil
    }
}

extension LayoutConstraint: CustomStringConvertible {
    /// For example `<Label.leading == View.leading + 8 @750 id>`.
    nonisolated public var description: String {
        MainActor.assumeIsolated { describe() }
    }

    func describe() -> String {
        let relationText: String
        switch relation {
        case .equal: relationText = "=="
        case .lessThanOrEqual: relationText = "<="
        case .greaterThanOrEqual: relationText = ">="
        }
        var right = ""
        if let second = _secondItem {
            right = "\(LayoutConstraint.name(of: second)).\(secondAttribute)"
            if multiplier != 1 { right = "\(formatNumber(Double(multiplier))) * " + right }
            if constant > 0 { right += " + \(formatNumber(Double(constant)))" }
            if constant < 0 { right += " - \(formatNumber(Double(-constant)))" }
        } else {
            right = formatNumber(Double(constant))
        }
        let first = _firstItem.map { LayoutConstraint.name(of: $0) } ?? "nil"
        var text = "<\(first).\(firstAttribute) \(relationText) \(right)"
        if !priority.isRequired { text += " @\(formatNumber(Double(priority.rawValue)))" }
        if let identifier { text += " '\(identifier)'" }
        return text + ">"
    }

    /// A view's type name and tag, for messages: `Label` or `Label#3`.
    static func name(of view: View) -> String {
        let type = String(describing: Swift.type(of: view))
        return view.tag == 0 ? type : "\(type)#\(view.tag)"
    }
}
