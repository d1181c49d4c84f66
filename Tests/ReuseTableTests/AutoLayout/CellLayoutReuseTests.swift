import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A cell's layout takes the solution of the template fit that measured it: the contentView's
/// engine solves the fit, and the cell laid out at the fitted height reads that solution instead of
/// solving again; any change in between, and a manual `layoutSubviews()`, still lay it out as a
/// fresh engine would.
@MainActor
@Suite struct CellLayoutReuseTests {
    /// A title over a wrapping body, the contentView's bottom under the body (its constant moves).
    final class PostCell: TableViewCell {
        let title = Label(), body = Label()
        var bottom: LayoutConstraint!
        /// Run after `super.layoutSubviews()` (a manual override's work).
        var afterSuper: ((PostCell) -> Void)?
        /// The body's frame as `layoutSubviews()` saw it after `super`.
        var bodyFrameSeenInLayoutSubviews: CGRect?

        required init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            for label in [title, body] {
                label.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(label)
            }
            title.numberOfLines = 1
            // Distinct priorities, so a height other than the fitted one has one best layout (the body
            // gives or takes the difference) and a fresh engine agrees with a kept one.
            title.setContentHuggingPriority(.defaultLow + 1, for: .vertical)
            title.setContentCompressionResistancePriority(.defaultHigh + 1, for: .vertical)
            bottom = contentView.bottomAnchor.constraint(equalTo: body.bottomAnchor, constant: 1)
            LayoutConstraint.activate([
                title.topAnchor.constraint(equalTo: contentView.topAnchor),
                title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 2),
                body.topAnchor.constraint(equalTo: title.bottomAnchor),
                body.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 2),
                body.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -1),
                bottom,
            ])
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            bodyFrameSeenInLayoutSubviews = body.frame
            afterSuper?(self)
        }
    }

    static let words = ["cell", "reuse", "a", "constraint", "solver", "row", "fit", "wrapping", "pool", "height"]

    static func text(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...14, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
    }

    final class Source: TableViewDataSource, TableViewDelegate {
        var texts: [String]
        var configure: (PostCell) -> Void = { _ in }
        init(texts: [String]) { self.texts = texts }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { texts.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath) as! PostCell
            cell.title.text = "#\(indexPath.row)"
            cell.body.text = texts[indexPath.row]
            configure(cell)
            return cell
        }
    }

    func table(width: CGFloat, _ source: Source) -> TableView {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: width, height: 40))
        table.register(PostCell.self, forCellReuseIdentifier: "post")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 4
        table.dataSource = source
        table.delegate = source
        return table
    }

    /// The frames a fresh cell (a fresh engine, nothing to reuse) gives the same content at `size`.
    func freshFrames(title: String, body: String, bottom: CGFloat, size: CGSize, separator: CGFloat = 0) -> [CGRect] {
        let cell = PostCell(reuseIdentifier: nil)
        cell.separatorHeight = separator
        cell.title.text = title
        cell.body.text = body
        cell.bottom.constant = bottom
        cell.frame = CGRect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        return [cell.title.frame, cell.body.frame]
    }

    func expectFresh(_ cell: PostCell, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let fresh = freshFrames(
            title: cell.title.text, body: cell.body.text, bottom: cell.bottom.constant, size: cell.bounds.size,
            separator: cell.separatorHeight)
        #expect([cell.title.frame, cell.body.frame] == fresh, "\(what)", sourceLocation: sourceLocation)
    }

    @Test func cellsLaidOutAtTheirFittedHeightTakeTheFitsSolution() {
        var rng = SplitMix64(seed: 7)
        let source = Source(texts: (0..<200).map { _ in Self.text(&rng) })
        let table = table(width: 24, source)
        table.reloadData()
        for step in 0..<30 {
            table.contentOffset.y = CGFloat(step * 13)
            for case let cell as PostCell in table.visibleCells {
                expectFresh(cell, "step \(step)")
                #expect(cell.bodyFrameSeenInLayoutSubviews == cell.body.frame, "layoutSubviews saw the final frames")
                #expect(cell._autoLayout?.engine == nil, "the cell lays out through its contentView's engine")
            }
        }
        let engines = table.visibleCells.map { $0.contentView.layoutEngine }
        #expect(engines.reduce(0) { $0 + $1.layoutReuseCount } > 0)
        #expect(engines.allSatisfy { $0.layoutSolveCount == 0 }, "every display of a fitted row took the fit's solution")
    }

    /// Random content, constants, widths and heights; after each change a fit and a layout (at the
    /// fitted height or another), sometimes with a change between them: always a fresh engine's frames.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomChangesLayOutAsAFreshEngine(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let cell = PostCell(reuseIdentifier: nil)
        var reused = 0
        for step in 0..<120 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: cell.body.text = Self.text(&rng)
            case 1: cell.title.text = String(repeating: "t", count: Int.random(in: 0...30, using: &rng))
            case 2: cell.bottom.constant = CGFloat(Int.random(in: 0...3, using: &rng))
            default: break
            }
            let width = CGFloat(Int.random(in: 8...40, using: &rng))
            let fitted = cell.contentView.templateFittingHeight(width: width)!
            if Int.random(in: 0..<4, using: &rng) == 0 { cell.body.text += " more" }  // a change between fit and layout
            if Int.random(in: 0..<4, using: &rng) == 0 { cell.bottom.constant += 1 }
            let height = Int.random(in: 0..<3, using: &rng) == 0 ? fitted + CGFloat(Int.random(in: -2...2, using: &rng)) : fitted
            let before = cell.contentView.layoutEngine.layoutReuseCount
            cell.frame = CGRect(x: 0, y: 0, width: width, height: max(0, height))
            cell.layoutIfNeeded()
            reused += cell.contentView.layoutEngine.layoutReuseCount - before
            expectFresh(cell, "seed \(seed) step \(step)")
        }
        #expect(reused > 0)
    }

    /// A manual `layoutSubviews()` that changes what the constraints depend on after `super`
    /// (a constant, a text): the same `layoutIfNeeded()` solves again and places the views there.
    @Test func aLayoutSubviewsOverrideThatChangesTheConstraintsIsHonoured() {
        let source = Source(texts: ["a body that wraps at a narrow width", "short"])
        source.configure = { cell in
            cell.afterSuper = { cell in
                cell.title.text = "changed in layoutSubviews"
                cell.bottom.constant = 2
            }
        }
        let table = table(width: 20, source)
        table.reloadData()
        for case let cell as PostCell in table.visibleCells {
            #expect(cell.title.text == "changed in layoutSubviews")
            expectFresh(cell, "row \(table.indexPath(for: cell)!.row)")
        }
    }

    /// A constraint installed on the cell itself (not inside its contentView): the cell's own engine
    /// lays it out, as before, with the contentView pinned at its frame.
    @Test func aConstraintOnTheCellItselfKeepsTheCellsEngine() {
        let cell = PostCell(reuseIdentifier: nil)
        cell.body.text = "wraps over a few lines here"
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(badge)
        LayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
            badge.topAnchor.constraint(equalTo: cell.body.topAnchor),
            badge.widthAnchor.constraint(equalToConstant: 3),
            badge.heightAnchor.constraint(equalToConstant: 1),
        ])
        #expect(cell.constraintLayoutRoot === cell)
        let height = cell.contentView.templateFittingHeight(width: 20)!
        cell.frame = CGRect(x: 0, y: 0, width: 20, height: height)
        cell.layoutIfNeeded()
        #expect(cell._autoLayout?.engine != nil)
        #expect(badge.frame == CGRect(x: 17, y: cell.body.frame.minY, width: 3, height: 1))
        #expect(cell.body.frame == freshFrames(title: cell.title.text, body: cell.body.text, bottom: 1, size: cell.bounds.size)[1])
    }
}
