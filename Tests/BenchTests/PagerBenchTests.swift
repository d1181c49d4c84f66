import Foundation
import Testing
@testable import Bench
@testable import Pager

/// The `pager` bench suite's wiring at a tiny scale (never timings).
@MainActor
@Suite struct PagerBenchTests {
    @Test func suiteRunsEveryOperationOnAGeneratedLog() throws {
        let full = PagerSuite.suite(quick: false, bytes: 1_000_000_000)
        #expect(full.name == "pager")
        #expect(full.scales == [1_000_000_000])
        #expect(PagerSuite.suite(quick: true, bytes: 300_000).scales == [300_000])
        #expect(
            full.operations.map(\.name) == ["pagerOpen", "pagerIndex", "pagerJump", "pagerSearch", "pagerPipe", "pagerFilter"])
        #expect(full.operations.map(\.baseline) == [nil, nil, nil, nil, "cat | wc -l", "grep -F -c"])
        var configuration = BenchConfiguration(options: .instant, quick: true, skipAfterSeconds: 1e9, filter: nil)
        configuration.log = { _ in }
        let tiny = PagerSuite.suite(quick: true, bytes: 300_000)
        let results = Suites.run(tiny, configuration)
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.summary != nil })
        let commentary = tiny.commentary(results).joined(separator: "\n")
        for expected in ["Index throughput:", "Pipe: the pager reads and indexes", "x the time of cat | wc -l", "Filter &took=88:", "grep -F -c"] {
            #expect(commentary.contains(expected), "\(expected)")
        }
        let path = PagerSuite.generatedFile(bytes: 300_000)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size >= 300_000 && size < 310_000)
        let document = PagerDocument(source: try ByteSource.open(path))
        document.index.indexAll()
        let search = PagerSearch(needle: PagerSuite.needle, in: document.source, from: 0)
        search.run()
        guard case .found(let offset) = search.state else { Issue.record("needle not planted"); return }
        #expect(offset > size * 98 / 100)
    }

    /// The filter's literal matches about 1% of the generated lines, as the target asks.
    @Test func filterLiteralMatchesAboutOnePercent() throws {
        let path = PagerSuite.generatedFile(bytes: 2_000_000)
        let source = try ByteSource.open(path)
        let filter = PagerFilter(query: PagerSuite.filterNeedle, in: source)
        filter.run()
        let lines = filter.scannedLines
        let share = Double(filter.matchCount) / Double(lines)
        #expect(share > 0.007 && share < 0.02, "\(filter.matchCount) of \(lines)")
        // The pipe strategy reads the file through `cat` to the same lines.
        let (process, piped) = PagerSuite.catIntoPipe(path)
        let index = LineIndex(source: piped)
        index.indexAll()
        process.waitUntilExit()
        #expect(index.indexedLines == lines)
        #expect(
            Int(PagerSuite.shell("grep -F -c '\(PagerSuite.filterNeedle)' '\(path)'").trimmingCharacters(in: .whitespacesAndNewlines))
                == filter.matchCount)
    }
}
