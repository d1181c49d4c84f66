import Testing
@testable import ReuseTableTerminal

@Suite struct KeyDecoderTests {
    private func keys(_ string: String) -> [Key] {
        KeyDecoder.decode(Array(string.utf8))
    }

    @Test func plainCharacters() {
        #expect(keys("q") == [.char("q")])
        #expect(keys("g12") == [.char("g"), .char("1"), .char("2")])
        #expect(keys(" +") == [.char(" "), .char("+")])
    }

    @Test func csiArrows() {
        #expect(keys("\u{1B}[A") == [.up])
        #expect(keys("\u{1B}[B") == [.down])
        #expect(keys("\u{1B}[C") == [.right])
        #expect(keys("\u{1B}[D") == [.left])
        #expect(keys("\u{1B}[1;5A") == [.up])  // Ctrl-Up still scrolls
    }

    @Test func ss3Arrows() {
        #expect(keys("\u{1B}OA") == [.up])
        #expect(keys("\u{1B}OB") == [.down])
        #expect(keys("\u{1B}OC") == [.right])
        #expect(keys("\u{1B}OD") == [.left])
    }

    @Test func pages() {
        #expect(keys("\u{1B}[5~") == [.pageUp])
        #expect(keys("\u{1B}[6~") == [.pageDown])
    }

    @Test func homeAndEndInEveryForm() {
        for form in ["\u{1B}[H", "\u{1B}[1~", "\u{1B}[7~", "\u{1B}OH"] {
            #expect(keys(form) == [.home], "\(Array(form.utf8))")
        }
        for form in ["\u{1B}[F", "\u{1B}[4~", "\u{1B}[8~", "\u{1B}OF"] {
            #expect(keys(form) == [.end], "\(Array(form.utf8))")
        }
    }

    @Test func sgrMouseWheel() {
        #expect(keys("\u{1B}[<64;10;5M") == [.wheelUp])
        #expect(keys("\u{1B}[<65;120;48M") == [.wheelDown])
        #expect(keys("\u{1B}[<80;1;1M") == [.wheelUp])  // with Ctrl (64 + 16)
        #expect(keys("\u{1B}[<0;3;4M\u{1B}[<0;3;4m").count == 2)  // a click (MouseDecoderTests)
        #expect(keys("\u{1B}[<64;1;1M\u{1B}[<64;1;1M") == [.wheelUp, .wheelUp])
    }

    @Test func legacyX10MouseWheel() {
        #expect(KeyDecoder.decode([0x1B, 0x5B, 0x4D, 96, 40, 40]) == [.wheelUp])
        #expect(KeyDecoder.decode([0x1B, 0x5B, 0x4D, 97, 40, 40, 0x71]) == [.wheelDown, .char("q")])
    }

    @Test func controlKeys() {
        #expect(KeyDecoder.decode([0x0D]) == [.enter])
        #expect(KeyDecoder.decode([0x0A]) == [.enter])
        #expect(KeyDecoder.decode([0x7F]) == [.backspace])
        #expect(KeyDecoder.decode([0x08]) == [.backspace])
        #expect(KeyDecoder.decode([0x03]) == [.ctrl("c")])
        #expect(KeyDecoder.decode([0x01, 0x1A]) == [.ctrl("a"), .ctrl("z")])
        #expect(KeyDecoder.decode([0x00, 0x1C]) == [.ctrl("@"), .ctrl("\\")])
        #expect(KeyDecoder.decode([0x09]) == [.char("\t")])
    }

    @Test func loneEscape() {
        #expect(keys("\u{1B}") == [.escape])
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("\u{1B}q") == [.escape, .char("q")])  // Alt-q or Escape then q
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    }

    @Test func utf8Characters() {
        #expect(keys("é") == [.char("é")])
        #expect(keys("漢字") == [.char("漢"), .char("字")])
        #expect(keys("😀x") == [.char("😀"), .char("x")])
        #expect(keys("e\u{301}") == [.char("e\u{301}")])  // a combining mark joins its base
        #expect(keys("👍🏽") == [.char("👍🏽")])
    }

    @Test func severalKeysInOneRead() {
        #expect(
            keys("j\u{1B}[Bk\u{1B}[6~\u{1B}OH漢\r\u{1B}[<65;2;2Mq") == [
                .char("j"), .down, .char("k"), .pageDown, .home, .char("漢"), .enter, .wheelDown, .char("q"),
            ])
    }

    @Test func unknownAndTruncatedSequences() {
        #expect(keys("\u{1B}[3~") == [.unknown])  // Delete
        #expect(keys("\u{1B}OP") == [.unknown])  // F1
        #expect(keys("\u{1B}[15~x") == [.unknown, .char("x")])  // F5
        #expect(keys("\u{1B}[") == [.unknown])
        #expect(keys("\u{1B}[12") == [.unknown])
        #expect(keys("\u{1B}O") == [.unknown])
    }

    @Test func utf8SplitAcrossReadsIsReassembled() {
        var decoder = KeyDecoder()
        let bytes = Array("a漢".utf8)  // 'a' then 3 bytes
        #expect(decoder.decode(Array(bytes[0..<2])) == [.char("a")])
        #expect(decoder.decode(Array(bytes[2...])) == [.char("漢")])
        #expect(decoder.decode([]) == [])
        #expect(decoder.decode(Array("😀".utf8.prefix(3))) == [])
        #expect(decoder.decode(Array("😀".utf8.suffix(1)) + [0x1B]) == [.char("😀")])  // the ESC may start a sequence
        #expect(decoder.flush() == [.escape])
    }

    /// The bytes real terminals send for ↑ ↓ → ← PgUp PgDn Home End Esc Enter, pressed in that order
    /// (recorded with `cat -v` in each): the same ten keys whatever the terminal.
    @Test func theSameKeysFromEveryTerminal() {
        let expected: [Key] = [.up, .down, .right, .left, .pageUp, .pageDown, .home, .end, .escape, .enter]
        let terminals: [(String, String)] = [
            ("xterm, normal cursor mode", "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}\r"),
            ("xterm, application cursor mode", "\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}[5~\u{1B}[6~\u{1B}OH\u{1B}OF\u{1B}\r"),
            ("tmux, screen, the Linux console", "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~\u{1B}\r"),
            ("rxvt", "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[7~\u{1B}[8~\u{1B}\r"),
            ("xterm with Shift, Ctrl, Alt held", "\u{1B}[1;2A\u{1B}[1;5B\u{1B}[1;3C\u{1B}[1;6D\u{1B}[5;5~\u{1B}[6;2~\u{1B}[1;5H\u{1B}[1;3F\u{1B}\r"),
            ("a pipe (LF for Enter)", "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}\n"),
        ]
        for (terminal, bytes) in terminals {
            #expect(keys(bytes) == expected, "\(terminal)")
        }
    }

    @Test func resizeReportsInBand() {
        // Mode 2048 (rows; columns; height and width in pixels) and xterm's size report (rows; columns).
        #expect(keys("\u{1B}[48;24;80;480;800t") == [.resize(columns: 80, rows: 24)])
        #expect(keys("\u{1B}[8;50;132tq") == [.resize(columns: 132, rows: 50), .char("q")])
        #expect(keys("\u{1B}[48;0;80;0;0t") == [.unknown])  // no rows: not a size
        #expect(keys("\u{1B}[48;24t") == [.unknown])
        #expect(keys("\u{1B}[4;600;800t") == [.unknown])  // a pixel-size report is not a resize
    }
}
