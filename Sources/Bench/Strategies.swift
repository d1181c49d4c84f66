import Foundation
@_spi(Internals) import ReuseTable

enum Strategies {
    /// The `geometry` suite's strategies. The `article` suite reuses the two RowRecords searches.
    static var geometry: [GeometryStrategy] {
        [
            .of("ReuseTable", SlotTree.self),
            .of("RowRecords-binary", RowRecords.self, operations: ["findRow"]),
            .of("RowRecords-linear", RowRecords.self, operations: ["findRow"], find: { $0.indexLinear(atOffset: $1) }),
            .of("RowRecords", RowRecords.self, operations: ["changeHeight", "insertRow", "deleteRow"]),
            .of("FlatArrays", FlatArrays.self),
            .of("Fenwick", Fenwick.self),
        ]
    }

    /// The `heightCache` suite's strategies (baseline: `DictOfDicts`).
    ///
    /// The baselines stop at 10^5 rows: their dense fill of 2 × 10^7 boxed
    /// heights (or string keys) would take gigabytes and minutes. In the sparse
    /// scenario the nested arrays go on to 10^7, since allocating a slot for every
    /// row up to the last cached one is the cost being shown; the dictionaries'
    /// insert walks every row with string keys, seconds per insert at 10^7.
    static var heightCaches: [HeightCacheStrategy] {
        [
            .of("IndexPathHeightCache", IndexPathHeightCacheAdapter.self),
            .of("DictOfDicts", StringKeyedDictionaries.self, maxRows: { _ in 100_000 }),
            .of("NestedBoxedArrays", BoxedNestedArrays.self, maxRows: { $0 == "sparseInsert" ? nil : 100_000 }),
        ]
    }

    /// Suites timed through a real `TableView` (see TableSuites.swift): `table`
    /// (jumpAndLayout, scrollStep, reloadFixed, reloadEstimated, reloadExact;
    /// `ReuseTable` = the tree store, `RowRecords` = `setGeometryStore(.records)`)
    /// and `reusePool` (pool on vs off over the same scroll path).
    static func tableSuites(quick: Bool) -> [BenchSuite] { TableSuites.all(quick: quick) }
}

/// Adapts the index-path height cache to the suite's interface: two widths
/// stand for the source articles' two orientations (portrait and landscape).
struct IndexPathHeightCacheAdapter: BenchHeightCache {
    static let portrait = 375.0, landscape = 812.0
    private var cache = IndexPathHeightCache()

    init(sections: Int, rowsPerSection: Int) {}

    func height(section: Int, row: Int) -> Double? {
        cache.height(at: IndexPath(row: row, section: section), width: Self.portrait).map(Double.init)
    }
    mutating func setHeight(_ height: Double, section: Int, row: Int) {
        cache.setHeight(height, at: IndexPath(row: row, section: section), width: Self.portrait)
    }
    mutating func insertRow(section: Int, row: Int) { cache.insertRows(1, at: IndexPath(row: row, section: section)) }
    mutating func deleteRow(section: Int, row: Int) { _ = cache.removeRow(at: IndexPath(row: row, section: section)) }

    mutating func fillBothOrientations(sections: Int, rowsPerSection: Int, height: (Int, Int) -> Double) {
        for width in [Self.landscape, Self.portrait] {
            for section in 0..<sections {
                for row in 0..<rowsPerSection {
                    cache.setHeight(height(section, row), at: IndexPath(row: row, section: section), width: width)
                }
            }
        }
    }
}
