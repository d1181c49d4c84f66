import Foundation
import ReuseTable
import Figures
import Feed

/// Heights of many posts computed on a background thread, by post id, while keys keep working.
///
/// Exact heights (`e`) and the waterfall (`c`) need every height before the first row or tile can be
/// placed: about 200 µs a post in a debug build, seconds for 10,000 posts — a frozen screen if done
/// between two keys. A post's height is a pure function of its text and the width (`FeedCell.height`,
/// `FeedTileCell.height`: the same `Label.wrap` the cells use), so it can be computed off the main
/// thread, as the pager indexes lines; the screen shows the progress and applies the heights when
/// they are all there (`FeedApp.runIdleStep`). The table then asks them from its delegate.
final class BackgroundHeights: @unchecked Sendable {
    /// The width (columns) the heights are for.
    let columns: Int
    /// Posts to compute.
    let total: Int
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var computed = 0
    private var cancelled = false
    private var result: (heights: [UInt64: CGFloat], nanoseconds: UInt64)?

    /// Starts computing `height(post, columns)` for every post of `days` of `model`.
    init(
        model: FeedModel, days: Range<Int>, columns: Int,
        height: @escaping @Sendable (Post, Int) -> CGFloat
    ) {
        self.columns = columns
        total = days.reduce(0) { $0 + model.numberOfRows(inSection: $1) }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let start = DispatchTime.now().uptimeNanoseconds
            var heights: [UInt64: CGFloat] = [:]
            heights.reserveCapacity(total)
            var count = 0
            for day in days {
                for row in 0..<model.numberOfRows(inSection: day) {
                    let post = model.post(at: IndexPath(row: row, section: day))
                    heights[post.id] = height(post, columns)
                    count += 1
                    if count % 256 == 0 {
                        let stop = lock.withLock {
                            computed = count
                            return cancelled
                        }
                        if stop { return }
                    }
                }
            }
            let took = DispatchTime.now().uptimeNanoseconds - start
            lock.withLock {
                computed = count
                result = (heights, took)
            }
            done.signal()
        }
    }

    /// Posts computed so far.
    var computedCount: Int { lock.withLock { computed } }

    /// "4,352 of 10,000 (43%)".
    var progressText: String {
        let count = computedCount
        return "\(count.grouped) of \(total.grouped) (\(total == 0 ? 100 : count * 100 / total)%)"
    }

    /// The heights and the time they took, waiting for them at most until `deadline`; nil if not ready.
    func result(waitingUntil deadline: DispatchTime) -> (heights: [UInt64: CGFloat], nanoseconds: UInt64)? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        done.signal()  // ready for good: later calls return at once
        return lock.withLock { result }
    }

    /// Stops the computation (its thread ends at its next progress report).
    func cancel() { lock.withLock { cancelled = true } }
}
