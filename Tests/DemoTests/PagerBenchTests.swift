import Foundation
import Testing
@testable import Demo

/// The `pager` bench suite's wiring at a tiny scale (never timings).
@MainActor
@Suite struct PagerBenchTests {
    @Test func suiteRunsEveryOperationOnAGeneratedLog() throws {
        let full = PagerSuite.suite(quick: false)
        #expect(full.name == "pager")
        #expect(full.scales == [1_000_000_000])
        #expect(full.operations.map(\.name) == ["pagerOpen", "pagerIndex", "pagerJump", "pagerSearch"])
        var configuration = BenchConfiguration(options: .instant, quick: true, skipAfterSeconds: 1e9, filter: nil)
        configuration.log = { _ in }
        let tiny = BenchSuite(name: "pager", scales: [300_000], operations: full.operations, commentary: full.commentary)
        let results = Suites.run(tiny, configuration)
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0.summary != nil })
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
}
