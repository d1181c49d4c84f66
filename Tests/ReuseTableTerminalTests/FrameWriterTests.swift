import Testing
@testable import ReuseTableTerminal

@Suite struct FrameWriterTests {
    private let esc = "\u{1B}"

    private func grid(_ lines: [String], width: Int) -> CharGrid {
        var grid = CharGrid(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { grid.write(line, x: 0, y: y) }
        return grid
    }

    @Test func identicalGridsProduceNothing() {
        let a = grid(["hello", "漢字 x"], width: 6)
        #expect(FrameWriter.update(from: a, to: a) == "")
        #expect(FrameWriter.update(from: CharGrid(width: 3, height: 2), to: CharGrid(width: 3, height: 2)) == "")
    }

    @Test func onlyChangedCellsAreWritten() {
        let a = grid(["hello", "world"], width: 5)
        let b = grid(["hellO", "wOrld"], width: 5)
        #expect(FrameWriter.update(from: a, to: b) == "\(esc)[1;5H\(esc)[0mO\(esc)[2;2HO")
    }

    @Test func contiguousChangesShareOneCursorMove() {
        let a = grid(["abcdef"], width: 6)
        let b = grid(["aXYdZf"], width: 6)
        #expect(FrameWriter.update(from: a, to: b) == "\(esc)[1;2H\(esc)[0mXY\(esc)[1;5HZ")
    }

    @Test func styleChangesEmitSGRAndEndWithAReset() {
        let a = grid(["abc"], width: 3)
        var b = a
        b.restyle(GridRect(x: 1, y: 0, width: 2, height: 1)) {
            $0.reverse = true; $0.foreground = 2
        }
        #expect(FrameWriter.update(from: a, to: b) == "\(esc)[1;2H\(esc)[0;7;32mbc\(esc)[0m")
        #expect(FrameWriter.sgr(GridStyle(bold: true, dim: true, foreground: 9)) == "\(esc)[0;1;2;91m")
        #expect(FrameWriter.sgr(GridStyle(foreground: 208)) == "\(esc)[0;38;5;208m")
    }

    @Test func wideCharactersAreWrittenOnceAndAdvanceTwoColumns() {
        let a = grid(["abcde"], width: 5)
        let b = grid(["漢字e"], width: 5)
        // The cursor follows the two wide glyphs; "e" is unchanged, so nothing more.
        #expect(FrameWriter.update(from: a, to: b) == "\(esc)[1;1H\(esc)[0m漢字")
        let c = grid(["漢xye"], width: 5)
        #expect(FrameWriter.update(from: b, to: c) == "\(esc)[1;3H\(esc)[0mxy")
    }

    @Test func aRestyledWideCharacterIsRedrawnFromItsLeftCell() {
        let a = grid(["x漢"], width: 3)
        var b = a
        b.restyle(GridRect(x: 1, y: 0, width: 2, height: 1)) { $0.bold = true }
        #expect(FrameWriter.update(from: a, to: b) == "\(esc)[1;2H\(esc)[0;1m漢\(esc)[0m")
    }

    @Test func theCursorIsMovedAgainAfterTheLastColumn() {
        let a = grid(["ab", "cd"], width: 2)
        let b = grid(["aB", "Cd"], width: 2)
        #expect(FrameWriter.update(from: a, to: b) == "\(esc)[1;2H\(esc)[0mB\(esc)[2;1HC")
    }

    @Test func aNewSizeOrFirstFrameRedrawsEverything() {
        let small = grid(["ab"], width: 2)
        let big = grid(["ab ", " c "], width: 3)
        let expected = "\(esc)[0m\(esc)[2J\(esc)[1;1Hab\(esc)[2;1H c"
        #expect(FrameWriter.update(from: small, to: big) == expected)
        #expect(FrameWriter.update(from: nil, to: big) == expected)
        #expect(FrameWriter.update(from: nil, to: CharGrid(width: 2, height: 1)) == "\(esc)[0m\(esc)[2J")
    }

    @Test func replayingTheOutputReproducesTheGrid() {
        // A tiny terminal model: applying the update to the old screen must give the new one.
        var a = grid(["the quick", "brown 漢字", "fox"], width: 10)
        a.restyle(GridRect(x: 0, y: 0, width: 3, height: 1)) { $0.bold = true }
        var b = grid(["the QUICK", "漢字 brown", "fix  jump"], width: 10)
        b.restyle(GridRect(x: 4, y: 2, width: 4, height: 1)) { $0.reverse = true }
        let screen = replay(FrameWriter.update(from: a, to: b), onto: a)
        #expect(screen == b)
    }

    @Test func replayingAFullRedrawOntoAClearedScreenReproducesTheGrid() {
        var b = grid(["  title  漢", "", "a  b 😀 c"], width: 10)
        b.restyle(GridRect(x: 2, y: 0, width: 5, height: 1)) {
            $0.bold = true; $0.foreground = 3
        }
        let output = FrameWriter.update(from: nil, to: b)
        #expect(output.hasPrefix("\(esc)[0m\(esc)[2J"))
        let cleared = CharGrid(width: 10, height: 3)
        #expect(replay(String(output.dropFirst(8)), onto: cleared) == b)
    }

    /// Applies cursor moves, SGR and characters to a copy of `grid`.
    private func replay(_ output: String, onto grid: CharGrid) -> CharGrid {
        var screen = grid
        var (x, y) = (0, 0)
        var style = GridStyle.plain
        var characters = Substring(output)
        while let character = characters.first {
            characters.removeFirst()
            if character == "\u{1B}" {
                characters.removeFirst()  // "["
                let body = characters.prefix { !$0.isLetter }
                let final = characters[characters.index(characters.startIndex, offsetBy: body.count)]
                characters.removeFirst(body.count + 1)
                let numbers = body.split(separator: ";").compactMap { Int($0) }
                if final == "H" {
                    (x, y) = (numbers[1] - 1, numbers[0] - 1)
                } else if final == "m" {
                    style = .plain
                    for code in numbers {
                        if code == 1 { style.bold = true }
                        if code == 2 { style.dim = true }
                        if code == 7 { style.reverse = true }
                        if (30...37).contains(code) { style.foreground = UInt8(code - 30) }
                    }
                }
            } else {
                x = screen.write(String(character), x: x, y: y, style: style)
            }
        }
        return screen
    }
}
