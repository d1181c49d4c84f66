import Foundation

/// A headless stand-in for `UIView`: a rectangle in a tree of views.
///
/// ReuseTable runs where UIKit does not exist, so it ships the small part of
/// `UIView` a table view needs, with UIKit's names and semantics:
/// `frame` is in the superview's coordinates, `bounds` in the view's own, and
/// `bounds.origin` is the scroll offset of a `ScrollView`.
///
/// Layout is deferred as in UIKit: `setNeedsLayout()` marks the view and
/// `layoutIfNeeded()` runs `layoutSubviews()` once if it was marked.
@MainActor
open class View {
    /// The view's rectangle in its superview's coordinate space.
    open var frame: CGRect {
        get { CGRect(origin: origin, size: bounds.size) }
        set {
            origin = newValue.origin
            // Read, then written: `bounds.size =` on an open property runs its modify coroutine,
            // twice the instructions for each cell placed (Docs/performance-journal.md).
            var resized = bounds
            resized.size = newValue.size
            bounds = resized
        }
    }

    /// The view's rectangle in its own coordinate space; `origin` is the scroll offset.
    open var bounds: CGRect {
        get { storedBounds }
        set {
            let oldSize = storedBounds.size
            storedBounds = newValue
            if newValue.size != oldSize { setNeedsLayout() }
        }
    }

    // Private stored state, each access of it a plain read or write: the optimizer proves they
    // never overlap and drops the runtime's exclusivity checks, which an `open` stored property
    // with observers kept on every read of `bounds` (7% of a scroll step; Docs/performance-journal.md).
    private var storedBounds: CGRect = .zero
    private var origin: CGPoint = .zero

    /// Hidden views are skipped by renderers (UIKit: `isHidden`).
    open var isHidden = false

    /// An integer for the host's own use (UIKit: `tag`).
    open var tag = 0

    /// The views this view contains, back to front.
    public var subviews: [View] { storedSubviews }
    /// Private, each access a plain read or write (`changeSubviews(_:)` changes a local copy): the
    /// optimizer proves the accesses exclusive, so adding and removing a cell carries no runtime check.
    private var storedSubviews: [View] = []

    /// Changes the subview list on a local copy taken out of the storage, then tells the Auto Layout
    /// engines above that the structure changed (they walk their subtree again).
    private func changeSubviews(_ change: (inout [View]) -> Void) {
        var views = storedSubviews
        storedSubviews = []
        change(&views)
        storedSubviews = views
        autoLayoutStructureDidChange()
    }

    /// Tells the Auto Layout engines of this view and of its ancestors that the subtree changed
    /// (`AutoLayoutState.structureDidChange(below:)`): their next sync walks it again. Written here,
    /// where subviews change: a cell arriving or leaving walks up past views with no engine.
    /// - Complexity: O(depth).
    func autoLayoutStructureDidChange() {
        var current: View? = self
        while let candidate = current {
            candidate._autoLayout?.engine?.structureIsStale = true
            current = candidate.superview
        }
    }

    /// The view that contains this one, if any.
    ///
    /// A subview never keeps its superview alive, and the reference can never
    /// dangle: the subview holds a *weak* reference to a small link object its
    /// superview owns (`SuperviewLink`), and the link holds the superview
    /// `unowned` (checked). When the superview goes, its link goes with it and
    /// every subview's weak reference reads nil. Weakly referencing the link
    /// instead of the view keeps Swift's side table off the views themselves: a
    /// weak reference to a view would put every retain and release of it — a
    /// table, each of its cells — on the runtime's slow path (measured in
    /// Docs/performance-journal.md). No `deinit` is needed, so nothing depends on which
    /// thread frees a view.
    public var superview: View? { hasSuperviewLink ? _superviewLink?.view : nil }
    private weak var _superviewLink: SuperviewLink?
    /// Whether `_superviewLink` was set since it was last cleared: false answers "no superview"
    /// without loading the weak reference (a cell leaving the pool has none).
    private var hasSuperviewLink = false
    /// Handed to subviews (made with the view: a lazy one costs a check and a retain on every `addSubview`).
    private var link: SuperviewLink!

    /// What a closure the view hands out holds weakly instead of the view (`[weak handle = weakHandle]`,
    /// then `handle?.view`): one weak reference to the view itself would put every retain and
    /// release of it on the runtime's slow path, as `superview` explains.
    var weakHandle: SuperviewLink { link }

    private(set) var needsLayout = true

    /// Auto Layout's state for this view (constraints, priorities, engine); nil until used.
    var _autoLayout: AutoLayoutState?

    /// A view with `frame` (its bounds start at the origin), no superview and no subviews, needing layout
    /// (UIKit: `init(frame:)`).
    public init(frame: CGRect = .zero) {
        self.origin = frame.origin
        self.storedBounds = CGRect(origin: .zero, size: frame.size)
        self.link = SuperviewLink(self)
    }

    // MARK: View tree

    /// Adds `view` on top of the other subviews, removing it from its old superview first.
    /// - Complexity: O(subviews of the old superview).
    open func addSubview(_ view: View) {
        precondition(view !== self, "A view cannot be its own subview")
        view.removeFromSuperview()
        changeSubviews { $0.append(view) }
        view.attach(to: link)
    }

    /// Inserts `view` at `index` in the subview list (0 is the back).
    /// - Complexity: O(number of subviews), plus removing it from its old superview.
    open func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        let index = min(max(index, 0), storedSubviews.count)
        changeSubviews { views in
            if index == views.count { views.append(view) } else { views.insertShifting(view, at: index) }
        }
        view.attach(to: link)
    }

    private func attach(to superviewLink: SuperviewLink?) {
        _superviewLink = superviewLink
        hasSuperviewLink = superviewLink != nil
    }

    /// Moves a subview in front of its siblings.
    /// - Complexity: O(number of subviews).
    open func bringSubviewToFront(_ view: View) {
        guard let index = lastIndex(ofSubview: view) else { return }
        changeSubviews { views in
            views.remove(at: index)
            views.append(view)
        }
    }

    /// Detaches `view` if it is one of this view's subviews; returns whether it was.
    ///
    /// The same as `view.removeFromSuperview()` when the caller knows the parent:
    /// it never loads the child's weak `superview`, which would retain and release
    /// the parent through its side table (the slow path) for every cell a table recycles.
    /// - Complexity: O(number of subviews).
    @discardableResult
    @_spi(Internals) public func removeSubview(_ view: View) -> Bool {
        guard let index = lastIndex(ofSubview: view) else { return false }
        changeSubviews { _ = $0.remove(at: index) }
        view.attach(to: nil)
        return true
    }

    /// Detaches the view from its superview.
    /// - Complexity: O(number of siblings).
    open func removeFromSuperview() {
        guard hasSuperviewLink else { return }
        guard let parent = superview else { return attach(to: nil) }
        if let index = parent.lastIndex(ofSubview: self) {
            parent.changeSubviews { _ = $0.remove(at: index) }
        }
        attach(to: nil)
    }

    /// Where `view` is in `subviews`, searched from the front-most.
    ///
    /// A loop, not `lastIndex(where:)`: a closure formed here is isolated to the main
    /// actor, and the compiler checks the executor at every call of it, once per
    /// subview compared (`swift_task_isCurrentExecutor`, measured with `perf` at half
    /// the time of recycling a cell).
    /// - Complexity: O(number of subviews).
    private func lastIndex(ofSubview view: View) -> Int? {
        let views = storedSubviews
        var index = views.count - 1
        while index >= 0 {
            if views[index] === view { return index }
            index -= 1
        }
        return nil
    }

    /// True when `view` is this view or one of its descendants.
    /// - Complexity: O(depth of this view in its tree).
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Layout

    /// Marks the view so that the next `layoutIfNeeded()` runs `layoutSubviews()`.
    open func setNeedsLayout() { needsLayout = true }

    /// Runs `layoutSubviews()` now if the view was marked with `setNeedsLayout()`.
    ///
    /// When the subtree has constraints, they are solved before `layoutSubviews()` (which may read
    /// the frames they give) and again after it: `layoutSubviews()` may have resized a frame-based
    /// view that constraints hang from — a cell sizing its `contentView` — and the views placed by
    /// constraints must follow in the same pass, as UIKit lays out each level after its superview.
    /// - Complexity: one `layoutSubviews()`, plus one or two incremental Auto Layout solves when the
    ///   subtree has constraints (the second only after `layoutSubviews()`).
    open func layoutIfNeeded() {
        let hasConstraints = _autoLayout?.hasConstraintsBelow == true
        if hasConstraints { layoutConstraintsOfSubtree() }
        guard needsLayout else { return }
        needsLayout = false
        layoutSubviews()
        if hasConstraints { layoutConstraintsOfSubtree() }
    }

    /// Override to position subviews; the default does nothing.
    open func layoutSubviews() {}

    /// The natural size of the content, `View.noIntrinsicMetric` per axis for none (Auto Layout
    /// turns it into hugging and compression-resistance constraints); a `Label` measures its text.
    open var intrinsicContentSize: CGSize { defaultIntrinsicContentSize }

    /// The size that best fits `size`; the default returns the current size (as UIKit does).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits` of its current size.
    open func sizeToFit() {
        frame.size = sizeThatFits(bounds.size)
    }

    /// Converts a point from this view's coordinates to `view`'s (both must share an ancestor).
    /// - Complexity: O(depth of both views).
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        let inWindow = pointInRoot(point)
        guard let view else { return inWindow }
        let target = view.pointInRoot(.zero)
        return CGPoint(x: inWindow.x - target.x, y: inWindow.y - target.y)
    }

    private func pointInRoot(_ point: CGPoint) -> CGPoint {
        var result = point
        var current: View = self
        while let parent = current.superview {
            result.x += current.frame.minX - parent.bounds.minX
            result.y += current.frame.minY - parent.bounds.minY
            current = parent
        }
        return result
    }
}

/// What a subview refers to its superview through (see `View.superview`).
@MainActor
final class SuperviewLink {
    unowned let view: View
    init(_ view: View) { self.view = view }
}

extension [View] {
    /// `insert(_:at:)` for the subview list: one append, then the tail moves up one place in a single
    /// memory move. The generic insert (`replaceSubrange` with a `CollectionOfOne`) cost about 110
    /// instructions for each cell a table shows (Docs/performance-journal.md).
    /// - Complexity: O(count - index).
    mutating func insertShifting(_ view: View, at index: Int) {
        append(view)
        let last = count - 1
        guard index < last else { return }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let moved = (base + last).move()
            (base + index + 1).moveInitialize(from: base + index, count: last - index)
            (base + index).initialize(to: moved)
        }
    }

}
