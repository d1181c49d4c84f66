import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

@MainActor
@Suite struct TableViewSectionIndexTests {
    func table(_ source: SwipeSource, style: TableView.Style = .plain) -> TableView {
        makeTable(source, height: 220, style: style) { table in
            table.sectionHeaderHeight = 20
            source.currentTable = table
        }
    }

    @Test func aTitleScrollsItsSectionsHeaderToTheTopBelowTheInset() {
        let source = SwipeSource([8, 8, 8, 2])
        source.indexTitles = ["A", "B", "C", "D"]
        let table = table(source)
        table.contentInset.top = 10
        table.layoutIfNeeded()
        table.selectSectionIndexTitle(at: 1)
        #expect(table.contentOffset.y == table.rectForHeader(inSection: 1).minY - 10)
        #expect(source.log == ["sectionFor B 1"])
        // The last section cannot reach the top: the offset stops at the end of the content.
        table.selectSectionIndexTitle(at: 3)
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        table.selectSectionIndexTitle(at: 0)
        #expect(table.contentOffset.y == -10)
    }

    @Test func theDataSourceNamesTheSectionOfATitle() {
        let source = SwipeSource([8, 8, 8, 8])
        source.indexTitles = ["#", "A–M", "N–Z"]
        source.sectionForTitle = { [0, 2, 3][$0] }
        let table = table(source)
        table.selectSectionIndexTitle(at: 1)
        #expect(table.contentOffset.y == table.rectForHeader(inSection: 2).minY)
        #expect(table.sectionIndexTitles == ["#", "A–M", "N–Z"])
    }

    @Test func estimatedRowsLandTheHeaderExactly() {
        let source = SwipeSource([30, 30, 30])
        source.indexTitles = ["A", "B", "C"]
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 220))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.sectionHeaderHeight = 20
        table.estimatedRowHeight = 30
        table.rowHeight = TableView.automaticDimension
        table.dataSource = source
        table.delegate = source
        source.currentTable = table
        table.reloadData()
        table.selectSectionIndexTitle(at: 1)
        #expect(table.contentOffset.y == table.rectForHeader(inSection: 1).minY)
        for indexPath in table.indexPathsForVisibleRows ?? [] {
            #expect(table.cellForRow(at: indexPath)?.frame == table.rectForRow(at: indexPath))
        }
    }

    @Test func aTitleClosesASwipedRowAndRunsLaterFromACallback() {
        let source = SwipeSource([8, 8])
        source.indexTitles = ["A", "B"]
        let table = table(source)
        source.hooks["willBegin"] = { table in table.selectSectionIndexTitle(at: 1) }
        table.swipeRow(at: .r(1), edge: .trailing)
        #expect(source.log == ["trailing 0-1", "willBegin 0-1", "sectionFor B 1", "didEnd 0-1"])
        #expect(table.contentOffset.y == table.rectForHeader(inSection: 1).minY)
    }

    @Test func badTitlesAndSectionsNameTheProblem() {
        let source = SwipeSource([8, 8])
        let table = table(source)
        #expect(throws: ReuseTableError("selectSectionIndexTitle(at: 0): the section index has 0 titles (sectionIndexTitles(for:) returned none).")) {
            try table.sectionForIndexTitle(at: 0)
        }
        source.indexTitles = ["A", "B"]
        table.reloadSectionIndexTitles()
        #expect(throws: ReuseTableError("selectSectionIndexTitle(at: 2): the section index has 2 titles (indexes 0..<2).")) {
            try table.sectionForIndexTitle(at: 2)
        }
        source.sectionForTitle = { _ in 5 }
        #expect(
            throws: ReuseTableError(
                "tableView(_:sectionForSectionIndexTitle:at:) returned section 5 for title \"B\" at 1: the table has 2 sections.")
        ) {
            try table.sectionForIndexTitle(at: 1)
        }
        #expect(table.contentOffset.y == 0)
    }

    @Test func theTitlesAreAskedOncePerReloadNotAtEveryRead() {
        let source = SwipeSource([8, 8])
        source.indexTitles = ["A", "B"]
        let table = table(source)
        var asked = 0
        source.onIndexTitles = { asked += 1 }
        for _ in 0..<5 { #expect(table.sectionIndexTitles == ["A", "B"]) }
        #expect(asked <= 1)
        let afterReads = asked
        source.indexTitles = ["A", "Z"]
        #expect(table.sectionIndexTitles == ["A", "B"], "kept until the table is told")
        table.reloadSectionIndexTitles()
        #expect(table.sectionIndexTitles == ["A", "Z"])
        source.indexTitles = ["X", "Y"]
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.sectionIndexTitles == ["X", "Y"])
        #expect(asked == afterReads + 2)
    }
}
