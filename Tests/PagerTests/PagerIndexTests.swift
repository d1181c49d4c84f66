import Foundation
import Testing
@testable import Pager
import TestSupport

/// The sampled line index against a plain split, and the search over it.
@Suite struct PagerIndexTests {
    /// Random files: line lengths 0–300, CRLF, invalid UTF-8, empty lines, with and without a final newline.
    private static func randomFile(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        let lines = random.below(700)
        for _ in 0..<lines {
            let length = random.below(8) == 0 ? 0 : random.below(300)
            for _ in 0..<length {
                switch random.below(20) {
                case 0: bytes.append(0xFF)  // invalid UTF-8
                case 1: bytes += [0xE6, 0xBC, 0xA2]  // 漢
                case 2: bytes.append(0x09)
                case 3: bytes.append(0x00)
                default: bytes.append(UInt8(0x20 + random.below(95)))
                }
            }
            if random.below(4) == 0 { bytes.append(0x0D) }
            bytes.append(0x0A)
        }
        if random.below(2) == 0 { bytes += Array("no newline".utf8) }
        return bytes
    }

    @Test func indexMatchesASimpleSplit() throws {
        let scratch = PagerScratch()
        for seed in 1...12 as ClosedRange<UInt64> {
            let bytes = PagerIndexTests.randomFile(seed: seed)
            // Tiny chunks: many chunk boundaries, lines longer than a chunk, samples in every chunk.
            let document = try scratch.document(bytes, chunkBytes: 1 + Int(seed) * 37)
            document.index.indexAll()
            let expected = simpleLines(bytes)
            #expect(document.index.indexedLines == expected.count, "seed \(seed)")
            let chunks = document.index.chunks
            #expect(chunks.map(\.lineCount).reduce(0, +) == expected.count)
            #expect(
                zip(chunks, chunks.dropFirst()).allSatisfy {
                    $0.bytes.upperBound == $1.bytes.lowerBound && $0.firstLine + $0.lineCount == $1.firstLine
                })
            for (line, content) in expected.enumerated() {
                let range = document.index.lineRange(line)
                #expect(Array(bytes[range]) == content, "seed \(seed) line \(line)")
                if !range.isEmpty {
                    #expect(document.index.line(containingByte: range.lowerBound + range.count / 2) == line)
                }
            }
        }
    }

    @Test func edgeCases() throws {
        let scratch = PagerScratch()
        let cases: [(String, Int)] = [("", 0), ("\n", 1), ("a", 1), ("a\n", 1), ("a\nb", 2), ("\n\n\n", 3), ("a\r\nb\r\n", 2)]
        for (text, lines) in cases {
            let document = try scratch.document(Array(text.utf8), chunkBytes: 1)
            document.index.indexAll()
            #expect(document.index.indexedLines == lines, "\(text.debugDescription)")
            #expect(document.index.isComplete)
        }
        let crlf = try scratch.document(Array("a\r\nb\r\n".utf8))
        crlf.index.indexAll()
        #expect(crlf.text(ofLine: 0) == "a")  // the CR of CRLF is not shown
    }

    @Test func indexCostsAboutOneEighthByteALine() throws {
        let scratch = PagerScratch()
        let bytes = Array(String(repeating: "0123456789\n", count: 64_000).utf8)
        let document = try scratch.document(bytes)
        document.index.indexAll()
        let perLine = Double(document.index.memoryBytes) / 64_000
        #expect(perLine < 0.3, "\(perLine) bytes per line")
    }

    @Test func searchFindsMatchesAcrossBlockAndChunkBoundaries() throws {
        let scratch = PagerScratch()
        var text = ""
        for i in 0..<400 { text += "line \(i) filler filler\n" }
        let bytes = Array(text.utf8)
        let needle = "line 377 fil"
        let expectedOffset = bytes.count - Array("line 377 filler filler\n".utf8).count * 23
        #expect(Array(bytes[expectedOffset..<(expectedOffset + needle.utf8.count)]) == Array(needle.utf8))
        let document = try scratch.document(bytes, chunkBytes: 50)
        document.index.indexAll()
        // Every block size from the needle's length up: the match straddles a block edge in many of them.
        for block in needle.utf8.count...(needle.utf8.count + 40) {
            let search = PagerSearch(needle: needle, in: document.source, from: 0, blockBytes: block)
            search.run()
            #expect(search.state == .found(offset: expectedOffset), "block \(block)")
        }
        let line = document.index.line(containingByte: expectedOffset)
        #expect(line == 377)
        let missing = PagerSearch(needle: "line 400", in: document.source, from: 0, blockBytes: 13)
        missing.run()
        #expect(missing.state == .notFound)
        let later = PagerSearch(needle: "line 3", in: document.source, from: document.index.lineRange(300).upperBound)
        later.run()
        #expect(later.state == .found(offset: document.index.lineRange(301).lowerBound))
    }

    /// A pipe (here a named FIFO) is read as it arrives into the reserved region and indexed like a file.
    @Test func pipeIsReadAsItArrives() throws {
        let scratch = PagerScratch()
        let path = scratch.directory.appendingPathComponent("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let bytes = PagerIndexTests.randomFile(seed: 99)
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            var offset = 0
            while offset < bytes.count {  // in small writes, so the reader sees partial lines
                let count = min(777, bytes.count - offset)
                _ = bytes[offset..<(offset + count)].withUnsafeBytes { write(descriptor, $0.baseAddress, count) }
                offset += count
            }
            close(descriptor)
        }
        writer.start()
        let document = PagerDocument(source: try ByteSource.open(path), chunkBytes: 1_000)
        #expect(document.source.isPipe)
        document.index.indexAll()
        let expected = simpleLines(bytes)
        #expect(document.index.indexedLines == expected.count)
        #expect(document.source.available == bytes.count)
        for (line, content) in expected.enumerated() {
            #expect(Array(bytes[document.index.lineRange(line)]) == content, "line \(line)")
        }
    }

    @Test func badPathsGiveOneLineNamingThePath() throws {
        let scratch = PagerScratch()
        let missing = scratch.directory.appendingPathComponent("nope.log").path
        #expect(throws: ByteSource.OpenError(message: "\(missing): No such file or directory")) { try ByteSource.open(missing) }
        #expect(throws: ByteSource.OpenError(message: "\(scratch.directory.path): is a directory")) {
            try ByteSource.open(scratch.directory.path)
        }
        if geteuid() != 0 {  // root reads anything
            let path = scratch.file([0x41])
            chmod(path, 0)
            #expect(throws: ByteSource.OpenError(message: "\(path): Permission denied")) { try ByteSource.open(path) }
        }
    }
}
