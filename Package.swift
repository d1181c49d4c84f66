// swift-tools-version:6.0
import Foundation
import PackageDescription

// `.ci/run`'s second test run builds in release, so the optimizer sees the code that reinterprets or manages
// memory by hand (Docs/unsafe-code.md). With REUSETABLE_RELEASE_TESTS=1 the package is cut to what that run
// needs: the test targets of the targets that hold such code (`releaseTestTargets`, kept in step with the
// code by UnsafeCodeListTests) and what they depend on. Those targets are optimized; the tests and the
// rest compile at -Onone. Unset, as in every other build (`swift run -c release Demo bench` included),
// the package is whole and every target optimized.
let releaseTestTargets: [String: [String]] = [
    "ReuseTable": ["StorageModelTests"], "ReuseTableTerminal": ["ReuseTableTerminalTests"], "Pager": ["PagerTests"],
    "PagedDatabase": ["PagedDatabaseTests"],
    // Three calls to C (mallinfo2, a UUID's bytes), run optimized by every `Demo bench`.
    "Bench": [],
]
let releaseTestsOnly = ProcessInfo.processInfo.environment["REUSETABLE_RELEASE_TESTS"] == "1"

let package = Package(
    name: "ReuseTable",
    // macOS 26 for the standard library's `InlineArray` (the height tree's leaves); `Atomic` needs 15,
    // `Duration` and the clocks 13. Written for macOS, built only on Linux so far (README.md, "Platforms").
    platforms: [.macOS("26.0")],
    products: [
        .library(name: "ReuseTable", targets: ["ReuseTable"]),
        .library(name: "ReuseTableTerminal", targets: ["ReuseTableTerminal"]),
        .library(name: "Watch", targets: ["Watch"]),
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    targets: [
        .target(name: "ReuseTable"),
        .target(name: "ReuseTableTerminal", dependencies: ["ReuseTable"]),
        // The seeded generator the bench, the demo and the tests share.
        .target(name: "SeededRandom"),
        // Counts as the demo's screens and the bench's report print them (1,000,000; 1.6M).
        .target(name: "Figures"),
        // The demo's feed: a million generated posts, their model and cells (the demo and the bench's feed suite).
        .target(name: "Feed", dependencies: ["Figures", "ReuseTable", "ReuseTableTerminal", "SeededRandom"]),
        // The pager of `Demo view FILE`: a file's lines as the rows of a table, with its own I/O.
        .target(name: "Pager", dependencies: ["Figures", "ReuseTable", "ReuseTableTerminal"]),
        // The 2013 article's whole table in one file: where a reader starts, and the bench's baseline.
        .target(name: "ArticleTable", dependencies: ["ReuseTable"]),
        // The ladder (Docs/steps/): a table built in steps, each a copy of the previous plus one mechanism.
        .target(name: "Step1", dependencies: ["ReuseTable"], path: "Sources/Steps/Step1"),
        .target(name: "Step2", dependencies: ["ReuseTable"], path: "Sources/Steps/Step2"),
        .target(name: "Step3", dependencies: ["ReuseTable"], path: "Sources/Steps/Step3"),
        .target(name: "Step4", dependencies: ["ReuseTable"], path: "Sources/Steps/Step4"),
        .target(name: "Step5", dependencies: ["ReuseTable"], path: "Sources/Steps/Step5"),
        .target(name: "Step6", dependencies: ["ReuseTable"], path: "Sources/Steps/Step6"),
        .target(name: "Step7", dependencies: ["ReuseTable"], path: "Sources/Steps/Step7"),
        // The watch page: the engine recorded on scenes, replayed in a browser (Docs/watch.md).
        .target(name: "Watch", dependencies: ["ReuseTable"], resources: [.copy("Page")]),
        // `Demo tree DIR`: a file browser over a real directory, an outline of section snapshots (Docs/outlines.md).
        .target(name: "Tree", dependencies: ["ReuseTable", "ReuseTableTerminal"]),
        // The benchmark suite of `Demo bench`: every strategy measured side by side (Docs/performance.md).
        .target(name: "Bench", dependencies: ["ArticleTable", "PagedDatabase", "Step1", "Step2", "Step3", "Step4", "Step5", "Step6", "Step7", "Feed", "Figures", "Pager", "ReuseTable", "SeededRandom", "Watch"]),
        // The store screen (`swift run Demo store`): a compositional layout in a terminal (Docs/compositional-layout.md).
        .target(name: "Store", dependencies: ["ReuseTable", "ReuseTableTerminal"]),
        // SQLite's C library on Linux: Debian's libsqlite3-dev, used by PagedDatabase only (Darwin has SQLite3).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // `Demo db`'s database side: a SQLite loader by keyset pages and a sampled key index, the sample
        // message database and its writer (Docs/paged-data.md). Never a dependency of ReuseTable.
        .target(name: "PagedDatabase", dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux])), "ReuseTable", "SeededRandom"]),
        .executableTarget(name: "Demo", dependencies: ["Bench", "Feed", "Figures", "PagedDatabase", "Pager", "ReuseTable", "ReuseTableTerminal", "SeededRandom", "Store", "Tree", "Watch"]),
        .executableTarget(name: "ExampleList", dependencies: ["ReuseTable", "ReuseTableTerminal"], path: "Examples/ExampleList"),
        .executableTarget(name: "ModernList", dependencies: ["ReuseTable", "ReuseTableTerminal"], path: "Examples/ModernList"),
        // What every test target shares: the seeded generator and the table builders.
        .target(name: "TestSupport", dependencies: ["ReuseTable", "SeededRandom"], path: "Tests/TestSupport"),
        .testTarget(name: "ReuseTableTests", dependencies: ["ReuseTable", "TestSupport"]),
        // The model tests of the structures on reinterpreted or hand-managed storage (the height tree, its
        // finger, the sparse height cache, configuration state, the solver): run in release by `.ci/run` too.
        .testTarget(name: "StorageModelTests", dependencies: ["ReuseTable", "TestSupport"]),
        .testTarget(name: "FeedTests", dependencies: ["Feed", "ReuseTable", "TestSupport"]),
        .testTarget(name: "PagerTests", dependencies: ["Pager", "Figures", "ReuseTable", "ReuseTableTerminal", "TestSupport"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "FiguresTests", dependencies: ["Figures"]),
        .testTarget(name: "ArticleTableTests", dependencies: ["ArticleTable", "Bench", "ReuseTable", "TestSupport"]),
        .testTarget(name: "BenchTests", dependencies: ["Bench", "Feed", "Pager", "ReuseTable", "TestSupport"]),
        .testTarget(name: "DemoTests", dependencies: ["Demo", "Bench", "Feed", "Figures", "PagedDatabase", "ReuseTable", "ReuseTableTerminal", "TestSupport"]),
        .testTarget(name: "StepsTests", dependencies: ["Step1", "Step2", "Step3", "Step4", "Step5", "Step6", "Step7", "ReuseTable", "SeededRandom"]),
        .testTarget(name: "TreeTests", dependencies: ["Tree", "ReuseTable", "ReuseTableTerminal"]),
        .testTarget(name: "WatchTests", dependencies: ["Watch", "ReuseTable"]),
        .testTarget(name: "PagedDatabaseTests", dependencies: ["PagedDatabase", "SeededRandom"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "ReuseTable", "ReuseTableTerminal"]),
        .testTarget(name: "ReuseTableTerminalTests", dependencies: ["ReuseTableTerminal", "ReuseTable", "ExampleList", "ModernList", "TestSupport"]),
        // Every ```swift block of README.md and Docs/*.md, compiled against the public API
        // (generated by scripts/extract-doc-examples; see Docs/index.md).
        .testTarget(name: "DocExamplesTests", dependencies: ["ReuseTable", "ReuseTableTerminal"]),
    ],
    swiftLanguageModes: [.v6]
)

if releaseTestsOnly {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept = Set<String>()
    func keep(_ name: String) {
        guard let target = byName[name], kept.insert(name).inserted else { return }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): keep(name)
            default: break
            }
        }
    }
    releaseTestTargets.values.joined().forEach(keep)
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll()
    for target in package.targets where target.type != .system && releaseTestTargets[target.name] == nil {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
    }
}
