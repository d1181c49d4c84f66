import Foundation
@_spi(Internals) import ReuseTable

// `geometry · scrollWindow`: the geometry half of a table's layout pass on a
// scroll step, without views. Each step moves a 480-pt viewport 48 pt along
// the table suite's bouncing path, finds the slot at its top with its section
// and row, and walks the slots down to its bottom, as
// `TableView.forEachSlot(in:)` does. `ReuseTable` keeps a `GeometryFinger`
// between steps; `ReuseTable-descent` asks what the table asks today
// (`index(atOffset:)`, `section(containing:)`, `headerIndex(ofSection:)`,
// `forEachSlot(from:)`, four root descents); `RowRecords` is the 2013 array.

enum GeometryScroll {
    static let viewport = Double(TableSuites.frame.height)
    static let step = TableSuites.scrollStep

    /// `rows` rows of variable heights (22…100 pt) in `TableSuites.sections`
    /// sections, each with a 28-pt header and a 10-pt footer.
    static func slots(rows: Int) -> [HeightRun] {
        var runs: [HeightRun] = []
        var heights = VariableHeightRows(rows: rows).makeIterator()
        for section in 0..<TableSuites.sections {
            runs.append(HeightRun(count: 1, height: 28, kind: .header))
            for _ in 0..<TableSuites.rows(inSection: section, of: rows, sections: TableSuites.sections) {
                runs.append(heights.next()!)
            }
            runs.append(HeightRun(count: 1, height: 10, kind: .footer))
        }
        return runs
    }

    static func strategies() -> [BenchStrategy] {
        [
            BenchStrategy(name: "ReuseTable") { setUp(SlotTree.self, rows: $0, finger: true) },
            BenchStrategy(name: "ReuseTable-descent") { setUp(SlotTree.self, rows: $0, finger: false) },
            BenchStrategy(name: "RowRecords") { setUp(RowRecords.self, rows: $0, finger: false) },
        ]
    }

    static func setUp<G: RowGeometry>(_ type: G.Type, rows: Int, finger useFinger: Bool) -> BenchCase {
        let built = Harness.allocation { G(slots(rows: rows)) }
        let subject = Subject(built.value)
        let finger = Subject(GeometryFinger())
        let maximum = subject.value.totalHeight - viewport
        return BenchCase(
            step: { i in
                let y = TableSuites.pathOffset(i, start: 0, stepSize: step, maximum: maximum)
                let g = subject.value
                let top: LocatedSlot?
                if useFinger {
                    top = g.slot(atOffset: y, near: &finger.value)
                } else if let index = g.index(atOffset: y) {
                    let section = g.section(containing: index)
                    top = LocatedSlot(slot: g.slot(at: index), section: section, row: index - g.headerIndex(ofSection: section) - 1)
                } else {
                    top = nil
                }
                guard let top else { return }
                var section = top.section, row = top.row, sum = 0
                // A local function passed as a non-escaping argument: its captures stay on the stack.
                func visit(_ slot: Slot) -> Bool {
                    guard slot.minY < y + viewport else { return false }
                    if slot.index > top.slot.index {
                        if slot.kind == .header { section += 1; row = -1 } else { row += 1 }
                    }
                    sum &+= section &+ row
                    return true
                }
                if useFinger {
                    g.forEachSlot(from: top.slot.index, near: finger.value, visit)
                } else {
                    g.forEachSlot(from: top.slot.index, visit)
                }
                blackHole(sum)
            }, bytesPerRow: built.bytes.map { Double($0) / Double(rows) })
    }
}
