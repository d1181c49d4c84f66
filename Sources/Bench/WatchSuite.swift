import Foundation
@_spi(Internals) import Watch

/// The `watch` suite: `watchWrite`, what `Demo watch` costs — record the nine scenes on the real
/// engine and write the page (Docs/watch.md). Its target, ≤ 1 s, is in `targets`; the suite, the
/// target are registered in `Suites.all` and `Targets.all`, its names in `Legend`.
enum WatchSuite {
    /// The scale column: the number of scenes the page records.
    static let scenes = 9

    static func suite() -> BenchSuite {
        let write = BenchStrategy(name: "Watch") { _ in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("reusetable-bench-watch.html").path
            return BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        let html = try! Watch.page(Watch.recordScenes(), writtenTo: path)
                        try! html.write(toFile: path, atomically: false, encoding: .utf8)
                        benchSink &+= UInt64(html.utf8.count)
                    }
                }, maxBatch: 1)
        }
        return BenchSuite(
            name: "watch", scales: [scenes], operations: [BenchOperation(name: "watchWrite", baseline: nil, strategies: [write])])
    }

    static var targets: [BenchTarget] {
        [
            Targets.time(
                "watchWrite (watch, 9 scenes)", .init(suite: "watch", operation: "watchWrite", strategy: "Watch", rows: scenes),
                limit: 1_000_000_000, source: "watch.md")
        ]
    }
}
