import Foundation

// Live data: holding still what the user reads while the content changes under it
// (Docs/live-data.md). Around every change: before, record the anchor and whether the viewport
// shows the end (`LiveDataState.pendingFollow`); at settle, follow the end (`.followEnd`) or put
// the anchor back (`.keepVisibleContent`), clamped. Each view finds its anchor its own way
// (`TableView+LiveData.swift`, `CollectionView+LiveData.swift`); the decisions are written once, here.

/// The row or item a change keeps still: its index path after the change, and how far below
/// the viewport's top its rect started before the change.
struct ContentAnchor: Equatable, Sendable {
    /// Where the anchor is after the change.
    var indexPath: IndexPath
    /// Its rect's `minY` minus `contentOffset.y` before the change, moved by the host's scrolls
    /// since (`followScrollsSinceRecord()`).
    var screenY: Double
    /// Its rect's height before the change.
    var height: Double
    /// `screenY` as recorded, before any scroll moved it: with `height`, whether the user saw the
    /// anchor (`sawAnchor(_:)`).
    let recordedScreenY: Double
    /// `userScrollY` when `screenY` was taken: a scroll before the change settles moves the anchor with it.
    var recordedScrollY: Double = 0

    init(indexPath: IndexPath, screenY: Double, height: Double) {
        self.indexPath = indexPath
        self.screenY = screenY
        self.height = height
        recordedScreenY = screenY
    }
}

/// What a view keeps between passes to hold still what the user reads.
struct LiveDataState: Sendable {
    /// `maintainsVisibleContentPosition`.
    var maintainsVisibleContentPosition = false
    /// `sticksToBottom`.
    var sticksToBottom = false
    /// `alignsContentToBottom`.
    var alignsContentToBottom = false
    /// Whether the last settled pass left the viewport at the end.
    var wasAtEnd = false
    /// The offset the last settled pass left: a different offset at the next change means
    /// someone scrolled, and whether the view follows is asked anew.
    var settledOffsetY: CGFloat?
    /// The anchor recorded before a change, put back when the view settles.
    var pendingAnchor: ContentAnchor?
    /// Whether the view followed the end before the change now being settled.
    var pendingFollow: Bool?
}

extension ReuseEngineView {
    /// `sticksToBottom` of both views: whether the view follows is asked anew at the next change.
    func setSticksToBottom(_ sticks: Bool) {
        engine.liveData.sticksToBottom = sticks
        engine.liveData.settledOffsetY = nil
    }

    /// `alignsContentToBottom` of both views: the space above short content follows at once, the cells at the next pass.
    func setAlignsContentToBottom(_ aligns: Bool) {
        engine.liveData.alignsContentToBottom = aligns
        updateBottomAlignment()
        setNeedsLayout()
    }

    /// Whether the view follows the end now: `sticksToBottom` and at the end. An offset unchanged
    /// since the last pass keeps that pass's answer (a change may already have moved the end);
    /// a new one — the user scrolled — is asked anew: scrolling away releases, back re-engages.
    var followsEndNow: Bool {
        guard engine.liveData.sticksToBottom else { return false }
        if let settled = engine.liveData.settledOffsetY, settled == contentOffset.y { return engine.liveData.wasAtEnd }
        return isAtBottom
    }

    /// Records, before a change, whether the view follows the end and (with
    /// `maintainsVisibleContentPosition`) the anchor `findAnchor` names; the first record
    /// since the last pass wins, as the state it describes is the one the user saw.
    /// - Complexity: O(1) plus `findAnchor`.
    func recordBeforeChange(_ findAnchor: () -> ContentAnchor?) {
        if engine.liveData.pendingFollow == nil { engine.liveData.pendingFollow = followsEndNow }
        if engine.liveData.maintainsVisibleContentPosition, engine.liveData.pendingAnchor == nil, engine.liveData.pendingFollow != true {
            engine.liveData.pendingAnchor = findAnchor()
            engine.liveData.pendingAnchor?.recordedScrollY = userScrollY
        }
    }

    /// At the start of a pass: the host's scrolls since the anchor was recorded (after a change,
    /// before the pass that settles it) move the anchor on screen with the content, so that putting
    /// it back keeps the scroll instead of undoing it. The view's own moves (an update's) do not count.
    /// - Complexity: O(1).
    func followScrollsSinceRecord() {
        guard var anchor = engine.liveData.pendingAnchor, userScrollY != anchor.recordedScrollY else { return }
        anchor.screenY -= userScrollY - anchor.recordedScrollY
        anchor.recordedScrollY = userScrollY
        engine.liveData.pendingAnchor = anchor
    }

    /// Puts a recorded anchor back: the offset that puts its rect's top (`minY`, content coordinates)
    /// `screenY` below the viewport's top, clamped to the offset range — or, when `clamping` is
    /// false, not yet: estimated rows measured next may change the content, and the caller clamps
    /// after measuring.
    /// - Complexity: O(1).
    func restore(_ anchor: ContentAnchor, minY: CGFloat, clamping: Bool = true) {
        var target = CGFloat(Double(minY) - anchor.screenY)
        if clamping { target = min(max(target, minimumContentOffsetY), maximumContentOffsetY) }
        moveOffset(toY: target, because: .keepVisibleContent)
    }

    /// The space `alignsContentToBottom` adds above content shorter than the viewport, from
    /// `contentSize`, the bounds and the user's `contentInset`. Content that is short rests at
    /// the one offset its range allows, the bottom.
    /// - Complexity: O(1).
    func updateBottomAlignment() {
        var pad: CGFloat = 0
        if engine.liveData.alignsContentToBottom {
            pad = max(0, bounds.height - contentInset.top - contentInset.bottom - contentSize.height)
        }
        guard pad != additionalTopInset else { return }
        additionalTopInset = pad
        if engine.liveData.alignsContentToBottom, pad > 0 || contentOffset.y < minimumContentOffsetY {
            moveOffset(toY: min(max(contentOffset.y, minimumContentOffsetY), maximumContentOffsetY), because: .followEnd)
        }
    }

    /// The end of a settle: puts back an anchor recorded before the change (`anchorMinY` gives
    /// its rect's top after the change, nil when it is gone), or follows the end when the view
    /// did before the change (which wins over the anchor); then notes where the pass leaves the
    /// viewport for the next change. Returns the anchor put back: measuring the viewport after
    /// this keeps it still (`measureViewport(preferring:seen:)`), not a row it would find on its own.
    /// Without `clamping` the anchor goes back unclamped, for a view that measures estimates next
    /// (they change where the content ends); it clamps after measuring (`noteSettledViewport()`).
    /// - Complexity: O(1) plus `anchorMinY`.
    @discardableResult
    func finishLiveSettle(following: Bool, clamping: Bool = true, anchorMinY: (IndexPath) -> CGFloat? = { _ in nil }) -> ContentAnchor? {
        updateBottomAlignment()
        var restored: ContentAnchor?
        if following {
            moveOffset(toY: maximumContentOffsetY, because: .followEnd)
        } else if let anchor = engine.liveData.pendingAnchor, let minY = anchorMinY(anchor.indexPath) {
            restore(anchor, minY: minY, clamping: clamping)
            restored = anchor
        }
        engine.liveData.pendingAnchor = nil
        engine.liveData.pendingFollow = nil
        noteSettledViewport()
        return restored
    }

    /// Whether the user saw `anchor` before the change: its rect as recorded, before the host's
    /// scrolls since moved it, reaches below the seen top and starts above the viewport's bottom —
    /// unless those scrolls add up to a jump (more than half the viewport): what the user saw is
    /// gone. Measuring keeps such an anchor still even when its new height ends it above the seen
    /// top (a row that shrank, a placeholder replaced by a shorter item), and even when a small
    /// scroll since took it off screen: its top is what the user saw, and the scroll moves it with
    /// the rest (`measureViewport(preferring:seen:)`). Its height now cannot tell: a layout that
    /// forgot it holds an estimate.
    /// - Complexity: O(1).
    func sawAnchor(_ anchor: ContentAnchor) -> Bool {
        let height = Double(max(bounds.height, 0))
        guard abs(anchor.screenY - anchor.recordedScreenY) <= height / 2 else { return false }
        let seenTop = min(Double(max(adjustedContentInset.top, 0)), height)
        return anchor.recordedScreenY + anchor.height > seenTop && anchor.recordedScreenY < height
    }

    /// Notes where the settled pass leaves the viewport, for the next change: at the end or not, and
    /// the offset (a different one next time means the user scrolled).
    /// - Complexity: O(1).
    func noteSettledViewport() {
        engine.liveData.wasAtEnd = isAtBottom
        engine.liveData.settledOffsetY = contentOffset.y
    }
}
