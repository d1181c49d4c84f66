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
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            scrollViewDidChangeOffset()
        }
    }

    /// The size of the scrollable content.
    open var contentSize: CGSize = .zero

    /// True while the host reports a user gesture or deceleration in progress.
    /// A headless host sets it; idle work such as the height precacher pauses while it is true.
    open var isScrolling = false

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
    }

    /// Sets the offset. A headless scroll view has no animation: `animated` is kept for parity.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }

    /// The largest vertical offset that still shows content (0 when the content fits).
    public var maximumContentOffsetY: CGFloat {
        max(0, contentSize.height - bounds.height)
    }

    /// Called after every change of `contentOffset`; subclasses lay out here.
    open func scrollViewDidChangeOffset() {}
}
