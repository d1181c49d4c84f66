import Foundation
import ReuseTableTerminal
import Testing
@testable import Pager
import ReuseTable
import TestSupport

/// `&pattern`: the byte scans under it, the filter against `grep -F`, and the filtered table.
@MainActor
@Suite struct PagerFilterTests {
    /// Random bytes shaped like text: short words from a small alphabet (so needles match often),
    /// newlines, CRLF, tabs, NUL, invalid UTF-8, a long line, and sometimes no final newline.
    private static func randomText(_ random: inout SplitMix64, bytes: Int) -> [UInt8] {
        let pieces: [[UInt8]] = [
            Array("ab".utf8), Array("ba".utf8), Array("abc".utf8), Array("a".utf8), Array(" ".utf8), Array("\n".utf8),
            Array("\r\n".utf8), [0x09], [0x00], [0xFF, 0xFE], Array("é".utf8), Array("xyz".utf8), Array("\n\n".utf8),
        ]
        var result: [UInt8] = []
        while result.count < bytes {
            if random.below(200) == 0 {
                result += Array(repeating: UInt8(ascii: "a"), count: 3_000 + random.below(3_000))
            }
            result += pieces[random.below(pieces.count)]
        }
        if random.below(3) == 0, result.last == 0x0A { result.removeLast() }
        return result
    }

    /// The obviously correct filter: line numbers of the lines holding `needle`.
    private static func modelMatches(_ bytes: [UInt8], _ needle: [UInt8]) -> [Int] {
        simpleLines(bytes).enumerated().compactMap { line, content in
            content.count >= needle.count
                && (0...(content.count - needle.count)).contains { Array(content[$0..<($0 + needle.count)]) == needle }
                ? line : nil
        }
    }

    @Test func newlineCountMatchesANaiveCountAtEveryAlignment() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<60 {
            let count = random.below(2_500)
            let bytes = (0..<count).map { _ in random.below(4) == 0 ? UInt8(0x0A) : UInt8(truncatingIfNeeded: random.below(256)) }
            bytes.withUnsafeBufferPointer { buffer in
                for _ in 0..<10 {
                    let a = random.below(count + 1), b = random.below(count + 1)
                    let range = min(a, b)..<max(a, b)
                    guard let base = buffer.baseAddress else { continue }
                    #expect(ByteScan.countNewlines(base, range) == bytes[range].filter { $0 == 0x0A }.count, "\(range)")
                }
            }
        }
        // A run of newlines long enough to fill the per-byte counters several times.
        let newlines = [UInt8](repeating: 0x0A, count: 100_003)
        newlines.withUnsafeBufferPointer { #expect(ByteScan.countNewlines($0.baseAddress!, 0..<100_003) == 100_003) }
    }

    @Test func findMatchesANaiveSearch() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let bytes = (0..<random.below(300)).map { _ in UInt8(ascii: "a") + UInt8(random.below(3)) }
            let needle = (0..<(1 + random.below(4))).map { _ in UInt8(ascii: "a") + UInt8(random.below(3)) }
            let prepared = ByteScan.Needle(needle)
            let start = random.below(bytes.count + 1)
            let end = start + random.below(bytes.count - start + 1)
            let expected =
                needle.count <= end - start
                ? (start...(end - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle } : nil
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                #expect(ByteScan.find(prepared, in: base, from: start, to: end) == expected, "\(needle) in \(start)..<\(end)")
            }
        }
    }

    /// The one-pass scan over random ranges of random text: the same lines as the model, the same newline count.
    @Test func matchingLinesMatchesTheModel() {
        var random = SplitMix64(seed: 13)
        for round in 0..<80 {
            let bytes = PagerFilterTests.randomText(&random, bytes: 1 + random.below(5_000))
            let needle = Array(["ab", "a", "abc", "b a", "xyz", "\r\n", "aaaa", "é", ""][round % 9].utf8)
            // A range from a line start to anywhere.
            let starts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }.filter { $0 <= bytes.count }
            let start = starts[random.below(starts.count)]
            let end = start + random.below(bytes.count - start + 1)
            let slice = Array(bytes[start..<end])
            let firstLine = random.below(1_000)
            var found: [Int] = []
            let newlines = bytes.withUnsafeBufferPointer {
                ByteScan.matchingLines(
                    ByteScan.Needle(needle), in: $0.baseAddress!, from: start, to: end, firstLine: firstLine, into: &found)
            }
            #expect(newlines == slice.filter { $0 == 0x0A }.count, "round \(round)")
            let expected =
                needle.isEmpty
                ? Array(simpleLines(slice).indices) : PagerFilterTests.modelMatches(slice, needle)
            #expect(found == expected.map { $0 + firstLine }, "round \(round): \(needle) in \(start)..<\(end)")
        }
    }

    /// The filter over random files, in blocks of every size class, against the model.
    @Test func filterMatchesTheModel() throws {
        let scratch = PagerScratch()
        var random = SplitMix64(seed: 3)
        for round in 0..<40 {
            let bytes = PagerFilterTests.randomText(&random, bytes: 200 + random.below(20_000))
            let source = try ByteSource.open(scratch.file(bytes))
            let needles = ["ab", "a", "abc", "ba\r", "xyz", "\u{FFFD}", "é", "a a", "aaaa", "\t"]
            let query = needles[round % needles.count]
            let filter = PagerFilter(query: query, in: source, blockBytes: [1, 7, 100, 4_096, 1 << 20][round % 5])
            filter.run()
            #expect(filter.isComplete)
            #expect(Array(filter.matches(from: 0)) == PagerFilterTests.modelMatches(bytes, Array(query.utf8)), "round \(round)")
            #expect(filter.scannedLines == simpleLines(bytes).count, "round \(round)")
        }
    }

    /// `grep -F -n` (C locale, binary files as text) on the same file gives the same lines.
    @Test func filterAgreesWithGrep() throws {
        let grep = ["/usr/bin/grep", "/bin/grep"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let grep else {
            print("PagerFilterTests: grep not found; the comparison with grep -F is skipped.")
            return
        }
        let scratch = PagerScratch()
        var random = SplitMix64(seed: 5)
        for (round, query) in ["ab", "abc", "xyz", "a", "b a", "é", "aaaaaaaaaaaa"].enumerated() {
            let bytes = PagerFilterTests.randomText(&random, bytes: 50_000)
            let path = scratch.file(bytes)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: grep)
            process.arguments = ["-a", "-F", "-n", "-e", query, path]
            process.environment = ["LC_ALL": "C"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // Each output line is "N:content" (content never holds a newline): the number is before the first colon.
            var expected: [Int] = []
            for line in data.split(separator: 0x0A) {
                let colon = try #require(line.firstIndex(of: UInt8(ascii: ":")))
                expected.append(try #require(Int(String(decoding: line[line.startIndex..<colon], as: UTF8.self))) - 1)
            }
            #expect(!expected.isEmpty, "round \(round): grep found something to compare")
            let filter = PagerFilter(query: query, in: try ByteSource.open(path), blockBytes: 4_096)
            filter.run()
            let found = Array(filter.matches(from: 0))
            #expect(found == expected, "round \(round) “\(query)”")
            #expect(found.count == PagerFilterTests.countLines(grep: grep, query: query, path: path), "grep -c, round \(round)")
        }
    }

    /// `grep -F -c`: how many lines match.
    private static func countLines(grep: String, query: String, path: String) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: grep)
        process.arguments = ["-a", "-F", "-c", "-e", query, path]
        process.environment = ["LC_ALL": "C"]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return -1 }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// A filter over a growing input: lines without their newline wait, a resumed scan lists a line once.
    @Test func filterOverAGrowingFileListsEachLineOnce() throws {
        let scratch = PagerScratch()
        let path = scratch.file(Array("x ab\ny\nab".utf8))
        let source = try ByteSource.open(path)
        let filter = PagerFilter(query: "ab", in: source, growing: false, blockBytes: 3)
        filter.run()
        #expect(Array(filter.matches(from: 0)) == [0, 2])  // the last line has no newline, and it is the end
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("c ab\nno\nq".utf8))
        #expect(source.refresh() == .grew(bytes: 9))
        filter.setGrowing(true)
        filter.start()  // from here on it scans on its own thread, waiting for newlines
        for _ in 0..<2_000 where filter.scannedBytes < 16 { usleep(1_000) }
        #expect(Array(filter.matches(from: 0)) == [0, 2])  // "q" waits for its newline; line 2 is listed once
        handle.write(Data("ab\n".utf8))
        _ = source.refresh()
        for _ in 0..<2_000 where filter.matchCount < 3 { usleep(1_000) }
        #expect(Array(filter.matches(from: 0)) == [0, 2, 4])
        filter.cancel()
        try handle.close()
    }

    // MARK: The filtered table

    private func app(_ scratch: PagerScratch, _ bytes: [UInt8], width: Int = 40) throws -> PagerApp {
        let app = PagerApp(document: try scratch.document(bytes, chunkBytes: 4_096), width: width, height: 12)
        app.showsTimings = false
        app.document.index.indexAll()
        app.pump()
        return app
    }

    private static func numbered(_ count: Int) -> [UInt8] {
        Array((0..<count).map { "line \($0)\($0 % 7 == 0 ? " seven" : "")\n" }.joined().utf8)
    }

    @Test func filterShowsOnlyMatchingLinesAndEscReturnsWithTheSameLineOnTop() throws {
        let scratch = PagerScratch()
        let app = try app(scratch, PagerFilterTests.numbered(5_000), width: 80)
        _ = app.jump(toLine: 1_000)
        let keys = [Key.char("&")] + "seven".map { Key.char($0) } + [.enter]
        for key in keys { _ = app.handle(key) }
        let filter = try #require(app.filter)
        filter.run()
        app.pump()
        #expect(app.filterLines == Array(stride(from: 0, to: 5_000, by: 7)))
        #expect(app.publishedEntries == app.filterLines.count)
        #expect(!app.hasPlaceholder)
        #expect(app.topLine == 1_001)  // the first matching line from the old top line on
        #expect(app.render().lines[0].hasPrefix("line 1001 seven"))
        #expect(app.statusText.contains("&seven: 715 shown"))
        // Every row on screen is a matching line, in order.
        let screen = app.render().lines.prefix(app.tableHeight)
        #expect(screen.allSatisfy { $0.contains("seven") })
        _ = app.scroll(by: 30)
        let top = try #require(app.topLine)
        #expect(top % 7 == 0 && top > 1_001)
        _ = app.handle(.escape)
        #expect(app.filter == nil)
        #expect(app.topLine == top)
        #expect(app.publishedEntries == 5_000)
        #expect(app.render().lines[1].hasPrefix("line \(top + 1)"))
    }

    @Test func filterBuiltInTheBackgroundShowsProgressThenEverything() throws {
        let scratch = PagerScratch()
        let app = try app(scratch, PagerFilterTests.numbered(20_000))
        app.startBackgroundWork()
        defer { app.stopBackgroundWork() }
        _ = app.applyFilter("seven")
        for _ in 0..<5_000 where app.hasPlaceholder || app.filterLines.count < 2_858 {
            app.pump()
            usleep(1_000)
        }
        #expect(app.filterLines.count == (20_000 + 6) / 7)
        #expect(!app.hasPlaceholder)
        #expect(app.table.numberOfSections == app.sections.count)
        _ = app.handle(.char("&"))
        _ = app.handle(.enter)  // an empty pattern: every line again
        #expect(app.filter == nil)
    }

    @Test func noMatchSaysSo() throws {
        let scratch = PagerScratch()
        let app = try app(scratch, PagerFilterTests.numbered(50))
        _ = app.applyFilter("nowhere")
        app.filter?.run()
        app.pump()
        #expect(app.publishedEntries == 0)
        #expect(app.render().lines[0].hasPrefix("(no line matches; Esc: all lines)"))
        _ = app.handle(.escape)
        #expect(app.render().lines[0].hasPrefix("line 0"))
    }
}
