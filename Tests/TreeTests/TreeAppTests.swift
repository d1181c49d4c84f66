import Foundation
import ReuseTable
import ReuseTableTerminal
import Testing

@testable import Tree

/// Reads the disk, but refuses one folder, as an unreadable folder would (even as root).
struct RefusingReader: DirectoryReader {
    let refused: String
    func entries(of path: String) throws -> [DirectoryEntry] {
        if path == refused { throw UnreadableFolder("permission denied") }
        return try FileSystemReader().entries(of: path)
    }
}

@MainActor
@Suite struct TreeAppTests {
    /// root/ { docs/ { a.txt, deep/ { b.txt } }, empty/, locked/ { secret }, loop → root, broken → nowhere, top.txt }
    static func makeFolder() throws -> String {
        let root = NSTemporaryDirectory() + "reusetable-tree-\(UUID().uuidString)"
        let manager = FileManager.default
        for folder in ["docs/deep", "empty", "locked"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: root + "/docs/a.txt"))
        try Data(count: 2048).write(to: URL(fileURLWithPath: root + "/docs/deep/b.txt"))
        try Data().write(to: URL(fileURLWithPath: root + "/locked/secret"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/top.txt"))
        try manager.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root)
        try manager.createSymbolicLink(atPath: root + "/broken", withDestinationPath: root + "/nowhere")
        return root
    }

    /// Each row as its list cell shows it: the indentation, the disclosure triangle its
    /// `isExpanded` state draws, the text and the detail (every row fits on the screen).
    func rows(_ app: TreeApp) -> [String] {
        let list = app.list
        list.reconfigureItems(at: list.indexPathsForVisibleItems)  // the placeholder's progress, as an idle step does
        list.layoutIfNeeded()
        return (0..<list.numberOfItems(inSection: 0)).map { row in
            guard let cell = list.cellForItem(at: IndexPath(item: row, section: 0)) as? CollectionViewListCell,
                let content = cell.contentConfiguration as? ListContentConfiguration
            else { return "row \(row) not on screen" }
            let indent = String(repeating: "  ", count: cell.indentationLevel)
            let triangle = cell.accessories.isEmpty ? "" : cell.configurationState.isExpanded ? "▾ " : "▸ "
            return indent + triangle + (content.text ?? "") + " | " + (content.secondaryText ?? "")
        }
    }

    /// The mouse, from the terminal's SGR reports: a click on a file marks it (focus and selection), a
    /// click on a folder marks it and opens it, the wheel scrolls and leaves the mark.
    @Test func aClickMarksAFileAndOpensAFolder() throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let app = TreeApp(path: root, reader: RefusingReader(refused: root + "/locked"))
        app.resize(width: 80, height: 24)
        #expect(app.settle(timeout: .seconds(20)))
        func click(line: Int) {
            for key in KeyDecoder.decode(Array("\u{1B}[<0;10;\(line + 1)M\u{1B}[<0;10;\(line + 1)m".utf8)) { _ = app.handle(key) }
        }
        let lines = app.render().lines
        let top = try #require(lines.firstIndex { $0.contains("top.txt") })
        click(line: top)
        #expect(app.marked.path.hasSuffix("/top.txt"), "\(app.marked.path)")
        #expect(app.list.indexPathsForSelectedItems == [IndexPath(item: app.markedRow, section: 0)])
        let drawn = app.render()
        #expect(drawn[6, top].style.reverse, "the frame after the click shows the mark (the selection) on the clicked row")
        #expect(!drawn[6, 0].style.reverse, "and no longer on the root")
        click(line: 1)
        #expect(app.marked.path.hasSuffix("/docs"))
        #expect(app.settle(timeout: .seconds(20)))
        #expect(rows(app)[1].hasPrefix("  ▾ docs/"), "the click opened it")
    }

    @Test func foldersAreListedWhenTheyExpandAndEverythingShows() throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let app = TreeApp(path: root, reader: RefusingReader(refused: root + "/locked"))
        app.resize(width: 80, height: 24)
        #expect(rows(app).count == 2, "the root and its placeholder, while the root is listed")
        #expect(app.settle(timeout: .seconds(20)))
        let name = (root as NSString).lastPathComponent
        #expect(
            rows(app) == [
                "▾ \(name)/ | 6 items",
                "  ▸ docs/ | …",
                "  ▸ empty/ | …",
                "  ▸ locked/ | …",
                "    broken → \(root)/nowhere | broken link",
                "    loop → \(root) | link",
                "    top.txt | 1 B",
            ])
        // The screen draws the accessory's triangle and the indentation (files one step further).
        let screen = app.render().lines
        #expect(screen[0].hasPrefix(" ▾ \(name)/ ") && screen[0].hasSuffix(" 6 items "), "\(screen[0])")
        #expect(screen[1].hasPrefix("   ▸ docs/ ") && screen[1].hasSuffix(" … "))
        // A value cell whose texts do not fit side by side stacks them (as UIKit's): a self-sized two-line row.
        #expect(screen[4].hasPrefix("     broken → ") && screen[5].hasPrefix("     broken link "), "\(screen[4])\n\(screen[5])")
        #expect(screen[7].hasPrefix("     top.txt ") && screen[7].hasSuffix(" 1 B "))
        // → on docs lists it (only now), Enter collapses it, and a collapsed parent keeps what is below.
        _ = app.handle(.down)
        _ = app.handle(.right)
        #expect(app.settle(timeout: .seconds(20)))
        _ = app.handle(.down)
        _ = app.handle(.right)  // deep/
        #expect(app.settle(timeout: .seconds(20)))
        #expect(rows(app)[1...5] == ["  ▾ docs/ | 2 items", "    ▾ deep/ | 1 item", "        b.txt | 2.0 KB", "      a.txt | 5 B", "  ▸ empty/ | …"])
        _ = app.handle(.up)
        _ = app.handle(.enter)
        #expect(rows(app).count == 7)
        _ = app.handle(.enter)
        #expect(rows(app)[2] == "    ▾ deep/ | 1 item", "deep/ is still expanded under docs/")
        // * from the root: every folder listed, the refused one shown as unreadable, the link loop not followed.
        _ = app.handle(.home)
        _ = app.handle(.char("*"))
        #expect(app.settle(timeout: .seconds(20)))
        let all = rows(app)
        #expect(all.contains("  ▾ locked/ | unreadable: permission denied"))
        #expect(all.contains("  ▾ empty/ | 0 items"))
        #expect(all.count == 10, "\(all)")
        #expect(app.message.contains("everything below is expanded"))
        // / finds a loaded name and marks it.
        _ = app.handle(.home)
        for key in "/B.TX" { _ = app.handle(.char(key)) }
        _ = app.handle(.enter)  // searched on a background thread, marked by an idle step
        #expect(app.settle(timeout: .seconds(20)))
        #expect(app.marked.name == "b.txt")
        #expect(app.list.indexPathsForSelectedItems == [IndexPath(item: app.markedRow, section: 0)])
    }

    @Test func theScriptedSessionPassesOnATemporaryFolder() throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (lines, failures) = TreeSession.scripted(root, reader: RefusingReader(refused: root + "/locked"), timeout: .seconds(20))
        #expect(failures == 0, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasPrefix("unreadable folders: 1, broken links: 1") })
    }
}
