import Foundation
import PagedDatabase
import ReuseTable
import ReuseTableTerminal
import Testing

@testable import Demo

// `Demo db`'s screen without a terminal: rows start as placeholders, their pages land in idle steps and
// show the generated messages, the end stays the end, and `o` shows another order.

@MainActor @Suite struct DatabaseScreenTests {
    /// Runs idle steps until no load is in flight, no placeholder is on screen and the count has landed
    /// (at most a few seconds of waiting for the loader).
    static func settle(_ screen: DatabaseScreen) async throws {
        for _ in 0..<1_000 {
            _ = screen.runIdleStep(budget: .milliseconds(2))
            _ = screen.render()
            if screen.rows.source.status.loadsInFlight == 0 && screen.placeholdersOnScreen == 0 && !screen.isCounting { return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func pagesReplaceThePlaceholdersAndTheEndStaysTheEnd() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-db-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/messages.sqlite"
        try SampleMessages.create(at: path, rows: 500)
        let loader = try TableLoader(path: path, table: "messages")
        let screen = DatabaseScreen(loader: loader)
        screen.resize(width: 80, height: 20)
        let first = screen.render().lines.joined(separator: "\n")
        #expect(first.contains("row 1 …"), "a placeholder before the first page lands")
        try await Self.settle(screen)
        let message = SampleMessages.message(0)
        let loaded = screen.render().lines.joined(separator: "\n")
        #expect(loaded.contains("#1  1 · \(message.author) · \(DatabaseRows.show(.integer(message.time), column: "time"))"))
        #expect(!loaded.contains("…"))

        _ = screen.handle(.char("G"))
        try await Self.settle(screen)
        let end = screen.render().lines
        let last = SampleMessages.message(499)
        #expect(end.contains { $0.contains("#500  500 · \(last.author)") }, "the last row is on screen once its page has landed")
        #expect(end.last?.contains("of 500") == true)

        try FileManager.default.removeItem(atPath: path)
        _ = screen.handle(.char("o"))
        #expect(screen.problem == "cannot open '\(path)': no such file — the rows shown are unchanged")
        #expect(screen.render().lines.last?.hasPrefix(" cannot open '") == true)
        #expect(screen.render().lines.last?.contains("by rowid") == false)
        #expect(screen.rows.source.status.residentPages > 0, "the pages shown are kept")
        try SampleMessages.create(at: path, rows: 500)
        _ = screen.handle(.char("o"))
        try await Self.settle(screen)
        #expect(screen.render().lines.last?.contains("by author") == true)
        #expect(screen.rows.source.status.residentPages <= DatabaseRows.residentPages)
    }

    static func type(_ text: String, into screen: DatabaseScreen) {
        for character in text { _ = screen.handle(.char(character)) }
        _ = screen.handle(.enter)
    }

    @Test func gGoesToARowAndSlashFiltersWithTheCountArrivingLater() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-db-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/messages.sqlite"
        try SampleMessages.create(at: path, rows: 500)
        let screen = DatabaseScreen(loader: try TableLoader(path: path, table: "messages"))
        screen.resize(width: 80, height: 20)
        try await Self.settle(screen)

        _ = screen.handle(.char("?"))
        #expect(screen.render().lines.last?.contains("g row · / filter · o order · F follow") == true)
        _ = screen.handle(.char("g"))
        #expect(screen.render().lines.last?.contains("go to row: _") == true)
        Self.type("250", into: screen)
        try await Self.settle(screen)
        #expect(screen.table.indexPathsForVisibleRows?.first?.row == 249)
        let jumped = screen.render().lines
        #expect(jumped.first?.contains("#250  250 · \(SampleMessages.message(249).author)") == true, "\(jumped.joined(separator: "\n"))")

        _ = screen.handle(.char("/"))
        _ = screen.handle(.char("x"))
        _ = screen.handle(.escape)
        #expect(screen.render().lines.last?.contains("of 500 · by rowid") == true, "Esc leaves the rows as they were")

        _ = screen.handle(.char("/"))
        Self.type("harbour", into: screen)
        try await Self.settle(screen)
        let matches = try Database(path: path).integer("SELECT count(*) FROM messages WHERE body LIKE '%harbour%'")
        let status = screen.render().lines.last ?? ""
        #expect(status.contains("of \(matches ?? -1) · body contains 'harbour'"), "\(status)")
        let shown = (screen.table.indexPathsForVisibleRows ?? []).map { screen.rows.text(ofRow: $0.row) }
        #expect(!shown.isEmpty && shown.allSatisfy { $0.lowercased().contains("harbour") })
    }
}
