import Testing
@testable import ReuseTableTerminal
import ReuseTable

@Suite struct CharGridTests {
    @Test func writesTextAndClipsToTheGrid() {
        var grid = CharGrid(width: 5, height: 2)
        #expect(grid.write("hello world", x: 2, y: 0) == 5)
        grid.write("abc", x: -1, y: 1)
        #expect(grid.lines == ["  hel", "bc   "])
        grid.write("zzz", x: 0, y: 5)  // off the grid: ignored
        #expect(grid.lines == ["  hel", "bc   "])
    }

    @Test func wideCharactersOccupyTwoCells() {
        var grid = CharGrid(width: 6, height: 1)
        #expect(grid.write("a漢b", x: 0, y: 0) == 4)
        #expect(grid[1, 0].character == "漢")
        #expect(grid[2, 0].isContinuation)
        #expect(!grid[3, 0].isContinuation)
        #expect(grid.lines == ["a漢b  "])
    }

    @Test func aWideCharacterCutByAnEdgeBecomesASpace() {
        var grid = CharGrid(width: 5, height: 1, fill: GridCell(character: ".", style: .plain))
        grid.write("ab漢", x: 2, y: 0)  // 漢 would need columns 4 and 5
        #expect(grid.lines == ["..ab "])
        grid = CharGrid(width: 5, height: 1, fill: GridCell(character: ".", style: .plain))
        grid.write("漢x", x: 0, y: 0, clip: GridRect(x: 1, y: 0, width: 3, height: 1))
        #expect(grid.lines == [". x.."])
    }

    @Test func overwritingHalfAWideCharacterRepairsTheOtherHalf() {
        var grid = CharGrid(width: 4, height: 1)
        grid.write("漢字", x: 0, y: 0)
        grid.write("x", x: 1, y: 0)  // right half of 漢
        #expect(grid.lines == [" x字"])
        grid.write("y", x: 2, y: 0)  // left half of 字
        #expect(grid.lines == [" xy "])
        #expect(!grid[3, 0].isContinuation)
        grid.write("字", x: 1, y: 0)
        #expect(grid.lines == [" 字 "])
    }

    @Test func combiningMarksStayInTheirCell() {
        var grid = CharGrid(width: 4, height: 1)
        #expect(grid.write("e\u{301}t\u{7}e", x: 0, y: 0) == 3)  // the bell has no width: skipped
        #expect(grid.lines == ["e\u{301}te "])
    }

    @Test func nilStyleInheritsTheBackground() {
        var grid = CharGrid(width: 4, height: 1)
        let highlighted = GridStyle(reverse: true)
        grid.fill(grid.bounds, style: highlighted)
        grid.write("ab", x: 0, y: 0)
        grid.write("c", x: 2, y: 0, style: GridStyle(bold: true))
        #expect(grid[0, 0].style == highlighted)
        #expect(grid[2, 0].style == GridStyle(bold: true))
        #expect(grid[3, 0].style == highlighted)
    }

    @Test func restyleAndBorder() {
        var grid = CharGrid(width: 4, height: 3)
        grid.drawBorder(grid.bounds)
        #expect(grid.lines == ["┌──┐", "│  │", "└──┘"])
        grid.restyle(GridRect(x: 1, y: 1, width: 9, height: 1)) { $0.dim = true }
        #expect(grid[1, 1].style.dim && grid[3, 1].style.dim && !grid[0, 1].style.dim)
    }

    @Test func rectIntersection() {
        let a = GridRect(x: 0, y: 0, width: 4, height: 4)
        #expect(a.intersection(GridRect(x: 2, y: 3, width: 5, height: 5)) == GridRect(x: 2, y: 3, width: 2, height: 1))
        #expect(a.intersection(GridRect(x: 5, y: 0, width: 1, height: 1)).isEmpty)
    }
}
