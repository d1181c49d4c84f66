import Foundation
@_spi(Internals) import ReuseTable

/// One scene recorded on the real engine: what the page calls it, and every step the recorder kept.
@_spi(Internals) @MainActor
public struct RecordedScene {
    /// The scene's name in the URL (`#scene=jump`).
    public var key: String
    /// The scene's title.
    public var title: String
    /// What the scene shows, in a sentence or two.
    public var summary: String
    /// The title in Simplified Chinese.
    public var chineseTitle = ""
    /// The summary in Simplified Chinese.
    public var chineseSummary = ""
    /// True for a collection view (no height tree; items in columns).
    public var isCollection: Bool
    /// Rows (or items) the view has at the end of the scene.
    public var rows: Int
    /// The recording.
    public var recorder: PassRecorder
    /// The view's counters and offset moves as they were when the recording began and when it ended
    /// (the tests compare them with the recording).
    public var countersBefore: EngineFigures
    /// See `countersBefore`.
    public var countersAfter: EngineFigures
}

/// The engine's own counters, read from the view (not from the recorder).
public struct EngineFigures: Equatable, Sendable {
    /// Cells made by dequeue, over every identifier (`cellsCreatedByIdentifier`).
    public var created = 0
    /// Calls of the data source's cell method.
    public var cellCalls = 0
    /// Slots whose height is exact (tables only).
    public var measuredSlots = 0
    /// Offset moves by reason (`offsetMoves`).
    public var offsetMoves: [ScrollView.OffsetMoveReason: Int] = [:]
    /// Offset corrections made by anchoring (tables only).
    public var anchorAdjustments = 0
    /// Exact row heights obtained (tables only).
    public var rowHeightQueries = 0
    /// Cells in the pool.
    public var pooled = 0
    /// The rows (or items) on screen, sorted.
    public var visible: [IndexPath] = []
}

/// The scenes the page shows, recorded on real tables and a real collection view.
@_spi(Internals) @MainActor
public enum WatchScenes {
    /// The viewport of every scene, in points.
    static let frame = CGRect(x: 0, y: 0, width: 300, height: 360)
    /// The tables' tree node sizes: small, so a few dozen rows show the tree's levels.
    static let leafCapacity = 6
    static let fanout = 4
    /// The estimate every estimating table starts rows with.
    static let estimate: CGFloat = 64

    /// Each scene's title and summary in Simplified Chinese, by key (beside the English in each scene below).
    static let chinese: [String: (title: String, summary: String)] = [
        "first-load": (
            "首次加载",
            "对 1,000 行、64 点预估高度的 table 调用 reloadData()：树一开始只有一段预估高度，settle 只测量屏幕上显示的行，"
                + "而且因为重用池是空的，每个 cell 都是新建的。"
        ),
        "slow-scroll": (
            "慢慢往下滚",
            "往下走五小步：finger 不用从根往下找就能回答每一次查找；从顶部离开的行把 cell 还给重用池，下一个用同一 identifier 的行接着用它。"
        ),
        "fling": (
            "快速滑动",
            "轻轻一甩：offset 先冲出去再慢下来。一步就跨过整屏，所以每个 cell 都离开屏幕，再回来显示别的行——始终只有寥寥几个 cell。"
        ),
        "jump": (
            "跳到 1,000,000 行中的第 500,000 行",
            "scrollToRow 跳到一百万行的正中间：从根往下找一次就找到它，先测量它周围的行，两侧各一百万个预估高度在树里仍各是一段。"
        ),
        "scroll-up": (
            "往上滚进预估高度",
            "从第 500,000 行开始，一小步一小步往上滚进仍是 64 点预估高度的行。读者上方每测量一行，锚点上方的高度就变化 Δ；"
                + "offset 也移动同样的 Δ，于是锚点在屏幕上的 y 不变，屏幕上什么都不会跳。"
        ),
        "insert-above": (
            "在视口上方插入",
            "在开启 maintainsVisibleContentPosition 的情况下，读者正在看的内容上方多了三行：下面的内容随之加高，offset 也跟着移动，"
                + "所以正在读的那一行纹丝不动。"
        ),
        "chat-prepend": (
            "聊天：一条新消息，然后在上方加载更早的消息",
            "一个始终贴着底部的聊天：来了一条新消息，offset 跟着末尾走；读者滚到顶部，上方加载二十条更早的消息，正在读的内容不动。"
        ),
        "width": (
            "宽度变化",
            "自适应高度的文字行从 300 点宽变成 220 点宽：每个高度都重新变回预估值，屏幕上的 cell 回到重用池，"
                + "视口里的行围绕锚点按新宽度重新测量。"
        ),
        "waterfall": (
            "瀑布流滚动",
            "一个两列 WaterfallLayout 的 CollectionView：同样的三个阶段，只是用布局的 layoutAttributesForElements(in:) 代替了高度树。"
        ),
    ]

    /// Every scene, in the order of the page's keys 1–9.
    public static func all() -> [RecordedScene] {
        [firstLoad(), slowScroll(), fling(), jump(), scrollUpIntoEstimates(), insertAbove(), chatPrepend(), widthChange(), waterfall()]
    }

    // MARK: The scenes

    static func firstLoad() -> RecordedScene {
        let rows = WatchRows(count: 1_000)
        let table = estimatingTable(rows)
        return record(
            "first-load", "First load", rows: 1_000,
            summary: "reloadData() on 1,000 rows with 64-point estimates: the tree starts as one run of estimates, "
                + "settle measures only the rows the screen shows, and every cell is new because the pool is empty.",
            table
        ) { recorder in
            recorder.note(
                WatchLanguage.note(
                    "The host calls reloadData() on a table of 1,000 rows; each row starts as a 64-point estimate.",
                    "宿主对一个 1,000 行的 table 调用 reloadData()；每一行都先用 64 点的预估高度。"), in: table)
            table.reloadData()
        }
    }

    static func slowScroll() -> RecordedScene {
        let rows = WatchRows(count: 1_000)
        let table = estimatingTable(rows)
        table.reloadData()
        return record(
            "slow-scroll", "A slow scroll down", rows: 1_000,
            summary: "Five small steps down: the finger answers each lookup without a descent, a row leaving at the top "
                + "gives its cell back to the pool, and the next row arriving with that identifier takes it.",
            table
        ) { recorder in
            for step in 1...5 {
                let y = CGFloat(step * 36)
                recorder.note(
                    WatchLanguage.note(
                        "The finger drags the content up: the host sets contentOffset.y = \(Int(y)).",
                        "手指把内容往上拖：宿主设置 contentOffset.y = \(Int(y))。"), in: table)
                table.contentOffset.y = y
            }
        }
    }

    static func fling() -> RecordedScene {
        let rows = WatchRows(count: 1_000)
        let table = estimatingTable(rows)
        table.reloadData()
        return record(
            "fling", "A fling", rows: 1_000,
            summary: "A flick: the offset races ahead then slows down. Whole screens pass in one step, so every "
                + "cell leaves and comes back for other rows — still only a handful of cells.",
            table
        ) { recorder in
            var y: CGFloat = 0
            for delta in [120, 560, 560, 120] as [CGFloat] {
                y += delta
                recorder.note(
                    WatchLanguage.note(
                        "Deceleration moves the offset by \(Int(delta)) points: contentOffset.y = \(grouped(Double(y))).",
                        "减速把 offset 推进了 \(Int(delta)) 点：contentOffset.y = \(grouped(Double(y)))。"), in: table)
                table.contentOffset.y = y
            }
        }
    }

    static func jump() -> RecordedScene {
        let rows = WatchRows(count: 1_000_000)
        let table = estimatingTable(rows)
        table.reloadData()
        return record(
            "jump", "Jump to row 500,000 of 1,000,000", rows: 1_000_000,
            summary: "scrollToRow to the middle of a million rows: one descent finds it, the rows around it are measured "
                + "first, and a million estimates stay one run in the tree on each side.",
            table
        ) { recorder in
            recorder.note(
                WatchLanguage.note(
                    "The host calls scrollToRow(at: [0, 500000], at: .top, animated: false) on a table of 1,000,000 rows.",
                    "宿主对一个 1,000,000 行的 table 调用 scrollToRow(at: [0, 500000], at: .top, animated: false)。"), in: table)
            table.scrollToRow(at: IndexPath(row: 500_000, section: 0), at: .top, animated: false)
        }
    }

    static func scrollUpIntoEstimates() -> RecordedScene {
        let rows = WatchRows(count: 1_000_000)
        let table = estimatingTable(rows)
        table.reloadData()
        table.scrollToRow(at: IndexPath(row: 500_000, section: 0), at: .top, animated: false)
        return record(
            "scroll-up", "Scrolling up into estimates", rows: 1_000_000,
            summary: "From row 500,000, small steps up into rows that are still 64-point estimates. Each row measured "
                + "above the reader changes the height above the anchor by Δ; the offset moves by the same Δ, so the anchor "
                + "keeps its screen y and nothing on screen jumps.",
            table
        ) { recorder in
            for _ in 1...4 {
                let y = table.contentOffset.y - 40
                recorder.note(
                    WatchLanguage.note(
                        "The reader scrolls up 40 points: contentOffset.y = \(grouped(Double(y))).",
                        "读者往上滚了 40 点：contentOffset.y = \(grouped(Double(y)))。"), in: table)
                table.contentOffset.y = y
            }
        }
    }

    static func insertAbove() -> RecordedScene {
        let rows = WatchRows(count: 1_000)
        let table = estimatingTable(rows)
        table.reloadData()
        table.contentOffset.y = 1_200
        table.maintainsVisibleContentPosition = true
        return record(
            "insert-above", "Insert above the viewport", rows: 1_003,
            summary: "Three rows arrive above what the reader sees, with maintainsVisibleContentPosition: the content "
                + "below grows by their height and the offset moves with it, so the row read stays put.",
            table
        ) { recorder in
            recorder.note(
                WatchLanguage.note(
                    "The data gains three rows at index 5; the host calls insertRows(at: [5, 6, 7]).",
                    "数据在第 5 行处多了三行；宿主调用 insertRows(at: [5, 6, 7])。"), in: table)
            rows.insert(3, at: 5)
            table.insertRows(at: (5..<8).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        }
    }

    static func chatPrepend() -> RecordedScene {
        let chat = WatchChat(first: 1_000, count: 24)
        let table = TableView(frame: frame)
        chat.install(in: table)
        table.setTreeNodeCapacities(leaf: leafCapacity, fanout: fanout)
        table.sticksToBottom = true
        table.maintainsVisibleContentPosition = true
        table.reloadData()
        table.contentOffset.y = table.maximumContentOffsetY
        return record(
            "chat-prepend", "Chat: a new message, then older ones above", rows: 45,
            summary: "A chat that sticks to its end: a new message arrives and the offset follows the end; the reader "
                + "scrolls to the top and twenty older messages load above without moving what they read.",
            table
        ) { recorder in
            recorder.note(
                WatchLanguage.note(
                    "A new message arrives at the bottom: the host calls insertRows(at: [0, 24]).",
                    "底部来了一条新消息：宿主调用 insertRows(at: [0, 24])。"), in: table)
            chat.count += 1
            table.insertRows(at: [IndexPath(row: 24, section: 0)], with: .automatic)
            recorder.note(
                WatchLanguage.note(
                    "The reader scrolls to the top of the conversation: contentOffset.y = 0.", "读者滚到对话的最上面：contentOffset.y = 0。"),
                in: table)
            table.contentOffset.y = 0
            recorder.note(
                WatchLanguage.note(
                    "Twenty older messages load above: the host calls insertRows(at: [0, 0] … [0, 19]).",
                    "上方加载了二十条更早的消息：宿主调用 insertRows(at: [0, 0] … [0, 19])。"), in: table)
            chat.first -= 20
            chat.count += 20
            table.insertRows(at: (0..<20).map { IndexPath(row: $0, section: 0) }, with: .none)
            withExtendedLifetime(chat) {}
        }
    }

    static func widthChange() -> RecordedScene {
        let rows = WatchTextRows(count: 500)
        let table = TableView(frame: frame)
        rows.install(in: table)
        table.estimatedRowHeight = estimate
        table.setTreeNodeCapacities(leaf: leafCapacity, fanout: fanout)
        table.reloadData()
        table.contentOffset.y = 400
        return record(
            "width", "A width change", rows: 500,
            summary: "Self-sizing text rows, 300 points wide, turn 220 wide: every height becomes an estimate again, the "
                + "cells on screen go back to the pool, and the rows in view are measured at the new width around the anchor.",
            table
        ) { recorder in
            recorder.note(
                WatchLanguage.note(
                    "The table becomes 220 points wide (a rotation, a split view); the host calls layoutIfNeeded().",
                    "table 变成 220 点宽（旋转屏幕、分屏）；宿主调用 layoutIfNeeded()。"), in: table)
            table.frame.size.width = 220
            table.layoutIfNeeded()
            withExtendedLifetime(rows) {}
        }
    }

    static func waterfall() -> RecordedScene {
        let tiles = WatchTiles(count: 300)
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 8)
        let collection = CollectionView(frame: frame, collectionViewLayout: layout)
        tiles.install(in: collection, layout: layout)
        collection.reloadData()
        collection.layoutIfNeeded()
        let recorder = PassRecorder()
        let before = figures(of: collection)
        collection.recorder = recorder
        for step in 1...4 {
            let y = CGFloat(step * 120)
            recorder.note(
                WatchLanguage.note(
                    "The finger drags the waterfall up: the host sets contentOffset.y = \(Int(y)).",
                    "手指把瀑布流往上拖：宿主设置 contentOffset.y = \(Int(y))。"), in: collection)
            collection.contentOffset.y = y
        }
        collection.recorder = nil
        withExtendedLifetime(tiles) {}
        return RecordedScene(
            key: "waterfall", title: "A waterfall scroll",
            summary: "A CollectionView with a two-column WaterfallLayout: the same three stages, with the layout's "
                + "layoutAttributesForElements(in:) in place of the height tree.",
            chineseTitle: chinese["waterfall"]?.title ?? "", chineseSummary: chinese["waterfall"]?.summary ?? "",
            isCollection: true, rows: 300, recorder: recorder, countersBefore: before, countersAfter: figures(of: collection, visible: true))
    }

    // MARK: Making and recording

    static func estimatingTable(_ rows: WatchRows) -> TableView {
        let table = TableView(frame: frame)
        rows.install(in: table)
        table.estimatedRowHeight = estimate
        table.setTreeNodeCapacities(leaf: leafCapacity, fanout: fanout)
        return table
    }

    static func record(
        _ key: String, _ title: String, rows: Int, summary: String, _ table: TableView, _ actions: (PassRecorder) -> Void
    ) -> RecordedScene {
        let recorder = PassRecorder()
        let before = figures(of: table)
        table.recorder = recorder
        actions(recorder)
        table.recorder = nil
        return RecordedScene(
            key: key, title: title, summary: summary, chineseTitle: chinese[key]?.title ?? title,
            chineseSummary: chinese[key]?.summary ?? summary, isCollection: false, rows: rows, recorder: recorder, countersBefore: before,
            countersAfter: figures(of: table, visible: true))
    }

    static func figures(of table: TableView, visible: Bool = false) -> EngineFigures {
        var figures = EngineFigures()
        figures.created = table.cellsCreatedByIdentifier.values.reduce(0, +)
        figures.cellCalls = table.counters.cellForRowCalls
        figures.measuredSlots = table.measuredSlotCount
        for reason in ScrollView.OffsetMoveReason.allCases { figures.offsetMoves[reason] = table.offsetMoves[reason] }
        figures.anchorAdjustments = table.counters.anchorAdjustments
        figures.rowHeightQueries = table.counters.rowHeightQueries
        figures.pooled = table.reusePoolCount
        // Asked only once the recording is over: the query lays out a view that needs it (and loads one never loaded).
        if visible { figures.visible = table.indexPathsForVisibleRows ?? [] }
        return figures
    }

    static func figures(of collection: CollectionView, visible: Bool = false) -> EngineFigures {
        var figures = EngineFigures()
        figures.created = collection.cellsCreatedByIdentifier.values.reduce(0, +)
        figures.cellCalls = collection.counters.cellForItemCalls
        for reason in ScrollView.OffsetMoveReason.allCases { figures.offsetMoves[reason] = collection.offsetMoves[reason] }
        figures.pooled = collection.reusePoolCount
        if visible { figures.visible = collection.indexPathsForVisibleItems.sorted() }
        return figures
    }
}
