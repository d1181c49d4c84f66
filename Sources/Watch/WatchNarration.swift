import Foundation
@_spi(Internals) import ReuseTable

// One sentence per step, for the page's live region and for a reader who cannot see the drawing,
// and the Docs chapters that explain it; in English and in Simplified Chinese, each sentence written
// in both side by side so that the two stay in step. Words only: every number comes from the recording.

/// The page's languages: English, and Simplified Chinese for the readers the articles were written for.
@_spi(Internals) public enum WatchLanguage: String, CaseIterable, Sendable {
    /// English, the page's default (`en`).
    case english = "en"
    /// Simplified Chinese (`zh-Hans`).
    case simplifiedChinese = "zh-Hans"

    /// The language named `code` (`en` or `zh-Hans`), or a message naming the known ones.
    public static func named(_ code: String) -> Result<WatchLanguage, WatchLanguageError> {
        guard let language = WatchLanguage(rawValue: code) else {
            let known = allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(WatchLanguageError(message: "unknown language '\(code)' for --lang (known: \(known))"))
        }
        return .success(language)
    }

    /// A host's note in both languages, as the recorder keeps it: `Narrator` tells the one its language wants.
    static func note(_ english: String, _ chinese: String) -> String { english + noteSeparator + chinese }
    static let noteSeparator = "\u{1E}"
}

/// A language code that is not one of the page's.
@_spi(Internals) public struct WatchLanguageError: Error, Equatable {
    /// What was asked for, and the languages there are.
    public var message: String
}

/// The Docs chapters the page links to, by key: title, Chinese title and file#anchor (the chapters are English).
enum WatchDocs {
    static let chapters: [(key: String, title: String, chinese: String, path: String)] = [
        ("pass", "Layout on scroll: the three stages", "滚动时的布局：三个阶段（英文）", "layout-on-scroll.md#how-reusetable-does-it"),
        ("walk", "Layout on scroll: the walk", "滚动时的布局：逐行遍历（英文）", "layout-on-scroll.md#the-walk"),
        ("offset", "Layout on scroll: who moves the offset", "滚动时的布局：谁在移动 offset（英文）", "layout-on-scroll.md#who-moves-the-offset"),
        ("width", "Layout on scroll: width change", "滚动时的布局：宽度变化（英文）", "layout-on-scroll.md#width-change"),
        (
            "estimates", "Estimated heights and scroll anchoring", "预估高度与滚动锚定（英文）",
            "estimated-heights.md#measuring-only-what-fills-the-viewport-measureslotsinviewport_"
        ),
        (
            "scrollTo", "Estimated heights: scrollToRow", "预估高度：scrollToRow（英文）",
            "estimated-heights.md#scrolltorow-measures-the-neighbourhood-first"
        ),
        ("tree", "Row geometry: the height tree", "行的几何信息：高度树（英文）", "row-geometry.md#the-production-way-heighttree"),
        ("finger", "Row geometry: the finger", "行的几何信息：finger（英文）", "row-geometry.md#the-finger-scrolling-without-a-root-descent"),
        ("pool", "The reuse pool", "重用池（英文）", "reuse-pool.md#how-reusetable-does-it"),
        ("live", "Live data", "实时数据（英文）", "live-data.md"),
        ("collection", "Collection view and waterfall", "Collection view 与瀑布流（英文）", "collection-view.md"),
        ("watch", "Watching the pass", "观看布局过程（英文）", "watch.md"),
    ]
}

/// Tells each step in a sentence.
struct Narrator {
    let cells: [PassRecorder.CellRecord]
    let isCollection: Bool
    /// The language the sentences are told in.
    let language: WatchLanguage
    /// Where each cell was last shown, to say which row a recycled cell leaves.
    var lastRow: [Int: PassRecorder.Address] = [:]

    init(cells: [PassRecorder.CellRecord], isCollection: Bool, first: PassRecorder.Step?, language: WatchLanguage = .english) {
        self.cells = cells
        self.isCollection = isCollection
        self.language = language
        for shown in first?.state.screen ?? [] {
            lastRow[shown.serial] = PassRecorder.Address(index: -1, section: shown.section, row: shown.row)
        }
    }

    /// A step told: the sentence, the numbers beside it, and the Docs chapters (keys of `WatchDocs`) it links to.
    typealias Told = (sentence: String, numbers: String, docs: [String])

    /// The sentence in the narrator's language; in Chinese, without the spaces that padded a Latin word before
    /// a full-width mark or another space.
    func say(_ english: String, _ chinese: String) -> String {
        guard language == .simplifiedChinese else { return english }
        var text = chinese
        for (padded, tidy) in [("  ", " "), (" ：", "："), (" ，", "，"), (" 。", "。"), (" （", "（"), ("（ ", "（"), (" ；", "；")] {
            while text.contains(padded) { text = text.replacingOccurrences(of: padded, with: tidy) }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    mutating func tell(_ step: PassRecorder.Step, previous: PassRecorder.Step?, calledBySettle: Bool) -> Told {
        let fn = step.function
        switch step.event {
        case .note(let text):
            let parts = text.components(separatedBy: WatchLanguage.noteSeparator)
            return (language == .english || parts.count < 2 ? parts[0] : parts[1], "", ["watch"])
        case .stage(let stage):
            return tell(stage, fn, calledBySettle: calledBySettle)
        case .geometryBuilt(let slots):
            return (
                say(
                    "\(fn) builds the height tree from the data source's counts: \(grouped(Double(slots))) slots (a header, the rows, "
                        + "a footer), equal neighbours sharing one run, so the estimates of every row cost one run.",
                    "\(fn) 按数据源给的个数建起高度树：\(grouped(Double(slots))) 个 slot（一个 header、所有行、一个 footer），"
                        + "相邻且相等的合成一段，所以所有行的预估高度只占一段。"),
                "", ["tree"]
            )
        case .offsetMove(let from, let to, let reason):
            let numbers = "offset \(grouped(from)) → \(grouped(to)) (\(reason.rawValue), Δ \(signed(to - from)))"
            let sentence = say(
                "The offset moves from \(grouped(from)) to \(grouped(to)): \(why(reason)).",
                "offset 从 \(grouped(from)) 移到 \(grouped(to))：\(why(reason))。")
            return (sentence, numbers, Self.docs(reason))
        case .findSlot(let y, let found, let hit, let path, let run):
            return tellFindSlot(y: y, found: found, hit: hit, path: path, run: run, fn)
        case .measured(let address, let old, let new, let wasEstimate):
            let change =
                wasEstimate
                ? say("estimate \(grouped(old)) → \(grouped(new)) points", "预估 \(grouped(old)) → \(grouped(new)) 点")
                : say("height \(grouped(old)) → \(grouped(new)) points", "高度 \(grouped(old)) → \(grouped(new)) 点")
            return (
                say(
                    "\(capitalized(describe(address))) is measured in \(fn): \(change) (Δ \(signed(new - old))). The tree stores it "
                        + "and re-adds the sums on the path from its leaf to the root.",
                    "\(fn) 测量了\(describe(address))：\(change)（Δ \(signed(new - old))）。树记下它，并把从它的叶子到根这条路径上的和重新加一遍。"),
                "", ["estimates", "tree"]
            )
        case .anchorKept(let address, let before, let after):
            return tellAnchorKept(address, before: before, after: after, previous: previous)
        case .cell(let serial, let change, let at):
            return tellCell(serial, change, at: at, fn)
        }
    }

    /// One of the pass's stages begins in `fn`.
    func tell(_ stage: PassRecorder.Stage, _ fn: String, calledBySettle: Bool) -> Told {
        switch stage {
        case .settle:
            let english =
                "Stage 1, settle: \(fn) brings the \(isCollection ? "layout" : "geometry") up to date with the bounds — "
                + (isCollection
                    ? "a new width invalidates the layout, and the offset is clamped if the content shrank."
                    : "estimates on screen are measured around an anchor, and the offset is clamped. It is the only stage that moves the offset.")
            let chinese =
                "阶段 1，settle：\(fn) 让\(isCollection ? "布局" : "几何信息")跟上 bounds——"
                + (isCollection
                    ? "宽度变了就让布局失效；内容变短了，offset 会被限制回范围内。"
                    : "围绕一个锚点测量屏幕上的预估行，并把 offset 限制在范围内。只有这个阶段会移动 offset。")
            return (say(english, chinese), "", ["pass", isCollection ? "collection" : "estimates"])
        case .wanted where calledBySettle:
            return (
                say(
                    "Settle calls \(fn) first, to learn which cells left the screen, so measuring can reuse them.",
                    "settle 先调用 \(fn)，弄清哪些 cell 离开了屏幕，好让测量时复用它们。"),
                "", ["pass", "estimates"]
            )
        case .wanted:
            let english =
                isCollection
                ? "Stage 2, wanted: \(fn) asks the layout's layoutAttributesForElements(in:) for the items in the viewport."
                : "Stage 2, wanted: \(fn) walks the geometry from the row at the viewport's top and names the rows that "
                    + "belong on screen. It asks nothing of the app."
            let chinese =
                isCollection
                ? "阶段 2，wanted：\(fn) 向布局的 layoutAttributesForElements(in:) 要视口里的 item。"
                : "阶段 2，wanted：\(fn) 从视口顶部那一行开始沿着几何信息往下走，列出应该在屏幕上的行。它不向 app 要任何东西。"
            return (say(english, chinese), "", [isCollection ? "collection" : "walk"])
        case .reconcile:
            return (
                say(
                    "Stage 3, reconcile: \(fn) sends cells whose rows left back to the pool first, then gives each arriving "
                        + "row a cell — from the pool before a new one is made.",
                    "阶段 3，reconcile：\(fn) 先把行已离开的 cell 送回重用池，再给每个新到的行一个 cell——先从池里拿，拿不到才新建。"),
                "", ["pool", "pass"]
            )
        case .call:
            return (say("The host's call runs.", "宿主的调用开始执行。"), "", ["pass"])
        }
    }

    /// `fn` looks up the slot at `y`: through the finger or by a descent from the root.
    func tellFindSlot(y: Double, found: PassRecorder.Address?, hit: Bool, path: [Int], run: Int?, _ fn: String) -> Told {
        let what = found.map { describe($0) } ?? say("nothing (past the end)", "什么也没有（已过末尾）")
        let how: String
        if isCollection || path.isEmpty {
            how = ""
        } else if hit {
            how = say(
                "The finger still points into the leaf of the last lookup: no descent, only its runs are walked.",
                "finger 仍指向上一次查找的那片叶子：不用从根往下找，只走这片叶子里的段。")
        } else {
            how = say(
                "A descent from the root visits \(path.count) node\(path.count == 1 ? "" : "s"), choosing at each the child whose sums reach y.",
                "从根往下找，经过 \(path.count) 个节点，每一层都选和能覆盖到 y 的那个子节点。")
        }
        let runText = run.map { say(", run \($0 + 1) of the leaf", "，叶子里的第 \($0 + 1) 段") } ?? ""
        return (
            say("findRow for y = \(grouped(y)) in \(fn): \(what)\(runText). \(how)", "\(fn) 中 findRow 查找 y = \(grouped(y))：\(what)\(runText)。\(how)")
                .trimmingCharacters(in: .whitespaces),
            "", [hit ? "finger" : "tree", "walk"]
        )
    }

    /// The anchor stayed where the reader saw it; `previous` holds the offset move that kept it, if any.
    func tellAnchorKept(_ address: PassRecorder.Address, before: Double, after: Double, previous: PassRecorder.Step?) -> Told {
        var delta = 0.0
        if let previous, case .offsetMove(let from, let to, .anchor) = previous.event { delta = to - from }
        let numbers =
            "offset Δ \(signed(delta)) · \(describe(address)) at screen y \(grouped(before)) → \(grouped(after))"
        if delta == 0 {
            return (
                say(
                    "Anchor kept: \(describe(address)) is at screen y \(grouped(after)), where the reader saw it; "
                        + "nothing above it changed height, so the offset stays.",
                    "锚点保持不动：\(describe(address))在屏幕 y \(grouped(after)) 处，正是读者看到它的地方；它上方没有高度变化，所以 offset 不动。"),
                numbers, ["estimates"]
            )
        }
        return (
            say(
                "Anchor kept: the rows measured above \(describe(address)) changed the height above it by \(signed(delta)) points, "
                    + "the offset moved by the same \(signed(delta)), and \(describe(address)) stays at screen y \(grouped(after)).",
                "锚点保持不动：\(describe(address))上方测量过的行让它上面的高度变了 \(signed(delta)) 点，offset 也移动同样的 "
                    + "\(signed(delta))，于是\(describe(address))仍在屏幕 y \(grouped(after)) 处。"),
            numbers, ["estimates"]
        )
    }

    /// Cell `serial` is created, dequeued, shown at `at` or recycled, in `fn`; remembers where it is shown.
    mutating func tellCell(_ serial: Int, _ change: PassRecorder.CellChange, at: PassRecorder.Address?, _ fn: String) -> Told {
        let identifier = cells[serial - 1].identifier
        switch change {
        case .created:
            return (
                say("The \"\(identifier)\" pool is empty: cell #\(serial) is created (\(fn)).", "\"\(identifier)\" 池是空的：新建 cell #\(serial)（\(fn)）。"),
                "", ["pool"]
            )
        case .dequeued:
            let was = lastRow[serial].map { say(", where it waited since \(describe($0)) left", "，它从\(describe($0))离开后一直在那里等着") } ?? ""
            return (
                say(
                    "Cell #\(serial) comes out of the \"\(identifier)\" pool\(was) (\(fn)).", "cell #\(serial) 从 \"\(identifier)\" 池里取出\(was)（\(fn)）。"
                ),
                "", ["pool"]
            )
        case .shown:
            if let at { lastRow[serial] = at }
            let what = at.map { describe($0) } ?? say("an element", "一个元素")
            return (say("Cell #\(serial) goes on screen showing \(what).", "cell #\(serial) 上屏，显示\(what)。"), "", ["pool", "walk"])
        case .recycled:
            let left = lastRow[serial].map { say(describe($0) + " left the screen; ", describe($0) + "离开了屏幕；") } ?? ""
            return (
                say(
                    capitalized("\(left)cell #\(serial) goes back to the \"\(identifier)\" pool (\(fn))."),
                    "\(left)cell #\(serial) 回到 \"\(identifier)\" 池（\(fn)）。"),
                "", ["pool"]
            )
        }
    }

    func describe(_ address: PassRecorder.Address) -> String {
        let row = grouped(Double(address.row))
        if isCollection { return say("item \(row)", " item \(row) ") }
        if address.row < 0 { return say("the header of section \(address.section)", " section \(address.section) 的 header ") }
        if address.section == 0 { return say("row \(row)", "第 \(row) 行") }
        return say("row \(row) of section \(address.section)", " section \(address.section) 的第 \(row) 行")
    }

    func why(_ reason: ScrollView.OffsetMoveReason) -> String {
        switch reason {
        case .user: return say("the host set contentOffset (a drag, a fling)", "宿主设置了 contentOffset（拖动、快速滑动）")
        case .anchor:
            return say(
                "rows measured above what the reader sees changed height, and the offset moves with them",
                "读者正在看的内容上方测量出的行改变了高度，offset 随之移动")
        case .clamp: return say("the content got shorter than the offset, which comes back to the end", "内容比 offset 还短了，offset 退回到末尾")
        case .scrollTo: return say("scrollToRow placed its row", "scrollToRow 把它的行放好了")
        case .sanitize: return say("non-finite bounds were repaired", "非有限的 bounds 被修正了")
        case .autoScroll: return say("a lifted row near an edge scrolls the content", "被拖起的行靠近边缘，内容跟着滚动")
        case .keepVisibleContent:
            return say(
                "content changed above the row read, and the offset moves with it (maintainsVisibleContentPosition)",
                "正在读的行上方内容变了，offset 随之移动（maintainsVisibleContentPosition）")
        case .followEnd: return say("the view showed the end and keeps showing it (sticksToBottom)", "视图原本显示着末尾，现在继续显示末尾（sticksToBottom）")
        }
    }

    static func docs(_ reason: ScrollView.OffsetMoveReason) -> [String] {
        switch reason {
        case .anchor: return ["offset", "estimates"]
        case .keepVisibleContent, .followEnd: return ["offset", "live"]
        case .scrollTo: return ["offset", "scrollTo"]
        default: return ["offset"]
        }
    }
}

/// `1234567` → "1,234,567"; fractions keep up to two decimals.
func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let rounded = (value * 100).rounded() / 100
    let negative = rounded < 0
    let whole = Int(abs(rounded).rounded(.down))
    var digits = String(whole)
    var groups: [Substring] = []
    while digits.count > 3 {
        groups.insert(digits.suffix(3), at: 0)
        digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    var text = groups.joined(separator: ",")
    let fraction = abs(rounded) - Double(whole)
    if fraction > 0.001 {
        var decimals = String(format: "%.2f", fraction).dropFirst()  // ".25"
        while decimals.hasSuffix("0") { decimals.removeLast() }
        text += decimals
    }
    return (negative ? "−" : "") + text
}

/// "+17", "−4", "0".
func signed(_ value: Double) -> String {
    value > 0 ? "+" + grouped(value) : grouped(value)
}

func capitalized(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
}
