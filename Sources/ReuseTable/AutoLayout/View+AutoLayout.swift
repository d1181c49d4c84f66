import Foundation

/// Auto Layout on views, with UIKit's names: anchors, installed constraints,
/// intrinsic size with hugging and compression resistance, and fitting.
extension View {
    /// `UIView.noIntrinsicMetric`: no intrinsic size along that axis.
    public static let noIntrinsicMetric: CGFloat = -1
    /// `UIView.layoutFittingCompressedSize`: fit as small as the constraints allow.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// `UIView.layoutFittingExpandedSize`: fit as large as the constraints allow.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The Auto Layout side storage, created on first use.
    var autoLayoutState: AutoLayoutState {
        if let state = _autoLayout { return state }
        let state = AutoLayoutState(view: self)
        _autoLayout = state
        return state
    }

    // MARK: Anchors

    /// The leading edge (= left: layouts are left-to-right).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(view: self, attribute: .leading) }
    /// The trailing edge (= right).
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(view: self, attribute: .trailing) }
    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(view: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(view: self, attribute: .right) }
    /// The horizontal center.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(view: self, attribute: .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(view: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(view: self, attribute: .bottom) }
    /// The vertical center.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(view: self, attribute: .centerY) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(view: self, attribute: .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(view: self, attribute: .height) }

    // MARK: Constraints

    /// True (the default) keeps the frame fixed while constraints place other views; set false to let constraints place this one.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { _autoLayout?.translatesAutoresizingMaskIntoConstraints ?? true }
        set { autoLayoutState.translatesAutoresizingMaskIntoConstraints = newValue }
    }

    /// The active constraints installed on this view (those whose items' nearest common ancestor it is).
    public var constraints: [LayoutConstraint] { _autoLayout?.installed ?? [] }

    /// Activates `constraint` (UIKit installs it on the receiver; here on the items' nearest common ancestor, which must be this view or below it).
    /// - Complexity: O(tree depth) to find the common ancestor.
    public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }
    /// Activates each constraint.
    /// - Complexity: O(n · tree depth).
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
    /// Deactivates `constraint` if it is installed on this view.
    /// - Complexity: O(constraints installed here).
    public func removeConstraint(_ constraint: LayoutConstraint) {
        if constraint.installedOn === self { constraint.isActive = false }
    }
    /// Deactivates each of `constraints` installed on this view.
    /// - Complexity: O(n · constraints installed here).
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    /// True when this view or a descendant has an active constraint installed.
    /// - Complexity: O(size of the subtree).
    func hasInstalledConstraintsInSubtree() -> Bool {
        if let state = _autoLayout, !state.installed.isEmpty { return true }
        return subviews.contains { $0.hasInstalledConstraintsInSubtree() }
    }

    // MARK: Intrinsic size

    /// The default intrinsic size: a `Label`'s text (wrapped at `preferredMaxLayoutWidth` when set), otherwise none.
    var defaultIntrinsicContentSize: CGSize {
        if let label = self as? Label {
            let width = label.preferredMaxLayoutWidth
            return label.sizeThatFits(CGSize(width: width > 0 ? width : 0, height: 0))
        }
        return CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// Tells the layout that `intrinsicContentSize` changed. The engine re-reads intrinsic
    /// sizes at each solve and applies only the ones that changed, as incremental edits.
    public func invalidateIntrinsicContentSize() {
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    /// How strongly the view resists growing beyond its intrinsic size along `axis` (default 250).
    public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        guard let state = _autoLayout else { return .defaultLow }
        return axis == .horizontal ? state.hugging.horizontal : state.hugging.vertical
    }

    /// Sets the hugging priority along `axis`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        if axis == .horizontal { autoLayoutState.hugging.horizontal = priority } else { autoLayoutState.hugging.vertical = priority }
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis` (default 750).
    public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        guard let state = _autoLayout else { return .defaultHigh }
        return axis == .horizontal ? state.compressionResistance.horizontal : state.compressionResistance.vertical
    }

    /// Sets the compression resistance priority along `axis`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        if axis == .horizontal {
            autoLayoutState.compressionResistance.horizontal = priority
        } else {
            autoLayoutState.compressionResistance.vertical = priority
        }
    }

    // MARK: Fitting

    /// The size the constraints give this view nearest `targetSize`, pulled with `fittingSizeLevel` on both axes.
    /// - Complexity: incremental: the changes since the last fit of this view, plus a few solver passes for wrapping labels.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the constraints give this view when its width and height are pulled toward
    /// `targetSize` with the given priorities (`.required` fixes that side).
    ///
    /// The view keeps its engine between calls, so measuring many contents only changes
    /// constants and intrinsic sizes. The view's own `translatesAutoresizingMaskIntoConstraints`
    /// is ignored (it is the one being fitted); frames are not changed.
    /// - Complexity: as `systemLayoutSizeFitting(_:)`.
    public func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority,
        verticalFittingPriority: LayoutPriority
    ) -> CGSize {
        layoutEngine.fit(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority, diagnostics: nil)
    }

    /// The height of a template cell's `contentView` at `width`, by FDTemplateLayoutCell's
    /// Auto Layout path: a required width fence and compressed fitting. Nil when
    /// neither this view nor a descendant has an active constraint (the caller then
    /// takes the `sizeThatFits` path). Conflicts are reported through `diagnostics`
    /// (default: `LayoutConstraint.diagnosticHandler`).
    ///
    /// The fence is the engine's own width of this view, so repeated fits change one
    /// constant instead of adding and removing a constraint.
    /// - Complexity: as `systemLayoutSizeFitting(_:)`, plus O(subtree) to find constraints.
    func templateFittingHeight(width: CGFloat, diagnostics: ((String) -> Void)? = nil) -> CGFloat? {
        guard hasInstalledConstraintsInSubtree() else { return nil }
        return layoutEngine.fit(
            CGSize(width: width, height: 0), horizontal: .required, vertical: .fittingSizeLevel,
            diagnostics: diagnostics
        ).height
    }

    /// Solves the constraints of this view's subtree with its bounds fixed and writes the frames
    /// of the views with `translatesAutoresizingMaskIntoConstraints == false` (called by `layoutIfNeeded()`).
    ///
    /// The engine is `constraintLayoutRoot`'s: for a cell whose constraints all live in its
    /// `contentView`, the contentView's, the very engine the table's template fit just solved, so
    /// a cell laid out at the height it was fitted to takes that solution instead of solving again.
    func layoutConstraintsOfSubtree() {
        constraintLayoutRoot.layoutEngine.layout(diagnostics: nil)
    }

    /// The view whose engine lays out this view's subtree: this view, or, while no constraint is
    /// installed on it and exactly one subview has constraints in its subtree and that subview is
    /// placed by its frame (`translatesAutoresizingMaskIntoConstraints`), that subview's root (the
    /// same question asked of it). Solving there is solving here: this view's engine would hold the
    /// same constraints, with the subview pinned at its frame, and give the same frames.
    /// - Complexity: O(subviews along the way).
    var constraintLayoutRoot: View {
        var root = self
        while root._autoLayout?.installed.isEmpty ?? true {
            var only: View?
            for subview in root.subviews where subview._autoLayout?.hasConstraintsBelow == true {
                if only != nil { return root }
                only = subview
            }
            guard let next = only, next.translatesAutoresizingMaskIntoConstraints else { return root }
            root = next
        }
        return root
    }

    var layoutEngine: LayoutEngine {
        let state = autoLayoutState
        if let engine = state.engine { return engine }
        let engine = LayoutEngine(root: self)
        state.engine = engine
        return engine
    }
}

extension Label {
    /// The width at which a multi-line label wraps for its intrinsic size; 0 (default) means
    /// automatic: the width its constraints give it (UIKit: `preferredMaxLayoutWidth`).
    public var preferredMaxLayoutWidth: CGFloat {
        get { _autoLayout?.preferredMaxLayoutWidth ?? 0 }
        set {
            autoLayoutState.preferredMaxLayoutWidth = newValue
            invalidateIntrinsicContentSize()
        }
    }
}

/// A view whose height depends on its width the way a multi-line label's does (`ListContentView`):
/// pinned by constraints, its intrinsic height is measured with `sizeThatFits(_:)` at the width
/// the engine solved, and the engine solves again until the sizes stop changing.
@MainActor
protocol AutoWrappingView: View {}
