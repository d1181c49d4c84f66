import Foundation

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
        private var counts = [Int](repeating: 0, count: OffsetMoveReason.allCases.count)

        /// Moves made for `reason`.
        public subscript(reason: OffsetMoveReason) -> Int {
            get { counts[reason.position] }
            set { counts[reason.position] = newValue }
        }

        /// Every move, whatever its reason.
        public var total: Int { counts.reduce(0, +) }
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
        moved.origin = origin
        bounds = moved
        offsetMoves[reason] += 1
        return true
    }

    /// Moves the vertical offset (see `moveOffset(to:because:)`).
    @discardableResult
    func moveOffset(toY y: CGFloat, because reason: OffsetMoveReason) -> Bool {
        moveOffset(to: CGPoint(x: bounds.origin.x, y: y), because: reason)
    }
}
