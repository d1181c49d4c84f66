import Foundation
import Testing
@testable import Bench
@_spi(Internals) import ReuseTable

/// The diff-only shapes build what the published benchmarks describe, and the
/// diff they time counts every change.
@Suite struct DiffShapesTests {
    @Test func changeCountCountsEveryKindOfChange() {
        let a = DiffShapes.snapshot([1, 2, 3, 4, 5])
        #expect(a.changeCount(since: a) == 0)
        #expect(DiffShapes.snapshot([1, 2, 4, 5, 6]).changeCount(since: a) == 2, "3 deleted, 6 inserted")
        #expect(DiffShapes.snapshot([2, 3, 4, 5, 1]).changeCount(since: a) == 1, "1 moved to the end")
        #expect(DiffShapes.snapshot([1, 2, 3, 4, 5], reloading: [4]).changeCount(since: a) == 1, "4 reloaded")
        var sections = a
        sections.appendSections([1])
        #expect(sections.changeCount(since: a) == 1, "a section inserted")
    }

    /// DifferenceKit's benchmark data at a small scale: a fifth deleted, as many inserted, the first fiftieth shuffled.
    @Test func differenceKitShapeDeletesInsertsAndShuffles() {
        let (a, b) = DiffShapes.differenceKitShape(rows: 1_000)
        #expect(a.count == 1_000 && b.count == 1_000 && Set(a).count == 1_000)
        let kept = Set(a).intersection(b)
        #expect(kept.count == 900, "100 deleted (rows 200..<300), 100 inserted")
        #expect(Array(b[20..<200]) == Array(a[20..<200]), "only the first 20 are shuffled")
        #expect(Set(b[0..<20]) == Set(a[0..<20]) && Array(b[0..<20]) != Array(a[0..<20]))
        #expect(Set(b[300..<400]).isDisjoint(with: a), "the new items sit at 300")
        #expect(DiffShapes.uuids(5, seed: 1) == DiffShapes.uuids(5, seed: 1), "every run diffs the same items")
    }

    /// DiffUtil's shape: n items and n / 5 changes in equal parts, so a quarter of them each way.
    @Test func diffUtilShapeMakesTheAskedNumberOfChanges() {
        let (a, b, reloaded) = DiffShapes.diffUtilShape(rows: 1_000, changes: 200)
        #expect(a.count == 1_000 && b.count == 1_000, "50 deleted, 50 inserted")
        #expect(Set(a).subtracting(b).count == 50 && Set(b).subtracting(a).count == 50)
        #expect(reloaded.count <= 50 && !reloaded.isEmpty && reloaded.allSatisfy { b.contains($0) })
        let count = DiffShapes.snapshot(b, reloading: reloaded).changeCount(since: DiffShapes.snapshot(a))
        #expect(count >= 100 && count <= 200 + 50, "\(count) changes")
    }

    @Test func theDiffableSuiteRunsEachShapeAtItsOneScale() {
        let suite = DiffableSuite.suite(quick: true)
        let shapes = suite.operations.filter { DiffShapes.operations.contains($0.name) }
        #expect(shapes.map(\.name) == ["diffDiffUtil", "diffDifferenceKit", "diffReverse"])
        #expect(shapes.map(\.scales) == [[1_000], [100_000], [100_000]])
        #expect(shapes.allSatisfy { $0.strategies.map(\.name) == ["ReuseTable"] })
        let reverse = DiffShapes.snapshot(Array(0..<50))
        #expect(DiffShapes.snapshot(Array((0..<50).reversed())).changeCount(since: reverse) == 49, "all but one move")
    }
}
