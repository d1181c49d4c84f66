import Foundation
import Testing
@testable import ReuseTableTerminal
import ReuseTable

/// A view with a filled background, to see where the renderer places it.
@MainActor
private final class Box: View, GridDrawable {
    let fillCharacter: Character
    let style: GridStyle

    init(_ frame: CGRect, fill: Character, style: GridStyle = .plain) {
        fillCharacter = fill
        self.style = style
        super.init(frame: frame)
    }

    func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        grid.fill(frame, character: fillCharacter, style: style, clip: clip)
    }
}

@MainActor
private final class BoldLabel: Label, GridTextStyled {
    var textStyle: GridStyle { GridStyle(bold: true) }
}

@MainActor
@Suite struct RendererTests {
    private func label(_ text: String, _ frame: CGRect) -> Label {
        Label(text: text, frame: frame)
    }

    @Test func drawsNestedViewsAtTheirOrigins() {
        let root = Box(CGRect(x: 0, y: 0, width: 8, height: 4), fill: ".")
        let inner = Box(CGRect(x: 2, y: 1, width: 5, height: 2), fill: "#")
        inner.addSubview(label("hi", CGRect(x: 1, y: 1, width: 3, height: 1)))
        root.addSubview(inner)
        let grid = Renderer.render(root, width: 8, height: 4)
        #expect(
            grid.lines == [
                "........",
                "..#####.",
                "..#hi##.",
                "........",
            ])
    }

    @Test func wrapsLabelsAndClipsThemToTheirFrame() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 10, height: 4))
        root.addSubview(label("one two three four", CGRect(x: 1, y: 0, width: 5, height: 2)))
        let grid = Renderer.render(root, width: 10, height: 4)
        #expect(
            grid.lines == [
                " one      ",
                " two      ",
                "          ",
                "          ",
            ])
    }

    @Test func childrenAreClippedToEveryAncestor() {
        let root = Box(CGRect(x: 0, y: 0, width: 8, height: 3), fill: ".")
        let window = View(frame: CGRect(x: 2, y: 0, width: 4, height: 2))
        let wide = Box(CGRect(x: -1, y: 1, width: 10, height: 5), fill: "x")
        window.addSubview(wide)
        root.addSubview(window)
        let grid = Renderer.render(root, width: 8, height: 3)
        #expect(
            grid.lines == [
                "........",
                "..xxxx..",
                "........",
            ])
    }

    @Test func scrollViewOffsetScrollsItsContent() {
        let scroll = ScrollView(frame: CGRect(x: 1, y: 1, width: 6, height: 3))
        scroll.contentSize = CGSize(width: 6, height: 10)
        scroll.showsVerticalScrollIndicator = false  // about offsets and clipping (ScrollIndicatorTests)
        for row in 0..<10 {
            scroll.addSubview(label("row \(row)", CGRect(x: 0, y: CGFloat(row), width: 6, height: 1)))
        }
        let root = Box(CGRect(x: 0, y: 0, width: 8, height: 5), fill: "|")
        root.addSubview(scroll)
        // Labels have a clear background, as in UIKit: the root's fill shows around the text.

        #expect(
            Renderer.render(root, width: 8, height: 5).lines == [
                "||||||||",
                "|row 0||",
                "|row 1||",
                "|row 2||",
                "||||||||",
            ])
        scroll.contentOffset = CGPoint(x: 0, y: 4)
        #expect(
            Renderer.render(root, width: 8, height: 5).lines == [
                "||||||||",
                "|row 4||",
                "|row 5||",
                "|row 6||",
                "||||||||",
            ])
        scroll.contentOffset = CGPoint(x: 2, y: 8)  // horizontal too; rows 8, 9 then empty content
        #expect(
            Renderer.render(root, width: 8, height: 5).lines == [
                "||||||||",
                "|w 8||||",
                "|w 9||||",
                "||||||||",
                "||||||||",
            ])
    }

    @Test func multiLineLabelScrolledHalfwayShowsItsLowerLines() {
        let scroll = ScrollView(frame: CGRect(x: 0, y: 0, width: 5, height: 2))
        scroll.addSubview(label("aa bb cc dd", CGRect(x: 0, y: 0, width: 2, height: 4)))
        scroll.contentOffset = CGPoint(x: 0, y: 1)
        #expect(Renderer.render(scroll, width: 5, height: 2).lines == ["bb   ", "cc   "])
    }

    @Test func hiddenViewsAndTheirSubviewsAreSkipped() {
        let root = Box(CGRect(x: 0, y: 0, width: 4, height: 2), fill: ".")
        let hidden = Box(CGRect(x: 0, y: 0, width: 2, height: 2), fill: "h")
        hidden.addSubview(Box(CGRect(x: 0, y: 0, width: 1, height: 1), fill: "c"))
        hidden.isHidden = true
        root.addSubview(hidden)
        root.addSubview(label("v", CGRect(x: 3, y: 1, width: 1, height: 1)))
        #expect(Renderer.render(root, width: 4, height: 2).lines == ["....", "...v"])
        hidden.isHidden = false
        #expect(Renderer.render(root, width: 4, height: 2).lines == ["ch..", "hh.v"])
    }

    @Test func laterSiblingsDrawOnTop() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 4, height: 1))
        root.addSubview(Box(CGRect(x: 0, y: 0, width: 3, height: 1), fill: "a"))
        root.addSubview(Box(CGRect(x: 1, y: 0, width: 3, height: 1), fill: "b"))
        #expect(Renderer.render(root, width: 4, height: 1).lines == ["abbb"])
    }

    @Test func wideCharactersAreClippedWhole() {
        let root = Box(CGRect(x: 0, y: 0, width: 6, height: 2), fill: ".")
        root.addSubview(label("漢字かな", CGRect(x: 0, y: 0, width: 5, height: 2)))
        // Wrapped at 5 columns: "漢字" (4 columns) and "かな" — neither straddles the edge.
        #expect(Renderer.render(root, width: 6, height: 2).lines == ["漢字..", "かな.."])

        let scroll = ScrollView(frame: CGRect(x: 0, y: 0, width: 4, height: 1))
        scroll.addSubview(label("漢字かな", CGRect(x: 0, y: 0, width: 8, height: 1)))
        scroll.contentOffset = CGPoint(x: 1, y: 0)  // cuts 漢 on the left and か on the right
        let grid = Renderer.render(scroll, width: 4, height: 1)
        #expect(grid.lines == [" 字 "])
        #expect(grid[1, 0].character == "字" && grid[2, 0].isContinuation)
    }

    @Test func fractionalCoordinatesRoundDownConsistently() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 6, height: 2))
        root.addSubview(Box(CGRect(x: 0.5, y: 0, width: 2.0, height: 1), fill: "a"))  // columns 0..<2
        root.addSubview(Box(CGRect(x: 2.5, y: 0, width: 2.0, height: 1), fill: "b"))  // columns 2..<4: abuts, no gap
        root.addSubview(Box(CGRect(x: 0, y: 0.9, width: 1.2, height: 0.9), fill: "c"))  // line 0..<1: covers line 0
        let grid = Renderer.render(root, width: 6, height: 2)
        #expect(grid.lines == ["cabb  ", "      "])
        #expect(Renderer.cell(2.9999999) == 3)  // accumulated error does not lose a column
    }

    @Test func labelStylesInheritOrOverride() {
        let root = Box(CGRect(x: 0, y: 0, width: 4, height: 2), fill: " ", style: GridStyle(reverse: true))
        root.addSubview(label("ab", CGRect(x: 0, y: 0, width: 4, height: 1)))
        root.addSubview(BoldLabel(text: "cd", frame: CGRect(x: 0, y: 1, width: 4, height: 1)))
        let grid = Renderer.render(root, width: 4, height: 2)
        #expect(grid[0, 0].style == GridStyle(reverse: true))
        #expect(grid[0, 1].style == GridStyle(bold: true))
        #expect(grid[3, 1].style == GridStyle(reverse: true))
    }

    @Test func labelLineHeightSpacesLines() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 3, height: 4))
        let spaced = label("a b", CGRect(x: 0, y: 0, width: 1, height: 4))
        spaced.lineHeight = 2
        root.addSubview(spaced)
        #expect(Renderer.render(root, width: 3, height: 4).lines == ["a  ", "   ", "b  ", "   "])
    }

    @Test func rootOffsetPlacesTheTreeInTheGrid() {
        var grid = CharGrid(width: 4, height: 2)
        Renderer.render(label("xy", CGRect(x: 1, y: 0, width: 2, height: 1)), into: &grid, at: (x: 1, y: 1))
        #expect(grid.lines == ["    ", "  xy"])
    }

    /// Geometry far beyond any screen (huge or infinite sizes, huge offsets) is clipped, not trapped on:
    /// the renderer clamps cell indices before converting them to integers.
    @Test func hugeAndNonFiniteGeometryIsClippedToTheGrid() {
        let root = Box(CGRect(x: 0, y: 0, width: 6, height: 3), fill: ".")
        root.addSubview(Box(CGRect(x: -1e300, y: 1, width: .greatestFiniteMagnitude, height: 1), fill: "#"))
        root.addSubview(label("far", CGRect(x: 1e300, y: 0, width: 3, height: 1)))
        root.addSubview(Box(CGRect(x: 2, y: 2, width: CGFloat.infinity, height: CGFloat.infinity), fill: "~"))
        #expect(Renderer.render(root, width: 6, height: 3).lines == ["......", "######", "..~~~~"])
        #expect(Renderer.cell(.infinity) == Renderer.farthestCell && Renderer.cell(-.infinity) == -Renderer.farthestCell)
        #expect(Renderer.cell(1e300) == Renderer.farthestCell && Renderer.cell(.nan) == -Renderer.farthestCell)
    }

    @Test func aFailureToEnterTheTerminalSaysWhy() {
        #expect(Terminal.Failure.notATerminal.description.contains("must both be a terminal"))
        #expect(Terminal.Failure.termios(errno: 25).description.contains("errno 25"))
    }
}
