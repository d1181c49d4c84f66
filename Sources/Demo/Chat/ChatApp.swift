import Foundation
import ReuseTable
import ReuseTableTerminal

/// `swift run Demo chat`: a chat screen on the table's live-data switches (Docs/live-data.md).
///
/// Messages of varied length arrive at the bottom on a timer; the table follows while the end is
/// in view (`sticksToBottom`) and the status line counts "↓ N new" when scrolled up; reaching the
/// top loads 100 older messages above what is read, with nothing moving on screen
/// (`maintainsVisibleContentPosition`); a short conversation sits at the bottom
/// (`alignsContentToBottom`); `w` narrows the table as a rotation would, keeping the reading position.
@MainActor
final class ChatApp: ListScreen {
    /// The keys, shown on the status line by `?`: short enough for 80 columns.
    static let keyHelp: [(String, String)] = [
        ("↑↓ jk", "scroll"),
        ("PgUp PgDn", "page"),
        ("g", "top"),
        ("G", "end"),
        ("w", "width"),
        ("n", "new"),
        ("q", "quit"),
    ]

    let model: ChatModel
    var table: TableView { tableView! }
    /// Messages that arrived while the end was out of view.
    private(set) var unseen = 0
    /// Whether the table is narrowed (`w`).
    private(set) var isNarrow = false
    var showsKeys = false
    /// Seconds between arrivals on the timer (0: only `n` and the scripted session add messages).
    var arrivalInterval: Double
    private var nextArrival: UInt64 = 0
    private var isOpen = false

    init(model: ChatModel = ChatModel(), arrivalInterval: Double = 1.2) {
        self.model = model
        self.arrivalInterval = arrivalInterval
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 80, height: 23))
        super.init(table: table)
        table.register(ChatCell.self, forCellReuseIdentifier: ChatCell.identifier)
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 3
        table.maintainsVisibleContentPosition = true
        table.sticksToBottom = true
        table.alignsContentToBottom = true
        table.dataSource = model
        measuresWhileIdle = false  // rows are measured as they appear: scrolling up measures upward
        status = { [unowned self] _ in statusText }
    }

    var statusText: String {
        if showsKeys { return Self.keyHelp.map { "\($0.0) \($0.1)" }.joined(separator: " · ") }
        let newCount = unseen > 0 ? "↓ \(unseen) new · " : ""
        let where_ = table.isAtBottom ? "following" : "reading"
        let older = model.olderLeft > 0 ? "\(model.olderLeft) older" : "start of the conversation"
        return "\(newCount)\(model.messages.count) messages · \(where_) · \(older) · "
            + "kept still \(table.offsetMoves[.keepVisibleContent])× · ? keys"
    }

    // MARK: Screen

    override func resize(width: Int, height: Int) {
        super.resize(width: width, height: height)
        applyWidth()
        if !isOpen {
            isOpen = true
            _ = scrollToEnd()  // a chat opens at its end, measuring only the last screen
        }
    }

    override func handle(_ key: Key) -> KeyResponse {
        showsKeys = false
        switch key {
        case .char("w"):
            isNarrow.toggle()
            applyWidth()
            return .changed
        case .char("n"):
            receive()
            return .changed
        case .char("?"):
            showsKeys = true
            return .changed
        default:
            let response = super.handle(key)
            if response == .changed { afterScroll() }
            return response
        }
    }

    override var hasIdleWork: Bool { arrivalInterval > 0 || super.hasIdleWork }

    /// The timer: a message when one is due; otherwise a short nap, so waiting costs no CPU
    /// (a key waits at most one nap).
    override func runIdleStep(budget: Duration) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if nextArrival == 0 { nextArrival = now + UInt64(arrivalInterval * 1e9) }
        guard arrivalInterval > 0, now >= nextArrival else {
            if super.runIdleStep(budget: budget) { return true }
            Thread.sleep(forTimeInterval: 0.03)
            return false
        }
        nextArrival = now + UInt64(arrivalInterval * Double.random(in: 0.5...1.5) * 1e9)
        receive()
        return true
    }

    // MARK: Live data

    /// One new message at the bottom: the table follows if the end was in view, else counts it.
    func receive() {
        let row = model.receive()
        let wasAtEnd = table.isAtBottom
        table.insertRows(at: [IndexPath(row: row, section: 0)], with: .none)
        if !wasAtEnd { unseen += 1 }
    }

    /// After a scroll: back at the end, nothing is unseen; at the top, the next page of older messages.
    func afterScroll() {
        if table.isAtBottom { unseen = 0 }
        if table.contentOffset.y <= table.minimumContentOffsetY { loadOlder() }
    }

    /// Prepends a page of older messages; the row read stays where it is on screen.
    @discardableResult
    func loadOlder() -> Int {
        let count = model.loadOlder()
        if count > 0 { table.insertRows(at: (0..<count).map { IndexPath(row: $0, section: 0) }, with: .none) }
        return count
    }

    /// The table's width: the screen's, or about two thirds of it (`w`).
    func applyWidth() {
        let full = CGFloat(width)
        table.frame.size.width = isNarrow ? max(20, (full * 2 / 3).rounded(.down)) : full
        table.layoutIfNeeded()
    }

    /// The message read (the first row below the top of the viewport) and how far below the top it starts.
    func readingPosition() -> (id: Int, screenY: CGFloat)? {
        let top = table.contentOffset.y + table.adjustedContentInset.top
        for indexPath in table.indexPathsForVisibleRows ?? [] {
            let rect = table.rectForRow(at: indexPath)
            if rect.maxY > top { return (model.messages[indexPath.row].id, rect.minY - table.contentOffset.y) }
        }
        return nil
    }
}
