import Foundation
import Testing
@testable import Feed
import ReuseTable
import TestSupport

@MainActor
@Suite struct FeedTests {
    @Test func generatorIsDeterministic() {
        let ids: [UInt64] = [0, 1, 999, 1_000, 499_999, 999_999, FeedGenerator.firstInsertedID]
        for id in ids {
            #expect(FeedGenerator.post(id: id) == FeedGenerator.post(id: id))
        }
        #expect(FeedGenerator.post(id: 1).body != FeedGenerator.post(id: 2).body)
        #expect(FeedGenerator.post(id: 0).time == "00:00")
        #expect(FeedGenerator.post(id: 999).time == "23:58")
        #expect(FeedGenerator.post(id: FeedGenerator.firstInsertedID).isInserted)
    }

    @Test func dayTitlesFollowTheCalendar() {
        #expect(FeedGenerator.dayTitle(0) == "Monday 3 March 2025")
        #expect(FeedGenerator.dayTitle(1) == "Tuesday 4 March 2025")
        #expect(FeedGenerator.dayTitle(29) == "Tuesday 1 April 2025")
        #expect(FeedGenerator.dayTitle(304) == "Thursday 1 January 2026")
    }

    @Test func untouchedModelMapsRowsToGeneratedIDs() {
        let model = FeedModel()
        #expect(model.totalRows == 1_000_000)
        #expect(model.postID(at: IndexPath(row: 7, section: 3)) == 3_007)
        #expect(model.indexPath(forGlobalRow: 499_999) == IndexPath(row: 999, section: 499))
        #expect(model.globalRow(of: IndexPath(row: 999, section: 499)) == 499_999)
    }

    /// Random inserts and deletes checked against an array of ids per section.
    @Test func insertAndDeleteMatchAnArrayModel() {
        var model = FeedModel(sections: 3, rowsPerSection: 8)
        var arrays = (0..<3).map { section in (0..<8).map { FeedGenerator.generatedID(day: section, position: $0) } }
        var random = SplitMix64(seed: 7)
        for _ in 0..<400 {
            let section = Int(random.next() % 3)
            let count = arrays[section].count
            if count == 0 || random.next() % 2 == 0 {
                let row = Int(random.next() % UInt64(count + 1))
                let id = model.insertPost(at: IndexPath(row: row, section: section))
                arrays[section].insert(id, at: row)
            } else {
                let row = Int(random.next() % UInt64(count))
                let id = model.deletePost(at: IndexPath(row: row, section: section))
                #expect(id == arrays[section].remove(at: row))
            }
            for s in 0..<3 {
                #expect(model.numberOfRows(inSection: s) == arrays[s].count)
                for (row, id) in arrays[s].enumerated() {
                    #expect(model.postID(at: IndexPath(row: row, section: s)) == id)
                }
            }
            #expect(model.totalRows == arrays.reduce(0) { $0 + $1.count })
        }
        // Global rows round-trip over the edited sections.
        var global = 0
        for s in 0..<3 {
            for row in 0..<arrays[s].count {
                #expect(model.indexPath(forGlobalRow: global) == IndexPath(row: row, section: s))
                #expect(model.globalRow(of: IndexPath(row: row, section: s)) == global)
                global += 1
            }
        }
    }

    @Test func feedCellSelfSizesFromItsWrappedBody() {
        let cell = FeedCell(reuseIdentifier: FeedCell.identifier)
        let post = Post(id: 1, author: "ada", time: "09:41", body: "one two three four five six seven eight")
        cell.configure(with: post, extraLines: 0)
        // Body width = 20 - 2 (indent) - 1 = 17 columns: "one two three" / "four five six" / "seven eight".
        #expect(cell.sizeThatFits(CGSize(width: 20, height: 0)).height == CGFloat(1 + 3 + 1))
        // Wider: one body line.
        #expect(cell.sizeThatFits(CGSize(width: 80, height: 0)).height == CGFloat(3))
        cell.configure(with: post, extraLines: 2)
        #expect(cell.sizeThatFits(CGSize(width: 80, height: 0)).height == CGFloat(5))
    }

    @Test func tableMeasuresFeedCellsThroughSelfSizing() {
        let feed = FeedDataSource(model: FeedModel(sections: 2, rowsPerSection: 5))
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 30, height: 12))
        feed.install(in: table)
        table.reloadData()
        let cell = FeedCell(reuseIdentifier: nil)
        cell.configure(with: feed.model.post(at: IndexPath(row: 0, section: 0)), extraLines: 0)
        let expected = cell.sizeThatFits(CGSize(width: 30, height: 0)).height
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == expected)
    }
}
