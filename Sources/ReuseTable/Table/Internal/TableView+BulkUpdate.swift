import Foundation

// The table's side of a bulk apply (`UpdatePlan+Bulk.swift`): the geometry and
// the index-path height cache rebuilt from the update's row map in one pass
// each, instead of the plan's steps one row at a time (`TableView+UpdateSteps.swift`).
// Every carried header, row and footer keeps its height and measured state;
// fresh ones get the same placeholders the steps give them and are listed the
// same way, so `apply(_:newCounts:)` asks for their heights as it always does.

extension TableView {
    /// Rebuilds the geometry and the index-path cache for `map`; returns the fresh sections (with
    /// whether their rows came with them) and the fresh rows, in the order the steps list them.
    /// - Complexity: O(n + s) for n rows and s sections, plus O(c log c) for c cached heights.
    func rebuildStructure(_ plan: UpdatePlan, _ map: UpdateRowMap, oldCounts: [Int], newCounts: [Int])
        -> (freshSections: [(section: Int, withRows: Bool)], freshRows: [IndexPath])
    {
        // Every old slot's height and state, in slot order (header, rows, footer per section).
        var heights: [Double] = [], measured: [Bool] = []
        heights.reserveCapacity(geometry.count)
        measured.reserveCapacity(geometry.count)
        geometry.forEachSlot(from: 0) { slot in
            heights.append(slot.height)
            measured.append(slot.isMeasured)
            return true
        }
        var oldHeader = [Int](repeating: 0, count: oldCounts.count)
        var start = 0
        for i in 0..<oldCounts.count {
            oldHeader[i] = start
            start += oldCounts[i] + 2
        }
        func oldSlot(_ index: Int, kind: SlotKind) -> HeightRun {
            HeightRun(count: 1, height: heights[index], kind: kind, isMeasured: measured[index])
        }

        let placeholder = placeholderRowRun(count: 1)
        var runs: [HeightRun] = []
        runs.reserveCapacity(newCounts.reduce(0, +) + 2 * newCounts.count)
        var freshSections: [(section: Int, withRows: Bool)] = []
        var freshRows: [IndexPath] = []
        for j in 0..<newCounts.count {
            let i = map.oldSectionOfNew[j]
            let sources = map.sources[j]
            if i == UpdateRowMap.none && !plan.sectionsFilledRowByRow.contains(j) {
                runs += placeholderRuns(counts: [newCounts[j]])
                freshSections.append((j, newCounts[j] > 0))
                continue
            }
            if i == UpdateRowMap.none {
                runs.append(placeholderRuns(counts: [0])[0])
                freshSections.append((j, false))
            } else {
                runs.append(oldSlot(oldHeader[i], kind: .header))
            }
            for r in 0..<sources.count {
                let source = sources[r]
                if UpdateRowMap.isCarried(source) {
                    runs.append(oldSlot(oldHeader[UpdateRowMap.section(source)] + 1 + UpdateRowMap.row(source), kind: .row))
                } else {
                    runs.append(placeholder)
                    freshRows.append(IndexPath(row: r, section: j))
                }
            }
            if i == UpdateRowMap.none {
                runs.append(placeholderRuns(counts: [0])[1])
            } else {
                runs.append(oldSlot(oldHeader[i] + oldCounts[i] + 1, kind: .footer))
            }
        }
        geometry = TableView.makeGeometry(geometryStore, runs, treeConfig)
        indexPathHeightCache.rebuild(following: map)
        return (freshSections, freshRows)
    }

    /// Gives fresh rows the heights asked for them (slot indices ascending): one `setHeight` each
    /// when they are few, else the geometry rebuilt once from every slot, the answers in place.
    /// Rows asked later in the same update read the earlier fresh rows' placeholders meanwhile.
    /// - Complexity: O(k log n) for k answers when k ≤ n / log2 n, else O(n).
    func setRowHeightsInOnePass(_ answers: [(slot: Int, run: HeightRun)]) {
        let n = Double(max(geometry.count, 2))
        guard Double(answers.count) > n / log2(n) else {
            for answer in answers { geometry.setHeight(answer.run.height, at: answer.slot, isMeasured: answer.run.isMeasured) }
            return
        }
        var runs: [HeightRun] = []
        runs.reserveCapacity(geometry.count)
        var next = 0
        geometry.forEachSlot(from: 0) { slot in
            if next < answers.count, answers[next].slot == slot.index {
                runs.append(HeightRun(count: 1, height: answers[next].run.height, kind: slot.kind, isMeasured: answers[next].run.isMeasured))
                next += 1
            } else {
                runs.append(HeightRun(count: 1, height: slot.height, kind: slot.kind, isMeasured: slot.isMeasured))
            }
            return true
        }
        geometry = TableView.makeGeometry(geometryStore, runs, treeConfig)
    }
}
