import Testing
@testable import ReuseTableTerminal

/// The terminal itself needs a TTY; what can be checked without one is checked here.
@MainActor
@Suite struct TerminalTests {
    @Test func restoreUndoesEverythingEnterTurnsOn() {
        let enabled = Terminal.Sequence.enterAlternateScreen + Terminal.Sequence.enableMouse
        for mode in ["?1049", "?1000", "?1006"] where enabled.contains(mode + "h") {
            #expect(Terminal.Sequence.restore.contains(mode + "l"))
        }
        #expect(Terminal.Sequence.hideCursor == "\u{1B}[?25l")
        #expect(Terminal.Sequence.restore.contains("\u{1B}[?25h"))
    }

    @Test func enterRefusesWithoutATerminal() throws {
        // Under `swift test` standard input is not a TTY on CI; on a developer's terminal, skip.
        guard !Terminal.isInteractive else { return }
        let terminal = Terminal()
        #expect(throws: Terminal.Failure.self) { try terminal.enter() }
        #expect(!terminal.isActive)
    }
}
