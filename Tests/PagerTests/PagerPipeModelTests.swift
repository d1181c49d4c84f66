import Foundation
import Testing
@testable import Pager
import TestSupport

/// A pipe's bytes kept in the source's own buffer (its pages committed ahead of each read), against
/// a plain array of what was written: random appends, some far larger than one read, the index and
/// a filter after each, then the end of input. `REUSETABLE_LONG=1` runs 20 rounds instead of 2.
@Suite struct PagerPipeModelTests {
    /// Random text for one append: short lines, some holding the filter's needle, often cut mid-line.
    private static func piece(_ random: inout SplitMix64, length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        while bytes.count < length {
            switch random.below(12) {
            case 0: bytes.append(0x0A)
            case 1: bytes += Array("ab".utf8)
            case 2: bytes += [0x0D, 0x0A]
            default: bytes.append(UInt8(0x61 + random.below(4)))  // a–d: "ab" also forms by chance
            }
        }
        return Array(bytes.prefix(length))
    }

    /// What was written, as lines: the complete ones, and the one still open (no newline yet).
    private struct Model {
        var bytes: [UInt8] = []
        var lines: [[UInt8]] = []
        var open: [UInt8] = []
        /// Complete lines holding "ab".
        var matches: [Int] = []

        mutating func append(_ piece: [UInt8]) {
            bytes += piece
            for byte in piece {
                if byte == 0x0A {
                    if zip(open, open.dropFirst()).contains(where: { $0 == 0x61 && $1 == 0x62 }) { matches.append(lines.count) }
                    lines.append(open)
                    open = []
                } else {
                    open.append(byte)
                }
            }
        }

        /// Every line once the input has ended: the open one counts when it has bytes.
        var finalLines: [[UInt8]] { open.isEmpty ? lines : lines + [open] }
        var finalMatches: [Int] {
            zip(open, open.dropFirst()).contains(where: { $0 == 0x61 && $1 == 0x62 }) ? matches + [lines.count] : matches
        }
    }

    @Test func appendsIndexAndFilterLikeTheModel() throws {
        var random = SplitMix64(seed: 57)
        let rounds = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1" ? 20 : 2
        for round in 0..<rounds {
            let pipe = Pipe()
            let source = try ByteSource.open(descriptor: dup(pipe.fileHandleForReading.fileDescriptor), name: "(stdin)")
            #expect(source.isPipe)
            let index = LineIndex(source: source, chunkBytes: 1 + random.below(50_000))
            let filter = PagerFilter(query: "ab", in: source, growing: true, blockBytes: 1 + random.below(100_000))
            // Small appends, and one bigger than a read (1 MB) and than the pipe's buffer.
            let pieces = (0..<16).map { step in
                PagerPipeModelTests.piece(&random, length: step == 9 ? 1_050_000 + random.below(100_000) : random.below(3_000))
            }
            // The writer sends each piece when told, so the reader can stop exactly at its end.
            let go = DispatchSemaphore(value: 0)
            let writer = pipe.fileHandleForWriting
            let thread = Thread {
                for piece in pieces {
                    go.wait()
                    writer.write(Data(piece))
                }
                go.wait()
                try? writer.close()
            }
            thread.start()
            var model = Model()
            for (step, piece) in pieces.enumerated() {
                let checkedLines = model.lines.count
                model.append(piece)
                go.signal()
                while source.available < model.bytes.count { #expect(source.readMore(), "round \(round) step \(step)") }
                #expect(source.available == model.bytes.count)
                while index.indexNext() {}
                // A pipe publishes a line once its newline is there.
                #expect(index.indexedLines == model.lines.count, "round \(round) step \(step)")
                // The lines new since the last step (at most about 500 of them), and a few older ones.
                let new = Array(stride(from: checkedLines, to: model.lines.count, by: max(1, (model.lines.count - checkedLines) / 500)))
                for line in new + (0..<3).map({ _ in random.below(max(1, model.lines.count)) }) where line < model.lines.count {
                    #expect(Array(model.bytes[index.lineRange(line)]) == model.lines[line], "round \(round) step \(step) line \(line)")
                }
                while filter.step() {}  // what can be decided now (`run()` would wait for the pipe's end)
                #expect(Array(filter.matches(from: 0)) == model.matches, "round \(round) step \(step)")
            }
            go.signal()  // the writer closes: the end of input
            while source.readMore() {}
            #expect(source.isComplete)
            while index.indexNext() {}
            #expect(index.isComplete)
            #expect(index.indexedLines == model.finalLines.count, "round \(round)")
            if let last = model.finalLines.indices.last {
                #expect(Array(model.bytes[index.lineRange(last)]) == model.finalLines[last], "round \(round)")
            }
            filter.setGrowing(false)
            filter.resume()
            filter.run()
            #expect(Array(filter.matches(from: 0)) == model.finalMatches, "round \(round)")
            #expect(filter.isComplete)
        }
    }
}
