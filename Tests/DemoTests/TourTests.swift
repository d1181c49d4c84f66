import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Demo
import ReuseTable
@testable import Feed

@MainActor
@Suite struct TourTests {
    @Test func tourCompletesAndRespectsThePoolBound() {
        var printed: [String] = []
        let report = Tour.run(output: { printed.append($0) })
        #expect(report.steps.count >= 10)
        #expect(report.steps.first?.snapshot.rows == 1_000_000)
        #expect(report.maxVisibleCells > 0)
        // With the pool on, cells created never exceed the most on screen at once plus a small constant.
        #expect(report.cellsCreatedWithPool <= report.maxVisibleCells + 2)
        // `a` switches to another cell class with its own reuse identifier: one pool per class, each bounded.
        #expect(report.cellsCreatedInTotal <= 3 * (report.maxVisibleCells + 2))
        #expect(printed.contains { $0.contains("ConfiguredFeedCell, a ListContentConfiguration: the same heights") })
        // Without the pool the same scroll path makes a cell for every row that appears.
        #expect(report.cellsCreatedWithoutPool > 5 * report.cellsCreatedWithPool)
        // One line of counters per step, plus the comparison.
        #expect(printed.contains { $0.hasPrefix("pool off, same scroll path") })
        #expect(printed.filter { $0.contains(" · layout ") }.count == report.steps.count + 1)
        // `a`: the rows on screen keep their heights when Auto Layout measures them.
        #expect(!report.cellLayoutHeightsBefore.isEmpty)
        #expect(report.cellLayoutHeightsAfter == report.cellLayoutHeightsBefore)
        #expect(printed.contains { $0.hasPrefix("a: Auto Layout cells") })
        #expect(printed.contains { $0.contains("+0 −0 moved 1 reloaded 0") })
    }

    @Test func tourWaterfallInsertsNearTheTopOfADayAndKeepsThePoolBound() throws {
        var printed: [String] = []
        let report = Tour.run(output: { printed.append($0) })
        #expect(report.waterfallSteps.count == 7)
        #expect(report.waterfallSteps.first?.snapshot.items == Tour.waterfallDays * FeedGenerator.postsPerDay)
        #expect(report.waterfallSteps.first?.snapshot.placedByLastUpdate == Tour.waterfallDays * FeedGenerator.postsPerDay)
        let inserted = try #require(report.waterfallInsertedAt)
        #expect(inserted.item > 0 && inserted.item < 100, "near the top of a day")
        // Only the items from the insertion point to the end of its day are re-placed.
        #expect(report.waterfallPlacedByInsert == report.waterfallItemsInInsertedDay - inserted.item)
        let last = try #require(report.waterfallSteps.last?.snapshot)
        #expect(last.cellsCreated <= report.waterfallMaxVisibleCells + 2)
        #expect(printed.contains { $0.hasPrefix("c: back to the table") })
    }

    @Test func traceShowsThePhasesInOrder() {
        let lines = Trace.lines()
        let text = lines.joined(separator: "\n")
        let markers = [
            "A. Exact heights", "▸ reloadData()", "▸ scroll to y = 100", "▸ insertRows",
            "B. Estimated heights", "▸ reloadData()", "▸ scroll to y = 100", "▸ insertRows",
        ]
        var searchStart = text.startIndex
        for marker in markers {
            let range = text.range(of: marker, range: searchStart..<text.endIndex)
            #expect(range != nil, "missing \(marker) in order")
            if let range { searchStart = range.upperBound }
        }
        // Exact heights: all five heights before the first cell; estimates: the estimate comes first.
        let exact = lines.prefix { !$0.contains("B. Estimated") }
        let firstCell = exact.firstIndex { $0.contains("cellForRowAt") }!
        #expect(exact[..<firstCell].filter { $0.contains(". heightForRowAt") }.count == 5)
        #expect(text.contains("estimatedHeightForRowAt [0, 0] → 44"))
    }

    /// Part D: a swipe-delete's delegate sequence, in UIKit's order, and a scroll that closes a row.
    @Test func traceShowsTheSwipeDeleteSequence() {
        let calls = SwipeTrace.lines().map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.first?.isNumber == true && $0.contains(". ") }
            .map { $0.split(separator: ".", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces) }
        let names = calls.map { String($0.split(separator: " ")[0]) }
        #expect(
            names == [
                "canEditRowAt", "trailingSwipeActionsConfigurationForRowAt", "editingStyleForRowAt", "willBeginEditingRowAt",
                "commit(.delete,", "didEndEditingRowAt", "numberOfRowsInSection", "didEndDisplaying", "cellForRowAt", "willDisplay",
                "canEditRowAt", "leadingSwipeActionsConfigurationForRowAt", "willBeginEditingRowAt", "didEndEditingRowAt",
                "didEndDisplaying", "cellForRowAt", "willDisplay", "scrollViewDidScroll",
            ])
    }

    /// Part C: each self-sized row is measured once, by the path its cell class takes, to the same height.
    @Test func traceNamesThePathThatMeasuredEachRow() {
        let lines = Trace.selfSizingLines()
        let autoLayoutStart = lines.firstIndex { $0.contains("with AutoLayoutFeedCell") }!
        let frames = lines[..<autoLayoutStart], constraints = lines[autoLayoutStart...]
        #expect(frames.filter { $0.contains("by sizeThatFits") }.count == 3 && !frames.contains { $0.contains("by Auto Layout") })
        #expect(constraints.filter { $0.contains("by Auto Layout") }.count == 3 && !constraints.contains { $0.contains("by sizeThatFits") })
        let heights = lines.filter { $0.contains("heights:") }
        #expect(heights.count == 2 && heights[0] == heights[1])
    }

    @Test func xraySVGIsWellFormedWithTheViewportAndEveryRow() throws {
        let svg = Xray.svg(rows: 15, offset: 10)
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "SVG does not parse: \(String(describing: parser.parserError))")
        #expect(counter.classes["viewport"] == 2)  // before and after the scroll
        #expect(counter.classes["row"] == 2 * 15)  // every row, in both panels
        #expect(svg.contains("Reuse pool"))
        #expect(counter.classes["selected"] == 2, "the selected row is marked in both panels, on screen and off")
        #expect(svg.contains("· selected"), "the cell showing it says so before the scroll")
    }

    @Test func helpListsSubcommandsAndKeys() {
        let help = DemoMain.helpText
        for word in ["tour", "trace", "xray --svg FILE", "bench", "PgUp PgDn", "go to a row", "reuse pool", "quit"] {
            #expect(help.contains(word), "help lacks \(word)")
        }
    }
}

/// Counts elements by their `class` attribute.
final class ElementCounter: NSObject, XMLParserDelegate {
    var classes: [String: Int] = [:]
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if let kind = attributes["class"] { classes[kind, default: 0] += 1 }
    }
}
