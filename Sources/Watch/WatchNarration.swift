import Foundation
@_spi(Internals) import ReuseTable

// One sentence per step, for the page's live region and for a reader who cannot see the drawing,
// and the Docs chapters that explain it. Words only: every number comes from the recording.

/// The Docs chapters the page links to, by key: title and file#anchor.
enum WatchDocs {
    static let chapters: [(key: String, title: String, path: String)] = [
        ("pass", "Layout on scroll: the three stages", "layout-on-scroll.md#how-reusetable-does-it"),
        ("walk", "Layout on scroll: the walk", "layout-on-scroll.md#the-walk"),
        ("offset", "Layout on scroll: who moves the offset", "layout-on-scroll.md#who-moves-the-offset"),
        ("width", "Layout on scroll: width change", "layout-on-scroll.md#width-change"),
        (
            "estimates", "Estimated heights and scroll anchoring",
            "estimated-heights.md#measuring-only-what-fills-the-viewport-measureslotsinviewport_"
        ),
        ("scrollTo", "Estimated heights: scrollToRow", "estimated-heights.md#scrolltorow-measures-the-neighbourhood-first"),
        ("tree", "Row geometry: the height tree", "row-geometry.md#the-production-way-heighttree"),
        ("finger", "Row geometry: the finger", "row-geometry.md#the-finger-scrolling-without-a-root-descent"),
        ("pool", "The reuse pool", "reuse-pool.md#how-reusetable-does-it"),
        ("live", "Live data", "live-data.md"),
        ("collection", "Collection view and waterfall", "collection-view.md"),
        ("watch", "Watching the pass", "watch.md"),
    ]
}

/// Tells each step in a sentence.
struct Narrator {
    let cells: [PassRecorder.CellRecord]
    let isCollection: Bool
    /// Where each cell was last shown, to say which row a recycled cell leaves.
    var lastRow: [Int: PassRecorder.Address] = [:]

    init(cells: [PassRecorder.CellRecord], isCollection: Bool, first: PassRecorder.Step?) {
        self.cells = cells
        self.isCollection = isCollection
        for shown in first?.state.screen ?? [] {
            lastRow[shown.serial] = PassRecorder.Address(index: -1, section: shown.section, row: shown.row)
        }
    }

    /// A step told: the sentence, the numbers beside it, and the Docs chapters (keys of `WatchDocs`) it links to.
    typealias Told = (sentence: String, numbers: String, docs: [String])

    mutating func tell(_ step: PassRecorder.Step, previous: PassRecorder.Step?, calledBySettle: Bool) -> Told {
        let fn = step.function
        switch step.event {
        case .note(let text):
            return (text, "", ["watch"])
        case .stage(let stage):
            return tell(stage, fn, calledBySettle: calledBySettle)
        case .geometryBuilt(let slots):
            return (
                "\(fn) builds the height tree from the data source's counts: \(grouped(Double(slots))) slots (a header, the rows, "
                    + "a footer), equal neighbours sharing one run, so the estimates of every row cost one run.",
                "", ["tree"]
            )
        case .offsetMove(let from, let to, let reason):
            let numbers = "offset \(grouped(from)) → \(grouped(to)) (\(reason.rawValue), Δ \(signed(to - from)))"
            return ("The offset moves from \(grouped(from)) to \(grouped(to)): \(Self.why(reason)).", numbers, Self.docs(reason))
        case .findSlot(let y, let found, let hit, let path, let run):
            return tellFindSlot(y: y, found: found, hit: hit, path: path, run: run, fn)
        case .measured(let address, let old, let new, let wasEstimate):
            let change = wasEstimate ? "estimate \(grouped(old)) → \(grouped(new)) points" : "height \(grouped(old)) → \(grouped(new)) points"
            return (
                "\(capitalized(describe(address))) is measured in \(fn): \(change) (Δ \(signed(new - old))). The tree stores it "
                    + "and re-adds the sums on the path from its leaf to the root.",
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
            return (
                "Stage 1, settle: \(fn) brings the \(isCollection ? "layout" : "geometry") up to date with the bounds — "
                    + (isCollection
                        ? "a new width invalidates the layout, and the offset is clamped if the content shrank."
                        : "estimates on screen are measured around an anchor, and the offset is clamped. It is the only stage that moves the offset."),
                "", ["pass", isCollection ? "collection" : "estimates"]
            )
        case .wanted where calledBySettle:
            return (
                "Settle calls \(fn) first, to learn which cells left the screen, so measuring can reuse them.", "", ["pass", "estimates"]
            )
        case .wanted:
            return (
                isCollection
                    ? "Stage 2, wanted: \(fn) asks the layout's layoutAttributesForElements(in:) for the items in the viewport."
                    : "Stage 2, wanted: \(fn) walks the geometry from the row at the viewport's top and names the rows that "
                        + "belong on screen. It asks nothing of the app.",
                "", [isCollection ? "collection" : "walk"]
            )
        case .reconcile:
            return (
                "Stage 3, reconcile: \(fn) sends cells whose rows left back to the pool first, then gives each arriving "
                    + "row a cell — from the pool before a new one is made.",
                "", ["pool", "pass"]
            )
        case .call:
            return ("The host's call runs.", "", ["pass"])
        }
    }

    /// `fn` looks up the slot at `y`: through the finger or by a descent from the root.
    func tellFindSlot(y: Double, found: PassRecorder.Address?, hit: Bool, path: [Int], run: Int?, _ fn: String) -> Told {
        let what = found.map { describe($0) } ?? "nothing (past the end)"
        let how: String
        if isCollection || path.isEmpty {
            how = ""
        } else if hit {
            how = "The finger still points into the leaf of the last lookup: no descent, only its runs are walked"
        } else {
            how = "A descent from the root visits \(path.count) node\(path.count == 1 ? "" : "s"), choosing at each the child whose sums reach y"
        }
        let runText = run.map { ", run \($0 + 1) of the leaf" } ?? ""
        return (
            "findRow for y = \(grouped(y)) in \(fn): \(what)\(runText). \(how)\(how.isEmpty ? "" : ".")",
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
                "Anchor kept: \(describe(address)) is at screen y \(grouped(after)), where the reader saw it; "
                    + "nothing above it changed height, so the offset stays.", numbers, ["estimates"]
            )
        }
        return (
            "Anchor kept: the rows measured above \(describe(address)) changed the height above it by \(signed(delta)) points, "
                + "the offset moved by the same \(signed(delta)), and \(describe(address)) stays at screen y \(grouped(after)).",
            numbers, ["estimates"]
        )
    }

    /// Cell `serial` is created, dequeued, shown at `at` or recycled, in `fn`; remembers where it is shown.
    mutating func tellCell(_ serial: Int, _ change: PassRecorder.CellChange, at: PassRecorder.Address?, _ fn: String) -> Told {
        let identifier = cells[serial - 1].identifier
        switch change {
        case .created:
            return ("The \"\(identifier)\" pool is empty: cell #\(serial) is created (\(fn)).", "", ["pool"])
        case .dequeued:
            let was = lastRow[serial].map { ", where it waited since \(describe($0)) left" } ?? ""
            return ("Cell #\(serial) comes out of the \"\(identifier)\" pool\(was) (\(fn)).", "", ["pool"])
        case .shown:
            if let at { lastRow[serial] = at }
            return ("Cell #\(serial) goes on screen showing \(at.map { describe($0) } ?? "an element").", "", ["pool", "walk"])
        case .recycled:
            let left = lastRow[serial].map { describe($0) + " left the screen; " } ?? ""
            return (capitalized("\(left)cell #\(serial) goes back to the \"\(identifier)\" pool (\(fn))."), "", ["pool"])
        }
    }

    func describe(_ address: PassRecorder.Address) -> String {
        if isCollection { return "item \(grouped(Double(address.row)))" }
        if address.row < 0 { return "the header of section \(address.section)" }
        let row = "row \(grouped(Double(address.row)))"
        return address.section == 0 ? row : "\(row) of section \(address.section)"
    }

    static func why(_ reason: ScrollView.OffsetMoveReason) -> String {
        switch reason {
        case .user: return "the host set contentOffset (a drag, a fling)"
        case .anchor: return "rows measured above what the reader sees changed height, and the offset moves with them"
        case .clamp: return "the content got shorter than the offset, which comes back to the end"
        case .scrollTo: return "scrollToRow placed its row"
        case .sanitize: return "non-finite bounds were repaired"
        case .autoScroll: return "a lifted row near an edge scrolls the content"
        case .keepVisibleContent: return "content changed above the row read, and the offset moves with it (maintainsVisibleContentPosition)"
        case .followEnd: return "the view showed the end and keeps showing it (sticksToBottom)"
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
