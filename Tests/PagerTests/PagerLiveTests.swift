import Foundation
import ReuseTableTerminal
import Testing
@testable import Pager
import ReuseTable
import TestSupport

/// The pager on live input, through real pipes and files that change while open: standard input
/// from `seq`, `F` on a file appended to, truncated and replaced, and on a pipe still being written.
@MainActor
@Suite struct PagerLiveTests {
    /// Pumps until `done` or about five seconds; the background threads do the work.
    private func wait(_ app: PagerApp, until done: () -> Bool) {
        var tries = 0
        while !done() && tries < 5_000 {
            app.pump()
            usleep(1_000)
            tries += 1
        }
        app.pump()
    }

    /// The rows of the table as drawn (the screen without the status lines).
    private func tableRows(_ app: PagerApp) -> [String] {
        // Without the scroll indicator's column (ScrollIndicatorTests).
        Array(app.render().lines.prefix(app.tableHeight)).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ┃│")) }
    }

    private func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    /// Runs `seq 1 count` and returns a source reading its output through a pipe.
    private func seq(_ count: Int) throws -> (Process, ByteSource) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["seq", "1", String(count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        try? pipe.fileHandleForWriting.close()  // only seq writes: the reader sees the end when it exits
        let source = try ByteSource.open(descriptor: dup(pipe.fileHandleForReading.fileDescriptor), name: "seq")
        return (process, source)
    }

    // MARK: Growth of the index

    /// A file grows in random pieces (often ending mid-line) and is indexed after each: the lines always
    /// match a simple split of what is there, and a chunk that continues a line names it.
    @Test func indexFollowsAGrowingFile() throws {
        let scratch = PagerScratch()
        var random = SplitMix64(seed: 21)
        for round in 0..<12 {
            var content: [UInt8] = Array("start".utf8)
            let path = scratch.file(content)
            let document = PagerDocument(source: try ByteSource.open(path), chunkBytes: 1 + random.below(64))
            document.index.indexAll()
            var lastLineCount = document.index.indexedLines
            for _ in 0..<40 {
                let piece = (0..<random.below(30)).map { _ in random.below(5) == 0 ? UInt8(0x0A) : UInt8(ascii: "a") + UInt8(random.below(26)) }
                content += piece
                try append(String(decoding: piece, as: UTF8.self), to: path)
                let change = document.source.refresh()
                #expect(change == (piece.isEmpty ? .unchanged : .grew(bytes: piece.count)))
                document.index.resume()
                let before = document.index.chunkCount
                document.index.indexAll()
                let expected = simpleLines(content)
                #expect(document.index.indexedLines == expected.count, "round \(round)")
                for (line, bytes) in expected.enumerated().suffix(5) {
                    #expect(Array(content[document.index.lineRange(line)]) == bytes, "round \(round) line \(line)")
                }
                if let first = document.index.chunks(from: before).first, !piece.isEmpty {
                    let lastHadNewline = content[content.count - piece.count - 1] == 0x0A
                    #expect(first.continuesLine == (lastHadNewline ? nil : lastLineCount - 1))
                }
                lastLineCount = document.index.indexedLines
            }
        }
    }

    // MARK: Standard input through a pipe

    /// `seq` writes into a pipe; the pager reads it as it arrives and, following, ends on its last line.
    @Test func standardInputFromSeqIsReadToTheEnd() throws {
        let (process, source) = try seq(100_000)
        let app = PagerApp(document: PagerDocument(source: source), width: 80, height: 12)
        app.showsTimings = false
        #expect(app.document.source.isPipe)
        app.startBackgroundWork()
        defer { app.stopBackgroundWork() }
        _ = app.handle(.char("F"))
        #expect(app.following)
        wait(app) { app.publishedComplete && !app.hasPlaceholder }
        process.waitUntilExit()
        #expect(app.publishedLines == 100_000)
        #expect(app.statusText.contains("of 100,000"))
        #expect(tableRows(app).last == "100000")
        #expect(app.isShowingEnd)
    }

    @Test func theFileArgumentDefaultsToStandardInputOnlyOffATerminal() {
        #expect(Pager.path(arguments: [], standardInputIsTerminal: false) == "-")
        #expect(Pager.path(arguments: [], standardInputIsTerminal: true) == nil)
        #expect(Pager.path(arguments: ["a.log"], standardInputIsTerminal: true) == "a.log")
        #expect(Pager.path(arguments: ["a", "b"], standardInputIsTerminal: false) == nil)
    }

    /// A pipe written a few lines at a time: following shows each batch at the bottom, with the
    /// "reading" placeholder below it until the writer closes.
    @Test func followingAPipeShowsNewLinesAtTheBottom() throws {
        let pipe = Pipe()
        let source = try ByteSource.open(descriptor: dup(pipe.fileHandleForReading.fileDescriptor), name: "(stdin)")
        let writer = pipe.fileHandleForWriting
        writer.write(Data((0..<30).map { "first \($0)\n" }.joined().utf8))
        let app = PagerApp(document: PagerDocument(source: source), width: 80, height: 12)
        app.showsTimings = false
        app.startBackgroundWork()
        defer { app.stopBackgroundWork() }
        wait(app) { app.publishedLines == 30 }
        _ = app.handle(.char("F"))
        for batch in 0..<5 {
            writer.write(Data((0..<7).map { "batch \(batch) line \($0)\n" }.joined().utf8))
            wait(app) { app.publishedLines == 30 + 7 * (batch + 1) }
            let rows = tableRows(app)
            #expect(rows.last?.hasPrefix("… reading standard input") == true, "batch \(batch)")
            #expect(rows.dropLast().last == "batch \(batch) line 6", "batch \(batch)")
            #expect(app.statusText.contains("following"))
        }
        try writer.close()
        wait(app) { app.publishedComplete && !app.hasPlaceholder }
        #expect(tableRows(app).last == "batch 4 line 6")
        #expect(app.statusText.contains("of 65"))
    }

    // MARK: F on a file

    @Test func followingAFileShowsAppendedLinesAndScrollingUpStops() throws {
        let scratch = PagerScratch()
        let path = scratch.file(Array((0..<200).map { "old \($0)\n" }.joined().utf8))
        let app = PagerApp(document: PagerDocument(source: try ByteSource.open(path)), width: 40, height: 12)
        app.showsTimings = false
        app.table.showsVerticalScrollIndicator = false  // the wrapped line's last column is read below
        app.startBackgroundWork()
        defer { app.stopBackgroundWork() }
        wait(app) { app.publishedComplete }
        _ = app.handle(.char("F"))
        #expect(app.following && app.isShowingEnd)
        #expect(tableRows(app).last == "old 199")
        try append((0..<50).map { "new \($0)\n" }.joined(), to: path)
        wait(app) { app.publishedLines == 250 }
        #expect(tableRows(app).last == "new 49")
        #expect(app.isShowingEnd)
        #expect(!app.hasPlaceholder)

        // A line written in two parts: shown as it is, then re-measured when it grows.
        try append("partial", to: path)
        wait(app) { app.publishedLines == 251 }
        #expect(tableRows(app).last == "partial")
        try append(" then the rest, long enough to wrap at forty columns\n", to: path)
        wait(app) { tableRows(app).last?.hasSuffix("columns") == true }
        #expect(tableRows(app).suffix(2) == ["partial then the rest, long enough to wr", "ap at forty columns"])
        #expect(app.publishedLines == 251)

        // Scrolling up stops following: what arrives then does not move the screen.
        _ = app.handle(.up)
        #expect(!app.following)
        let top = app.topLine
        let offset = app.table.contentOffset.y
        try append((0..<20).map { "later \($0)\n" }.joined(), to: path)
        for _ in 0..<50 {
            app.pump()
            usleep(1_000)
        }
        #expect(app.topLine == top)
        #expect(app.table.contentOffset.y == offset)

        // F again: whatever arrived, and the end.
        _ = app.handle(.char("F"))
        wait(app) { app.publishedLines == 271 }
        #expect(tableRows(app).last == "later 19")
        #expect(app.isShowingEnd)
    }

    @Test func aTruncatedFileIsReportedAndReopened() throws {
        let scratch = PagerScratch()
        let path = scratch.file(Array((0..<3_000).map { "before \($0)\n" }.joined().utf8))
        let app = PagerApp(document: PagerDocument(source: try ByteSource.open(path)), width: 40, height: 12)
        app.showsTimings = false
        app.table.showsVerticalScrollIndicator = false  // the wrapped line's last column is read below
        app.startBackgroundWork()
        defer { app.stopBackgroundWork() }
        wait(app) { app.publishedComplete }
        _ = app.handle(.char("F"))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        handle.write(Data("after 0\nafter 1\n".utf8))
        try handle.close()
        wait(app) { app.message.contains("truncated") && app.publishedLines == 2 }
        #expect(app.message.contains("was truncated to 16 bytes: reopened."))
        #expect(app.following)
        #expect(tableRows(app).filter { !$0.isEmpty } == ["after 0", "after 1"])
        try append("after 2\n", to: path)
        wait(app) { app.publishedLines == 3 }
        #expect(tableRows(app).filter { !$0.isEmpty }.last == "after 2")
    }

    @Test func aReplacedFileIsReportedAndReopened() throws {
        let scratch = PagerScratch()
        let path = scratch.file(Array("one\ntwo\n".utf8), name: "app.log")
        let app = PagerApp(document: PagerDocument(source: try ByteSource.open(path)), width: 40, height: 12)
        app.showsTimings = false
        app.startBackgroundWork()
        defer { app.stopBackgroundWork() }
        _ = app.handle(.char("F"))
        // A log rotated by renaming: the old file moves away, a new one takes the name.
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        try append("three\n", to: path + ".1")  // still the file we have open, but no longer at the path
        wait(app) { app.publishedLines == 3 }
        #expect(tableRows(app).filter { !$0.isEmpty }.last == "three")
        _ = scratch.file(Array("fresh\n".utf8), name: "app.log")
        wait(app) { app.message.contains("replaced") }
        #expect(app.message == "app.log was replaced by a new file: reopened.")
        #expect(tableRows(app).filter { !$0.isEmpty } == ["fresh"])
    }

    /// A map of a file truncated under it reads zeros instead of killing the process.
    @Test func truncationUnderTheMapReadsZeros() throws {
        let scratch = PagerScratch()
        let path = scratch.file([UInt8](repeating: UInt8(ascii: "x"), count: 3 * 4_096))
        let source = try ByteSource.open(path)
        #expect(source.buffer(8_000..<8_001)[0] == UInt8(ascii: "x"))
        let before = TruncationGuard.repairedFaults
        #expect(truncate(path, 0) == 0)
        #expect(source.buffer(8_000..<8_001)[0] == 0)
        #expect(TruncationGuard.repairedFaults > before)
        #expect(source.refresh() == .truncated(to: 0))
    }
}
