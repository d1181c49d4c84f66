import Foundation
import Testing
@testable import Demo
import ReuseTable
import ReuseTableTerminal

/// `swift run Demo chat` off a terminal: the scripted session's checks all pass.
@MainActor
@Suite struct ChatTests {
    @Test func scriptedSessionKeepsTheMessageReadStill() {
        let (lines, failures) = ChatSession.scripted()
        #expect(failures == 0, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("the message read never moved"))
        #expect(lines.contains { $0.hasPrefix("ok    the top loads 100 older messages above") })
        #expect(lines.contains { $0.hasPrefix("ok    w narrows the table") })
    }

    @Test func keysAndStatus() {
        let app = ChatApp(arrivalInterval: 0)
        app.resize(width: 50, height: 12)
        #expect(app.table.isAtBottom)
        #expect(app.statusText.contains("following"))
        _ = app.handle(.char("?"))
        #expect(app.statusText.contains("w width"))
        #expect(app.statusText.count <= 79)  // the key line fits 80 columns
        _ = app.handle(.pageUp)
        app.receive()
        #expect(app.statusText.hasPrefix("↓ 1 new"))
        #expect(app.handle(.char("q")) == .quit)
    }
}
