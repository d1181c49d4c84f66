import Foundation

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
