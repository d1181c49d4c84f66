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
    /// `-top` to `contentSize.height + bottom - bounds.height` (see `ScrollView+Insets.swift`).
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

    /// The offset `scrollViewDidScroll(_:)` last reported (see `takeOffsetChange()`, `ScrollView+DidScroll.swift`).
    var reportedContentOffset: CGPoint = .zero

    /// Where diagnostics about bad input go (NaN offsets, invalid heights and sizes);
    /// the default writes to standard error.
    open var diagnosticHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data("ReuseTable: \(message)\n".utf8))
    }

    /// How many times the content offset moved, by reason: the host's scrolls, and the
    /// moves the view makes itself (anchoring, clamping, scrolling to a row, repairing bad bounds).
    public internal(set) var offsetMoves = OffsetMoves()

    /// The size of the scrollable content.
    open var contentSize: CGSize = .zero

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
