import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Docs/layout-on-scroll.md's route tables are what the recorder hears on the four routes a reader
/// follows — a first load, a step down, a step up and a jump — on a table of 1,000,000 rows of 44
/// points: every function that holds a hook, in order, with its file. The chapter's block between
/// the route markers must equal them; `REUSETABLE_WRITE_ROUTE=1 swift test --filter LayoutRouteDocTests`
/// writes it anew after a change to the engine.
@MainActor
@Suite struct LayoutRouteDocTests {
    static let chapter = RepositoryMap.root.appendingPathComponent("Docs/layout-on-scroll.md")
    static let begin = "<!-- route: begin (written by LayoutRouteDocTests) -->"
    static let end = "<!-- route: end -->"

    /// The four routes, as the chapter prints them.
    static func routes() -> String {
        let source = HashedHeights(rows: 1_000_000, fixedHeight: 44)
        // 480 points: at 1,000 rows 22–33 show; at 1,020 row 22 has left and row 34 arrived.
        let table = TestSupport.makeTable(source, height: 480, reload: false)
        let recorder = PassRecorder()
        table.recorder = recorder
        var text: [String] = []
        func traced(_ title: String, _ action: () -> Void) {
            let start = recorder.steps.count
            action()
            let route = PassRecorder.route(of: recorder.steps[start...])
            let files = Set(route.map(\.file)).count
            text.append("#### \(title)\n\n\(PassRecorder.markdown(route))\n\n\(route.count) stops in \(files) files.")
        }
        traced("A first load: `reloadData()` on 1,000,000 rows") { table.reloadData() }
        table.contentOffset.y = 1_000
        traced("A step down: `contentOffset.y` 1,000 → 1,020 (row 22 leaves, row 34 arrives)") { table.contentOffset.y = 1_020 }
        traced("A step up: `contentOffset.y` 1,020 → 1,000 (row 34 leaves, row 22 arrives)") { table.contentOffset.y = 1_000 }
        traced("A jump: `contentOffset.y` 1,000 → 22,000,000 (a whole new screen)") { table.contentOffset.y = 22_000_000 }
        withExtendedLifetime(source) {}
        return text.joined(separator: "\n\n")
    }

    @Test func theChaptersRouteTablesAreWhatTheRecorderHears() throws {
        let generated = Self.routes()
        let text = try String(contentsOf: Self.chapter, encoding: .utf8)
        guard let from = text.range(of: Self.begin), let to = text.range(of: Self.end, range: from.upperBound..<text.endIndex) else {
            Issue.record("Docs/layout-on-scroll.md has no route block between \(Self.begin) and \(Self.end)")
            return
        }
        let written = text[from.upperBound..<to.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        if ProcessInfo.processInfo.environment["REUSETABLE_WRITE_ROUTE"] == "1" {
            let updated = text.replacingCharacters(in: from.upperBound..<to.lowerBound, with: "\n\n\(generated)\n\n")
            try updated.write(to: Self.chapter, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            written == generated,
            """
            Docs/layout-on-scroll.md's route is not the code's: run REUSETABLE_WRITE_ROUTE=1 swift test --filter LayoutRouteDocTests \
            and read the change. The code's route:
            \(generated)
            """)
    }

    /// A step down reaches the pool and the data source: the recorder hears the recycle of row 22's
    /// cell and its reuse for row 34, so a route without them would say the hooks went quiet.
    @Test func aStepDownRecyclesTheCellThatLeftAndShowsItForTheRowThatArrived() {
        let route = Self.routes()
        let stepDown = route.components(separatedBy: "#### ")[2]
        #expect(stepDown.contains("cell recycled"))
        #expect(stepDown.contains("cell dequeued"))
        #expect(stepDown.contains("cell shown"))
        #expect(!stepDown.contains("cell created"), "the pool had the cell")
    }
}
