import Foundation
import ReuseTable
import Testing

@testable import ReuseTableTerminal

/// `Examples/ModernList`: Apple's modern list shape, built with the package and run off a terminal.
@Suite struct ModernListTests {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ModernList")
    }

    @Test func offATerminalItPrintsFiveFramesOfTheList() throws {
        let path = Self.executable.path
        try #require(FileManager.default.isExecutableFile(atPath: path), "ModernList not built at \(path)")
        let process = Process()
        process.executableURL = Self.executable
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let frames = String(decoding: data, as: UTF8.self).components(separatedBy: "\n\n").filter { !$0.isEmpty }
        try #require(frames.count == 5, "five frames:\n\(String(decoding: data, as: UTF8.self))")
        let lines = frames.map { $0.components(separatedBy: "\n") }
        for frame in lines { #expect(frame.count == 8) }
        // The header registration's list cell: the uppercased range and a label accessory.
        #expect(lines[0][0] == " HIMALAYA                       5 peaks┃")  // the indicator's thumb, then its track
        // A value cell: the name at the leading side, the height at the trailing one, then the chevron.
        #expect(lines[0][1] == " Everest                       8849 m ›│")
        #expect(lines[0][7].hasPrefix(" 0 selected · Enter selects · e edits"))
        // Enter taps the top item: selected, the handler adds a checkmark before the chevron.
        #expect(lines[1][1] == " Everest                     8849 m ✓ ›│")
        #expect(lines[1][7].hasPrefix(" 1 selected"))
        #expect(lines[2][0] == " ANDES                          4 peaks┃")
        // Editing: the delete control leads, the reorder grip trails.
        #expect(lines[3][1] == " ⊖ Aconcagua                 6961 m › ≡│")
        #expect(lines[3][7].hasPrefix(" 1 selected · Enter deletes"))
        // Enter taps the top item's delete control (its trailing actions open), Enter again performs Delete.
        #expect(lines[4][1] == " ⊖ Ojos del Salado           6893 m › ≡│")
    }
}

/// What the renderer draws for configured cells: list content, accessories, indentation, backgrounds.
@MainActor
@Suite struct ConfiguredCellRenderingTests {
    final class Rows: CollectionViewDataSource {
        let registration = CollectionView.CellRegistration<CollectionViewListCell, Int> { cell, _, row in
            var content = cell.defaultContentConfiguration()
            content.text = "row \(row)"
            content.secondaryText = row == 1 ? "detail" : nil
            content.prefersSideBySideTextAndSecondaryText = true
            cell.contentConfiguration = content
            cell.indentationLevel = row == 2 ? 1 : 0
            cell.accessories = row == 0 ? [.checkmark(), .disclosureIndicator()] : [.outlineDisclosure()]
        }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: indexPath.item)
        }
    }

    @Test func listContentAccessoriesAndIndentationAreDrawn() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 0, height: 1)
        let list = CollectionView(frame: CGRect(x: 0, y: 0, width: 20, height: 3), collectionViewLayout: layout)
        let rows = Rows()
        list.dataSource = rows
        list.tapItem(at: IndexPath(item: 0, section: 0))
        let grid = Renderer.render(list, width: 20, height: 3)
        // Leading accessories after one column (and the indentation), the content's own margins inside.
        #expect(grid.lines == [" row 0          ✓ › ", " ▸ row 1     detail ", "   ▸ row 2          "])
        // The selected row's background is drawn in the selection look; the checkmark in the tint.
        #expect(grid[1, 0].style.reverse)
        #expect(grid[16, 0].style.foreground == DefaultLook.standard.tint.foreground)
        #expect(grid[16, 0].style.reverse)
        // Unselected: no fill; the secondary text dim, the disclosure triangle in the tint.
        #expect(!grid[4, 1].style.reverse)
        #expect(grid[13, 1].style.dim)
        #expect(!grid[12, 1].style.dim)
        #expect(grid[1, 1].style.foreground == DefaultLook.standard.tint.foreground)
    }

    @Test func labelsAreAlignedAndStyledByTheirProperties() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 12, height: 6))
        func label(_ text: String, _ alignment: TextAlignment, y: CGFloat, height: CGFloat = 1) -> Label {
            let label = Label(text: text, frame: CGRect(x: 0, y: y, width: 12, height: height))
            label.textAlignment = alignment
            root.addSubview(label)
            return label
        }
        _ = label("centre", .center, y: 0)
        _ = label("right", .right, y: 1)
        let justified = label("one two three four", .justified, y: 2, height: 2)
        let headline = label("Title", .natural, y: 4)
        headline.font = .preferredFont(forTextStyle: .headline)
        headline.textColor = .secondaryLabel
        let grid = Renderer.render(root, width: 12, height: 6)
        #expect(Array(grid.lines.prefix(5)) == ["   centre   ", "       right", "one      two", "three four  ", "Title       "])
        #expect(justified.lines == ["one two", "three four"])  // the first line is stretched, the last is not
        #expect(grid[0, 4].style.bold && grid[0, 4].style.dim)
        #expect(!grid[5, 4].style.bold)  // only the text's columns take its attributes
    }

    @Test func justifiedLinesFillTheWidthButTheLastOfEachParagraph() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 10, height: 4))
        let label = Label(text: "aa bb cc dd\nee ff", frame: CGRect(x: 0, y: 0, width: 10, height: 4))
        label.textAlignment = .justified
        root.addSubview(label)
        #expect(Renderer.render(root, width: 10, height: 4).lines == ["aa  bb  cc", "dd        ", "ee ff     ", "          "])
    }
}
