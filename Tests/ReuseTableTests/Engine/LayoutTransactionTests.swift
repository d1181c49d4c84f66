import Testing
@testable import ReuseTable

/// The smallest view that runs its work in transactions: it logs what runs, and when it settles.
@MainActor
private final class FakeHost: LayoutTransactionHost {
    var transaction = LayoutTransaction()
    let hostName: String
    var log: [String] = []
    /// Runs once per settle (the next call's work, if any); the host queues it as a deferred call.
    var onSettle: [() -> Void] = []

    init(_ name: String = "TableView") { hostName = name }

    func transactionDidDrain() {
        log.append("settled")
        if !onSettle.isEmpty { onSettle.removeFirst()() }
    }

    /// A structural call, as the views write them: deferred while busy, else run in a transaction.
    func structural(_ name: String, body: @escaping () -> Void = {}) {
        if deferIfBusy(name, { [unowned self] in structural(name, body: body) }) {
            log.append("queued \(name)")
            return
        }
        performTransaction {
            log.append("run \(name) at depth \(transaction.depth)")
            body()
        }
    }
}

/// `LayoutTransaction` and `LayoutTransactionHost.performTransaction`: reads answer at once,
/// structural calls made while busy wait for the outermost transaction to end and run in order.
@MainActor
@Suite struct LayoutTransactionTests {
    @Test func depthNestsAndReportsTheOutermostEnd() {
        let transaction = LayoutTransaction()
        #expect(!transaction.isActive && transaction.depth == 0)
        transaction.begin()
        transaction.begin()
        #expect(transaction.isActive && transaction.depth == 2)
        let innerEnd = transaction.end()
        #expect(!innerEnd, "an inner end is not the outermost")
        #expect(transaction.isActive)
        let outerEnd = transaction.end()
        #expect(outerEnd, "the outermost end")
        #expect(!transaction.isActive && transaction.depth == 0)
    }

    @Test func queueRunsInCallOrderAndRemembersEachCallback() {
        let transaction = LayoutTransaction()
        var ran: [Int] = []
        #expect(!transaction.hasDeferredWork && transaction.dequeue() == nil)
        #expect("\(transaction.callback)" == "outside any callback")
        transaction.callback = "tableView(_:willDisplay:forRowAt:)"
        transaction.enqueue("reloadData()") { ran.append(1) }
        transaction.callback = "tableView(_:heightForRowAt:)"
        transaction.enqueue("insertRows(at:with:)") { ran.append(2) }
        #expect(transaction.hasDeferredWork)
        let first = transaction.dequeue(), second = transaction.dequeue()
        #expect(first?.name == "reloadData()" && "\(first!.origin)" == "tableView(_:willDisplay:forRowAt:)")
        #expect(second?.name == "insertRows(at:with:)" && "\(second!.origin)" == "tableView(_:heightForRowAt:)")
        #expect(transaction.dequeue() == nil && !transaction.hasDeferredWork)
        first?.run()
        second?.run()
        #expect(ran == [1, 2])
    }

    @Test func loopMessageNamesTheViewTheCallAndTheCallback() {
        let table = LayoutTransaction.loopMessage(view: "TableView", call: "reloadData()", origin: "tableView(_:willDisplay:forRowAt:)")
        #expect(
            table
                == "TableView: reloadData() was called from tableView(_:willDisplay:forRowAt:) after 1000 calls queued from callbacks without the view settling; "
                + "a callback that changes the table every time it runs never lets it settle. "
                + "Change the data once (for example, load more only when new rows are available).")
        let collection = LayoutTransaction.loopMessage(view: "CollectionView", call: "insertItems(at:)", origin: "collectionView(_:cellForItemAt:)")
        #expect(collection.hasPrefix("CollectionView: insertItems(at:) was called from collectionView(_:cellForItemAt:) after 1000 calls queued"))
        #expect(collection.contains("changes the collection view every time"))
    }

    @Test func callingRemembersTheCallbackAndRestoresIt() {
        let host = FakeHost()
        var inner: String?, nested: String?
        let result = host.calling("tableView(_:cellForRowAt:)") { () -> Int in
            inner = "\(host.transaction.callback)"
            host.calling("tableView(_:heightForRowAt:)") { nested = "\(host.transaction.callback)" }
            #expect("\(host.transaction.callback)" == "tableView(_:cellForRowAt:)")
            return 7
        }
        #expect(result == 7)
        #expect(inner == "tableView(_:cellForRowAt:)" && nested == "tableView(_:heightForRowAt:)")
        #expect("\(host.transaction.callback)" == "outside any callback")
    }

    @Test func anIdleHostRunsAStructuralCallAtOnceAndSettles() {
        let host = FakeHost()
        #expect(!host.deferIfBusy("reloadData()") { Issue.record("not queued when idle") })
        host.structural("reloadData()")
        #expect(host.log == ["run reloadData() at depth 1", "settled"])
        #expect(!host.transaction.isActive && !host.transaction.isDraining)
    }

    /// Calls made inside a transaction (from a callback) wait for the outermost end, then run
    /// in call order, each at depth 1 of its own transaction; the host settles once they are done.
    @Test func callsMadeWhileBusyRunInOrderAtTheOutermostEnd() {
        let host = FakeHost()
        host.performTransaction {
            host.log.append("pass")
            host.performTransaction {
                host.calling("tableView(_:willDisplay:forRowAt:)") {
                    host.structural("insertRows(at:with:)")
                    host.structural("scrollToRow(at:at:animated:)")
                }
                host.log.append("inner pass ends")
            }
            host.structural("reloadData()")
            host.log.append("outer pass ends")
        }
        #expect(
            host.log == [
                "pass", "queued insertRows(at:with:)", "queued scrollToRow(at:at:animated:)", "inner pass ends",
                "queued reloadData()", "outer pass ends",
                "run insertRows(at:with:) at depth 1", "run scrollToRow(at:at:animated:) at depth 1", "run reloadData() at depth 1",
                "settled",
            ])
        #expect(!host.transaction.hasDeferredWork && !host.transaction.isActive && !host.transaction.isDraining)
    }

    /// A queued call that queues another: both run in the same drain, in order, before settling.
    @Test func callsQueuedByQueuedCallsRunInTheSameDrain() {
        let host = FakeHost()
        host.performTransaction {
            host.structural("first") { host.structural("third") }
            host.structural("second")
        }
        #expect(
            host.log == [
                "queued first", "queued second", "run first at depth 1", "queued third",
                "run second at depth 1", "run third at depth 1", "settled",
            ])
    }

    /// Work queued by `transactionDidDrain` (a "load more" after the pass) starts another round.
    @Test func workQueuedWhileSettlingStartsAnotherRound() {
        let host = FakeHost()
        host.onSettle = [{ host.performTransaction { host.structural("load more") } }]
        host.structural("reloadData()")
        #expect(
            host.log == [
                "run reloadData() at depth 1", "settled", "queued load more",
                "run load more at depth 1", "settled",
            ])
    }

    /// A callback that defers another call on every pass: never settles.
    static func runALoopingCallback() {
        let host = FakeHost("CollectionView")
        func link() {
            host.calling("collectionView(_:willDisplay:forItemAt:)") {
                _ = host.deferIfBusy("reloadData()") { host.performTransaction { link() } }
            }
        }
        host.performTransaction { link() }
    }

    /// One deferred call more than `maximumDeferredRounds` in one drain stops the program
    /// (checked in a child process) with the loop message naming the call and its callback.
    @Test func oneRoundOverTheLimitTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await LayoutTransactionTests.runALoopingCallback()
        }
        let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
        let message = LayoutTransaction.loopMessage(
            view: "CollectionView", call: "reloadData()",
            origin: "collectionView(_:willDisplay:forItemAt:)")
        #expect(errors.contains("ReuseTable: " + message), "\(errors.prefix(400))")
    }

    /// Exactly `maximumDeferredRounds` deferred calls in one drain are allowed (one more traps).
    @Test func aLongChainUpToTheLimitSettles() {
        let host = FakeHost()
        var remaining = LayoutTransaction.maximumDeferredRounds
        func link() {
            remaining -= 1
            if remaining > 0 { _ = host.deferIfBusy("link") { host.performTransaction { link() } } }
        }
        host.performTransaction { _ = host.deferIfBusy("link") { host.performTransaction { link() } } }
        #expect(remaining == 0)
        #expect(host.log == ["settled"])
    }
}
