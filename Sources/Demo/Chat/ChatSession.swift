import Foundation
import ReuseTable
import ReuseTableTerminal

/// `swift run Demo chat`: the chat screen on a terminal; off one, a scripted session that checks,
/// step by step, that the message read never moves on screen and that the end is followed.
@MainActor
enum ChatSession {
    /// Runs the screen on a terminal, or the scripted session; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        if Terminal.isInteractive {
            let app = ChatApp()
            do {
                try EventLoop().run(app)
                return 0
            } catch {
                print("Demo chat: \(error)")
                return 1
            }
        }
        let (lines, failures) = scripted()
        print(lines.joined(separator: "\n"))
        return failures == 0 ? 0 : 1
    }

    /// The scripted session on a 60 × 20 screen: each check printed as `ok` or `FAIL`, then a summary.
    static func scripted() -> (lines: [String], failures: Int) {
        let app = ChatApp(arrivalInterval: 0)
        app.resize(width: 60, height: 20)
        var lines: [String] = []
        var failures = 0, checks = 0
        func check(_ ok: Bool, _ what: String) {
            checks += 1
            if !ok { failures += 1 }
            lines.append((ok ? "ok    " : "FAIL  ") + what)
        }
        func stillReading(_ before: (id: Int, screenY: CGFloat)?, _ what: String) {
            let after = app.readingPosition()
            let moved = before.map { "message \($0.id) at line \(Int($0.screenY))" } ?? "none"
            check(before != nil && after?.id == before?.id && after?.screenY == before?.screenY, "\(what): \(moved), unmoved")
        }
        let table = app.table
        check(table.isAtBottom, "opens at the end of \(app.model.messages.count) messages, \(table.measuredSlotCount) measured")
        for _ in 0..<20 {
            app.receive()
            if !table.isAtBottom { break }
        }
        check(table.isAtBottom && app.unseen == 0, "20 messages arrive while at the end: the table follows them")
        for _ in 0..<12 { _ = app.handle(.up) }
        var reading = app.readingPosition()
        for _ in 0..<10 { app.receive() }
        stillReading(reading, "10 messages arrive while reading above the end")
        check(app.unseen == 10 && app.statusText.hasPrefix("↓ 10 new"), "the status line says \"↓ \(app.unseen) new\"")
        var pages = 0
        while app.model.olderLeft > 0, pages < 3 {
            // Scroll to the top as the keys do, then what a key arriving there does: load a page.
            table.contentOffset.y = table.minimumContentOffsetY
            reading = app.readingPosition()
            let before = app.model.messages.count
            app.afterScroll()
            pages += 1
            stillReading(reading, "the top loads 100 older messages above (\(before) → \(app.model.messages.count))")
        }
        _ = app.handle(.pageDown)
        reading = app.readingPosition()
        _ = app.handle(.char("w"))
        stillReading(reading, "w narrows the table to \(Int(table.bounds.width)) columns")
        _ = app.handle(.char("w"))
        stillReading(reading, "w widens it back to \(Int(table.bounds.width)) columns")
        _ = app.handle(.end)
        check(table.isAtBottom && app.unseen == 0, "End returns to the end: nothing unseen")
        for _ in 0..<5 { app.receive() }
        check(table.isAtBottom, "5 more messages: the table follows again")
        let kept = table.offsetMoves[.keepVisibleContent], followed = table.offsetMoves[.followEnd]
        lines.append(
            "chat: \(checks - failures) of \(checks) checks passed; offset moves: \(kept) to keep the message read still, "
                + "\(followed) to follow the end; \(app.model.messages.count) messages, \(table.measuredSlotCount) measured")
        if failures == 0 { lines.append("the message read never moved") }
        return (lines, failures)
    }
}
