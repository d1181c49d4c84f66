import Testing
@testable @_spi(Internals) import ReuseTable

@Suite struct RowRecordsTests {
    /// One section: header 10, rows 20, 0, 30, footer 5.
    func sample() -> RowRecords {
        RowRecords([
            HeightRun(count: 1, height: 10, kind: .header),
            HeightRun(count: 1, height: 20),
            HeightRun(count: 1, height: 0),
            HeightRun(count: 1, height: 30, isMeasured: false),
            HeightRun(count: 1, height: 5, kind: .footer),
        ])
    }

    @Test func emptyStore() {
        let r = RowRecords([])
        #expect(r.count == 0)
        #expect(r.totalHeight == 0)
        #expect(r.offset(of: 0) == 0)
        #expect(r.index(atOffset: 0) == nil)
        #expect(r.indexLinear(atOffset: 0) == nil)
        #expect(r.sectionCount == 0)
        #expect(r.firstUnmeasured(from: 0) == nil)
    }

    @Test func offsetsArePrefixSums() {
        let r = sample()
        #expect(r.records.map(\.startY) == [0, 10, 30, 30, 60])
        #expect(r.totalHeight == 65)
        #expect(r.offset(of: 5) == 65)
        #expect(r.unmeasuredCount == 1)
        #expect(r.sectionCount == 1)
    }

    @Test func lookupSkipsZeroHeightAndIsHalfOpen() {
        let r = sample()
        let probes: [(Double, Int?)] = [
            (-1, nil), (.nan, nil), (0, 0), (9.99, 0), (10, 1), (29.5, 1),
            (30, 3), (59.9, 3), (60, 4), (64.9, 4), (65, nil), (.infinity, nil),
        ]
        for (y, expected) in probes {
            #expect(r.index(atOffset: y) == expected, "y = \(y)")
            #expect(r.indexLinear(atOffset: y) == expected, "linear y = \(y)")
        }
    }

    @Test func setHeightShiftsLaterRecords() {
        var r = sample()
        r.setHeight(40, at: 1, isMeasured: true)
        #expect(r.records.map(\.startY) == [0, 10, 50, 50, 80])
        #expect(r.totalHeight == 85)
        r.setHeight(30, at: 3, isMeasured: true)
        #expect(r.unmeasuredCount == 0)
        #expect(r.firstUnmeasured(from: 0) == nil)
    }

    @Test func insertAndRemoveRoundTrip() {
        var r = sample()
        let runs = [
            HeightRun(count: 1, height: 2, kind: .header), HeightRun(count: 3, height: 4),
            HeightRun(count: 1, height: 1, kind: .footer),
        ]
        r.insert(runs, at: 5)
        #expect(r.count == 10)
        #expect(r.sectionCount == 2)
        #expect(r.headerIndex(ofSection: 1) == 5)
        #expect(r.section(containing: 9) == 1)
        #expect(r.section(containing: 4) == 0)
        #expect(r.totalHeight == 65 + 2 + 12 + 1)
        #expect(r.removeSubrange(5..<10) == runs)
        #expect(r.records == sample().records)
        r.removeSubrange(0..<5)
        #expect(r.count == 0 && r.totalHeight == 0 && r.sectionCount == 0 && r.unmeasuredCount == 0)
    }

    @Test func markAllUnmeasuredKeepsHeights() {
        var r = sample()
        r.markAllUnmeasured()
        #expect(r.unmeasuredCount == 5)
        #expect(r.firstUnmeasured(from: 2) == 2)
        #expect(r.totalHeight == 65)
    }

    @Test func forEachSlotStopsWhenAsked() {
        var seen: [Int] = []
        sample().forEachSlot(from: 1) {
            seen.append($0.index); return $0.index < 3
        }
        #expect(seen == [1, 2, 3])
    }
}
