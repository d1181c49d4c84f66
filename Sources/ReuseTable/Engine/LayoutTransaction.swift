import Foundation

/// The guard around everything a table or collection view does that calls out to its data source
/// or delegate (a reload, a layout pass, a batch update, a scroll to a row, a height change): reads
/// answer at once, from state kept consistent at every call-out; structural calls are queued and run
/// in call order when the outermost transaction ends; while an element is lifted (`isHolding`) they
/// wait for the drop; a view whose queue never drains traps after `maximumDeferredRounds` queued calls.
/// The whole rule: Docs/layout-on-scroll.md, "Callbacks that read or change the table".
///
/// A class, owned by the view's engine (`ReuseEngine.transaction`): one guard per view, which
/// the shared code reaches through `LayoutTransactionHost`. The queued calls run after `dequeue()` has
/// returned, never while the queue is being changed.
/// - Complexity: O(1) per call, plus the queued work.
@MainActor
final class LayoutTransaction {
    /// Nesting depth of transactions (0 when the view is idle).
    private(set) var depth = 0
    /// Calls queued while a transaction was running, in call order.
    private var queue: [(name: String, origin: StaticString, run: () -> Void)] = []
    /// The data source or delegate method currently running, for messages.
    var callback: StaticString = "outside any callback"
    /// True while queued calls are being run (they must not start a drain of their own).
    var isDraining = false
    /// True while an element is lifted: structural calls wait in the queue, even from outside
    /// any callback, and no transaction drains it until the movement ends.
    var isHolding = false
    /// The queued call running now, for messages about what it did (a lifted row it removed).
    private(set) var runningCall: String?

    /// Queued calls allowed in one settle (one outermost transaction) before the view reports a loop.
    nonisolated static let maximumDeferredRounds = 1_000

    /// True while a transaction is running.
    var isActive: Bool { depth > 0 }

    /// True when a structural call is waiting: the running pass must stop asking for new rows.
    var hasDeferredWork: Bool { !queue.isEmpty }

    func begin() { depth += 1 }

    /// Ends one level; returns true when the outermost level ended.
    func end() -> Bool {
        precondition(depth > 0, "ReuseTable: unbalanced layout transaction")
        depth -= 1
        return depth == 0
    }

    // The queue is changed on a local copy taken out of the field and put back: every access of a
    // field of this class is then a plain read or write, which the optimizer proves exclusive, so
    // the reads each step makes (`hasDeferredWork`) carry no runtime check (Docs/unsafe-code.md).

    /// Queues `run`, made by the public call `name` from the current callback.
    func enqueue(_ name: String, _ run: @escaping () -> Void) {
        var calls = queue
        queue = []
        calls.append((name, callback, run))
        queue = calls
    }

    /// Takes the next queued call.
    func dequeue() -> (name: String, origin: StaticString, run: () -> Void)? {
        guard !queue.isEmpty else { return nil }
        var calls = queue
        queue = []
        let next = calls.removeFirst()
        queue = calls
        return next
    }

    /// Notes which queued call runs (nil when it returned).
    func noteRunning(_ name: String?) { runningCall = name }

    /// The message for a view whose callbacks keep changing it.
    nonisolated static func loopMessage(view: String, call: String, origin: StaticString) -> String {
        "\(view): \(call) was called from \(origin) after \(maximumDeferredRounds) calls queued from callbacks without the view settling; "
            + "a callback that changes the \(view == "TableView" ? "table" : "collection view") every time it runs never lets it settle. "
            + "Change the data once (for example, load more only when new rows are available)."
    }
}

/// A view that runs its work inside a `LayoutTransaction`: `TableView` and `CollectionView`
/// (through `ReuseEngineView`, from their engine).
@MainActor
protocol LayoutTransactionHost: AnyObject {
    /// The view's guard.
    var transaction: LayoutTransaction { get }
    /// "TableView" or "CollectionView", for messages.
    var hostName: String { get }
    /// Called when the outermost transaction ended and every queued call ran.
    func transactionDidDrain()
    /// Called when the view's queue has drained: tells the delegate `scrollViewDidScroll(_:)` if the offset moved.
    func reportScrollIfMoved()
}

extension LayoutTransactionHost {
    func reportScrollIfMoved() {}

    /// Runs `body` inside a transaction; when the outermost one ends, runs the
    /// queued structural calls in order, each as if called from outside.
    func performTransaction(_ body: () -> Void) {
        transaction.begin()
        body()
        guard transaction.end(), !transaction.isDraining, !transaction.isHolding else { return }
        transaction.isDraining = true
        defer { transaction.isDraining = false }
        var rounds = 0
        repeat {
            while let next = transaction.dequeue() {
                rounds += 1
                if rounds > LayoutTransaction.maximumDeferredRounds {
                    ReuseTableError.trap(ReuseTableError(LayoutTransaction.loopMessage(view: hostName, call: next.name, origin: next.origin)))
                }
                transaction.noteRunning(next.name)
                next.run()  // at depth 0: the call runs now, in a transaction of its own
                transaction.noteRunning(nil)
            }
            transactionDidDrain()
            // Once per settle, never inside a pass: a pass that moved the offset (anchoring,
            // a clamp) or a queued scroll is reported once, after the layout for it.
            if !transaction.hasDeferredWork { reportScrollIfMoved() }
        } while transaction.hasDeferredWork
    }

    /// Queues a structural call made while a transaction runs (or, unless `waitsForMovement`
    /// is false, while an element is lifted) and returns true; returns false when the view
    /// is idle and the caller should run it now.
    func deferIfBusy(_ name: String, waitsForMovement: Bool = true, _ run: @escaping () -> Void) -> Bool {
        guard transaction.isActive || (waitsForMovement && transaction.isHolding) else { return false }
        transaction.enqueue(name, run)
        return true
    }

    /// Asks the data source or delegate a question about one element of the data — a
    /// height, an estimate, a cell, a header or footer view — or returns nil without
    /// asking once a structural call is queued.
    ///
    /// This is the one door every such question goes through, so the rule "from the
    /// moment a call is queued, the running step asks for nothing new" holds after
    /// *every* callback returns, on every path: a delegate that queues `reloadData()`
    /// from `heightForRowAt` and then answers `automaticDimension` is not asked
    /// `cellForRowAt` to measure a row the reload removes. A nil answer leaves the
    /// element as it was (an estimate, a placeholder, no cell), and the view lays out
    /// again once the queued call has run.
    ///
    /// Counts (the structure every queued call is checked against) and notifications
    /// (`willDisplay`, `didEndDisplaying`, prefetching, selection) go through
    /// `calling(_:_:)`: they never ask about an element that may be gone.
    @inline(__always)
    func ask<T>(_ callback: StaticString, _ body: () -> T) -> T? {
        guard !transaction.hasDeferredWork else { return nil }
        return calling(callback, body)
    }

    /// Calls a data source or delegate method, remembering which one for messages.
    @inline(__always)
    func calling<T>(_ callback: StaticString, _ body: () -> T) -> T {
        let saved = transaction.callback
        transaction.callback = callback
        defer { transaction.callback = saved }
        return body()
    }
}

extension ReuseEngineView {
    /// The engine's guard (`ReuseEngine.transaction`).
    var transaction: LayoutTransaction { engine.transaction }

    /// When the view's queue has drained (nothing queued, the last pass done): tells the delegate
    /// `scrollViewDidScroll(_:)` once if the offset moved since it was last told
    /// (`ScrollView.swift`), in a transaction of its own, so calls made from it are
    /// queued and run next; insets or a size it set (properties, not queued calls) are laid out now.
    func reportScrollIfMoved() {
        guard takeOffsetChange(), !engine.defaultedMethods.contains(.didScroll), let delegate else { return }
        performTransaction { calling("scrollViewDidScroll(_:)") { tellDidScroll(delegate) } }
        if !transaction.hasDeferredWork { transactionDidDrain() }
    }
}
