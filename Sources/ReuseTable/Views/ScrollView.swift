import Foundation

/// A headless stand-in for `UIScrollView`.
///
/// As in UIKit, the content offset *is* `bounds.origin`: scrolling moves the
/// window onto the content, and subviews keep their content-space frames.
/// Every change of the offset calls `scrollViewDidChangeOffset()`, which a
/// `TableView` uses to lay out visible rows at once — the "layout on
/// setContentOffset" of *Let's Build UITableView*.
@MainActor
open class ScrollView: View {
    /// The point of the content that is shown at the view's top-left corner.
    ///
    /// A NaN component is reported through `diagnosticHandler` and keeps its old
    /// value; an infinite one is reported and clamped to the content's edge
    /// (`minimumContentOffsetY` or `maximumContentOffsetY`, insets included).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard moveOffset(to: sanitizedContentOffset(newValue), because: .user) else { return }
            scrollViewDidChangeOffset()
        }
    }

    /// The offset a host's `contentOffset` asks for, made finite: a NaN component keeps its old value, an
    /// infinite one is clamped to the content's edge; either is reported through `diagnosticHandler`.
    /// Subclasses compare with the result, never with the raw value (a NaN is never equal to the offset).
    /// - Complexity: O(1).
    func sanitizedContentOffset(_ newValue: CGPoint) -> CGPoint {
        var offset = newValue
        guard !offset.x.isFinite || !offset.y.isFinite else { return offset }
        if !offset.x.isFinite {
            offset.x =
                offset.x.isNaN
                ? bounds.origin.x
                : (offset.x > 0 ? maximumContentOffsetX(viewWidth: bounds.width) : minimumContentOffsetX)
        }
        if !offset.y.isFinite {
            offset.y = offset.y.isNaN ? bounds.origin.y : (offset.y > 0 ? maximumContentOffsetY : minimumContentOffsetY)
        }
        diagnosticHandler("invalid contentOffset \(newValue): offsets must be finite; using \(offset).")
        return offset
    }

    /// How far the content is inset from the view's edges (UIKit: `contentInset`); default `.zero`.
    ///
    /// The content may scroll under the insets; the vertical offset ranges from
    /// `-top` to `contentSize.height + bottom - bounds.height` (see `adjustedContentInset`, below).
    /// Setting it keeps the offset, as UIKit does, and lays out again; an offset the new insets leave past
    /// the end (a bottom inset gone) is clamped at that layout, as after a shrinking reload. A NaN,
    /// infinite or negative component is reported through `diagnosticHandler` and taken as 0.
    open var contentInset: EdgeInsets {
        get { storedContentInset }
        set {
            let old = storedContentInset
            storedContentInset = checkedInsets(newValue)
            if storedContentInset != old { setNeedsLayout() }
        }
    }
    /// Private, each access a plain read or write: no runtime exclusivity check (see `View.bounds`).
    private var storedContentInset: EdgeInsets = .zero

    /// The offset `scrollViewDidScroll(_:)` last reported (see `takeOffsetChange()`).
    var reportedContentOffset: CGPoint = .zero

    /// Where diagnostics about bad input go (NaN offsets, invalid heights and sizes);
    /// the default writes to standard error.
    open var diagnosticHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data("ReuseTable: \(message)\n".utf8))
    }

    /// How many times the content offset moved, by reason: the host's scrolls, and the
    /// moves the view makes itself (anchoring, clamping, scrolling to a row, repairing bad bounds).
    public var offsetMoves: OffsetMoves { storedOffsetMoves }
    /// Private, each access a plain read or write: no runtime exclusivity check (see `View.bounds`).
    private var storedOffsetMoves = OffsetMoves()
    /// How far the host's `contentOffset` has moved the offset vertically, summed (live data moves a
    /// recorded anchor with the scrolls made before its change settles: `Engine/LiveData.swift`).
    private(set) var userScrollY: Double = 0

    /// The size of the scrollable content.
    open var contentSize: CGSize {
        get { storedContentSize }
        set { storedContentSize = newValue }
    }
    private var storedContentSize: CGSize = .zero  // as `storedOffsetMoves`

    /// Space the view adds above the content beyond `contentInset.top`, part of
    /// `adjustedContentInset.top` (a table's or collection view's `alignsContentToBottom` sets it).
    var additionalTopInset: CGFloat = 0

    /// Records the engine's steps for the watch page (`PassRecorder`); nil (the default) records nothing,
    /// and each hook is one nil check.
    @_spi(Internals) public final var recorder: PassRecorder? {
        get { storedRecorder }
        set { storedRecorder = newValue }
    }
    /// Private, so each access is a plain read: no runtime exclusivity check on the hooks (see `View.bounds`).
    private var storedRecorder: PassRecorder?

    /// Whether the viewport shows the end of the content:
    /// `contentOffset.y ≥ contentSize.height + adjustedContentInset.bottom − bounds.height − 0.5`.
    /// - Complexity: O(1).
    public var isAtBottom: Bool {
        contentOffset.y >= contentSize.height + adjustedContentInset.bottom - bounds.height - 0.5
    }

    /// Whether a host draws the vertical scroll indicator (UIKit's name); default true. The terminal
    /// renderer draws it while the content is taller than the view.
    open var showsVerticalScrollIndicator = true

    /// Whether a host draws the horizontal scroll indicator (UIKit's name); default true.
    open var showsHorizontalScrollIndicator = true

    /// True while the host reports a user gesture or deceleration in progress.
    /// A headless host sets it; idle work such as the height precacher pauses while it is true.
    open var isScrolling = false

    /// A scroll view with `frame`, offset zero and no content (UIKit: `init(frame:)`).
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
    }

    /// Sets the offset. A headless scroll view has no animation: `animated` is kept for parity.
    /// - Complexity: that of `scrollViewDidChangeOffset()`: O(log n + visible rows) in a table.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }

    /// Called after every change of `contentOffset`; subclasses lay out here.
    open func scrollViewDidChangeOffset() {}

    /// Fixes bounds a host set to NaN, infinite or negative numbers (reported once
    /// through `diagnosticHandler`): a bad size becomes 0 and one larger than
    /// `TableView.maximumSlotHeight` that maximum (`GeometryNumber`'s rule for a length),
    /// a bad origin the nearest valid offset (insets included). The table and the
    /// collection view call it first in every pass.
    func sanitizeBounds() {
        var fixed = bounds
        func fix(_ size: inout CGFloat) {
            switch GeometryNumber.problem(with: size, as: .length) {
            case nil: break
            case .unusable: size = 0
            case .tooLarge: size = GeometryNumber.maximum
            }
        }
        fix(&fixed.size.width)
        fix(&fixed.size.height)
        if !fixed.origin.x.isFinite {
            fixed.origin.x = fixed.origin.x == .infinity ? maximumContentOffsetX(viewWidth: fixed.width) : minimumContentOffsetX
        }
        if !fixed.origin.y.isFinite {
            fixed.origin.y = fixed.origin.y == .infinity ? maximumContentOffsetY(viewHeight: fixed.height) : minimumContentOffsetY
        }
        guard fixed != bounds else { return }
        diagnosticHandler(
            "invalid bounds \(bounds): sizes must be finite, 0 or more and at most \(GeometryNumber.maximum), offsets finite; using \(fixed).")
        bounds.size = fixed.size
        moveOffset(to: fixed.origin, because: .sanitize)
    }

    /// A height from outside, through the one sanitizer (`GeometryNumber`): a NaN, infinite
    /// or negative height becomes 0, a huge one `TableView.maximumSlotHeight`, and either is
    /// reported once through `diagnosticHandler`, naming what it was.
    func sanitizedHeight(_ height: CGFloat, for what: @autoclosure () -> String) -> CGFloat {
        GeometryNumber.sanitize(height, as: .length, for: what(), report: diagnosticHandler)
    }
}

// MARK: - Insets and the offset range

// Content insets and the range of offsets they allow, as UIScrollView has them:
// the content may scroll under the insets, so the offset runs from `-top` (the
// content's top just below the top inset) to `contentSize.height + bottom -
// height` (its end just above the bottom inset), or stays at `-top` when the
// content is shorter than the inset area. Both views clamp, scroll to a row or
// item, and fix bad bounds through these few functions.

extension ScrollView {
    /// The insets the content is laid out with (UIKit: `adjustedContentInset`).
    ///
    /// UIKit adds the safe area when `contentInsetAdjustmentBehavior` asks for it;
    /// a headless view has no safe area, so this is `contentInset`, plus — with
    /// `alignsContentToBottom` and content shorter than the viewport — the space above
    /// the content that puts it at the bottom (Docs/live-data.md).
    public var adjustedContentInset: EdgeInsets {
        var insets = contentInset
        insets.top += additionalTopInset
        return insets
    }

    /// The smallest vertical offset at rest: `-adjustedContentInset.top` (the content's top just below the top inset).
    public var minimumContentOffsetY: CGFloat { -adjustedContentInset.top }

    /// The largest vertical offset at rest: the content's end just above the bottom inset,
    /// and never less than `minimumContentOffsetY` (content shorter than the view rests at the top).
    public var maximumContentOffsetY: CGFloat { maximumContentOffsetY(viewHeight: bounds.height) }

    /// `maximumContentOffsetY` for a view `viewHeight` tall (a bad height counts as 0).
    func maximumContentOffsetY(viewHeight: CGFloat) -> CGFloat {
        let height = viewHeight.isFinite && viewHeight > 0 ? viewHeight : 0
        let insets = adjustedContentInset
        return max(-insets.top, contentSize.height + insets.bottom - height)
    }

    /// The smallest horizontal offset at rest: `-adjustedContentInset.left`.
    var minimumContentOffsetX: CGFloat { -adjustedContentInset.left }

    /// The largest horizontal offset at rest for a view `viewWidth` wide.
    func maximumContentOffsetX(viewWidth: CGFloat) -> CGFloat {
        let width = viewWidth.isFinite && viewWidth > 0 ? viewWidth : 0
        let insets = adjustedContentInset
        return max(-insets.left, contentSize.width + insets.right - width)
    }

    /// `y` brought into `minimumContentOffsetY...maximumContentOffsetY`.
    func clampedOffsetY(_ y: CGFloat) -> CGFloat {
        min(max(y, minimumContentOffsetY), maximumContentOffsetY)
    }

    /// Where a `scrollToRow` / `scrollToItem` position puts an element.
    enum VerticalPlacement {
        /// Its top at `offset + top inset`.
        case top
        /// Its center at the center of the area between the insets.
        case middle
        /// Its bottom at `offset + height - bottom inset`.
        case bottom
        /// As little movement as makes it fully visible between the insets (none if it already is).
        case nearest
    }

    /// The offset that puts the vertical span `minY..<maxY` (content coordinates) at
    /// `placement` within the area between the insets, clamped to the offset range —
    /// UIKit's `scrollToRow(at:at:animated:)` and `scrollToItem(at:at:animated:)` arithmetic.
    func offsetY(placing minY: CGFloat, _ maxY: CGFloat, at placement: VerticalPlacement) -> CGFloat {
        let insets = adjustedContentInset
        let current = contentOffset.y
        let visibleHeight = bounds.height - insets.top - insets.bottom
        var y: CGFloat
        switch placement {
        case .top: y = minY - insets.top
        case .middle: y = (minY + maxY) / 2 - insets.top - visibleHeight / 2
        case .bottom: y = maxY - bounds.height + insets.bottom
        case .nearest:
            y = current
            if minY < current + insets.top {
                y = minY - insets.top
            } else if maxY > current + bounds.height - insets.bottom {
                y = maxY - bounds.height + insets.bottom
            }
        }
        return clampedOffsetY(y)
    }

    /// Reports a bad inset component once (`GeometryNumber`'s rule): NaN, infinite or negative
    /// is replaced by 0, one larger than `TableView.maximumSlotHeight` by that maximum.
    func checkedInsets(_ insets: EdgeInsets) -> EdgeInsets {
        var fixed = insets
        var unusable: [String] = [], tooLarge: [String] = []
        func check(_ value: inout CGFloat, _ name: String) {
            switch GeometryNumber.problem(with: value, as: .length) {
            case nil: return
            case .unusable:
                unusable.append("\(name) \(value)")
                value = 0
            case .tooLarge:
                tooLarge.append("\(name) \(value)")
                value = GeometryNumber.maximum
            }
        }
        check(&fixed.top, "top")
        check(&fixed.left, "left")
        check(&fixed.bottom, "bottom")
        check(&fixed.right, "right")
        func them(_ list: [String]) -> String { list.count == 1 ? "it." : "them." }
        if !unusable.isEmpty {
            diagnosticHandler(
                "invalid contentInset (\(unusable.joined(separator: ", "))): insets must be finite and 0 or more; using 0 for \(them(unusable))")
        }
        if !tooLarge.isEmpty {
            diagnosticHandler(
                "invalid contentInset (\(tooLarge.joined(separator: ", "))): insets must be at most \(GeometryNumber.maximum); "
                    + "using \(GeometryNumber.maximum) for \(them(tooLarge))")
        }
        return fixed
    }
}

// MARK: - The one writer of the offset

// The one writer of the offset. A table or collection view moves its content for
// eight reasons, and each move goes through `moveOffset(to:because:)` with its
// reason, counted in `offsetMoves`: a reader of the counters (the demo's x-ray and
// trace) can tell why the content moved, and a reader of the code finds every
// place that moves it by searching for one name.

extension ScrollView {
    /// Why the offset moved.
    public enum OffsetMoveReason: String, CaseIterable, Sendable {
        /// The host set `contentOffset` (a gesture, `setContentOffset(_:animated:)`).
        case user
        /// Measuring rows above what the user reads moved them; the offset moved with them
        /// so nothing on screen jumps (see Docs/estimated-heights.md).
        case anchor
        /// The content got shorter than the offset (a reload, a delete, a taller viewport):
        /// the offset came back to the end of the content, as UIScrollView does.
        case clamp
        /// `scrollToRow(at:at:animated:)` or `scrollToItem(at:at:animated:)`.
        case scrollTo
        /// The bounds held a non-finite offset and were repaired.
        case sanitize
        /// A lifted row or item near the viewport's top or bottom scrolled the content, or a
        /// cancelled movement put the offset back (see Docs/reordering.md).
        case autoScroll
        /// A structural change (an update, a reload, a diffable apply) kept the row or item the
        /// user reads at its place on screen (`maintainsVisibleContentPosition`, Docs/live-data.md).
        case keepVisibleContent
        /// The view showed the end before a change and shows it after (`sticksToBottom`), or
        /// content shorter than the viewport lies at its bottom (`alignsContentToBottom`).
        case followEnd

        /// The case's place in `allCases`, without building the array (every scroll step counts a move).
        var position: Int {
            switch self {
            case .user: 0
            case .anchor: 1
            case .clamp: 2
            case .scrollTo: 3
            case .sanitize: 4
            case .autoScroll: 5
            case .keepVisibleContent: 6
            case .followEnd: 7
            }
        }
    }

    /// How many times the offset moved, by reason.
    public struct OffsetMoves: Equatable, Sendable {
        /// One count per reason, stored inline: counting a move changes the view's field in place, with
        /// no array to make unique (a call), so the access is proven exclusive and carries no runtime check.
        private var counts = InlineArray<8, Int>(repeating: 0)

        /// Moves made for `reason`.
        public subscript(reason: OffsetMoveReason) -> Int {
            get { counts[reason.position] }
            set { counts[reason.position] = newValue }
        }

        /// Every move, whatever its reason.
        public var total: Int { OffsetMoveReason.allCases.reduce(0) { $0 + self[$1] } }

        /// Whether both count the same moves for every reason.
        public static func == (lhs: OffsetMoves, rhs: OffsetMoves) -> Bool {
            OffsetMoveReason.allCases.allSatisfy { lhs[$0] == rhs[$0] }
        }
    }

    /// Moves the content offset without starting a layout pass (the caller is a pass, or
    /// starts one), counting the move under `reason`. Returns false when the offset was
    /// already there. The only code that writes the offset.
    /// - Complexity: O(1).
    @discardableResult
    func moveOffset(to origin: CGPoint, because reason: OffsetMoveReason) -> Bool {
        var moved = bounds  // read once, then written: no modify coroutine (see `View.frame`)
        guard origin != moved.origin else { return false }
        recorder?.offsetWillMove(to: origin, because: reason, in: self)
        if reason == .user { userScrollY += Double(origin.y - moved.origin.y) }
        moved.origin = origin
        bounds = moved
        storedOffsetMoves[reason] += 1
        return true
    }

    /// Moves the vertical offset (see `moveOffset(to:because:)`).
    @discardableResult
    func moveOffset(toY y: CGFloat, because reason: OffsetMoveReason) -> Bool {
        moveOffset(to: CGPoint(x: bounds.origin.x, y: y), because: reason)
    }
}

// MARK: - The scroll report

// `scrollViewDidScroll(_:)`: once per change of the offset, after the layout
// pass for it, never inside one. The offset moves in many places — a host
// setting `contentOffset`, a clamp after a shrinking reload, scroll anchoring
// inside a pass, a `scrollToRow` queued from a callback — so the views do not
// report where it moves; they compare it with the last reported offset when a
// `LayoutTransaction` settles (`performTransaction`), and report once.

extension ScrollView {
    /// True when the offset moved since the last report; records the current offset as reported.
    func takeOffsetChange() -> Bool {
        guard bounds.origin != reportedContentOffset else { return false }
        reportedContentOffset = bounds.origin
        return true
    }
}
