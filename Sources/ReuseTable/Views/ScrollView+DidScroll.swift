import Foundation

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
