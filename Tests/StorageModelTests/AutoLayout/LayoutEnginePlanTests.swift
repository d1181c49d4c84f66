import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// An engine walks its root's subtree only when the structure changed (a constraint activated or
/// deactivated, a view added, removed, moved or reordered below the root); otherwise a sync visits
/// the items and constraints of the last walk. Either way it must equal a fresh engine.
@MainActor
@Suite struct LayoutEnginePlanTests {
    private func label(_ text: String, in parent: View) -> Label {
        let label = Label(text: text)
        label.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(label)
        return label
    }

    /// Every item's solved variables of `engine` against those of a fresh engine fitted the same way.
    private func expectEqualsFresh(_ content: View, width: CGFloat, _ note: String) {
        let engine = content.layoutEngine
        let height = engine.fit(CGSize(width: width, height: 0), horizontal: .required, vertical: .fittingSizeLevel, diagnostics: { _ in })
        let fresh = LayoutEngine(root: content)
        let scratch = fresh.fit(CGSize(width: width, height: 0), horizontal: .required, vertical: .fittingSizeLevel, diagnostics: { _ in })
        #expect(height == scratch, "\(note)")
        #expect(Set(engine.items.keys) == Set(fresh.items.keys), "\(note): the same views")
        for (key, item) in fresh.items {
            guard let kept = engine.items[key] else { continue }
            #expect(
                kept.left.value == item.left.value && kept.top.value == item.top.value && kept.width.value == item.width.value
                    && kept.height.value == item.height.value, "\(note): \(item.left.name)")
        }
    }

    /// The frames `layoutIfNeeded()` gives the subtree, then those a fresh engine gives at the same bounds.
    private func expectLayoutEqualsFresh(_ content: View, _ note: String) {
        func frames(_ view: View) -> [CGRect] { view.subviews.flatMap { [$0.frame] + frames($0) } }
        content.layoutEngine.layout(diagnostics: { _ in })
        let kept = frames(content)
        LayoutEngine(root: content).layout(diagnostics: { _ in })
        #expect(kept == frames(content), "\(note)")
    }

    @Test func newTextsAndConstantsDoNotWalkTheSubtree() {
        let content = View()
        let title = label("title", in: content), body = label("", in: content)
        body.numberOfLines = 0
        let bottom = content.bottomAnchor.constraint(equalTo: body.bottomAnchor, constant: 1)
        LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: content.topAnchor),
            title.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 2),
            body.topAnchor.constraint(equalTo: title.bottomAnchor),
            body.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 2),
            body.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -1),
            bottom,
        ])
        _ = content.templateFittingHeight(width: 20)
        let walks = content.layoutEngine.fullSyncCount
        for step in 0..<40 {
            title.text = "author \(step)"
            body.text = String(repeating: "word ", count: step % 9)
            bottom.constant = CGFloat(1 + step % 3)
            let expected = 1 + CGFloat(Label.wrap(body.text, columns: 17).count) + CGFloat(1 + step % 3)
            #expect(content.templateFittingHeight(width: 20) == expected, "step \(step)")
        }
        #expect(content.layoutEngine.fullSyncCount == walks)
    }

    @Test func aCellMovedInAndOutOfATableKeepsItsWalk() {
        let table = View(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        let cell = View(frame: CGRect(x: 0, y: 0, width: 30, height: 3))
        let text = label("hello", in: cell)
        LayoutConstraint.activate([
            text.topAnchor.constraint(equalTo: cell.topAnchor),
            text.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 1),
        ])
        cell.layoutIfNeeded()
        let walks = cell.layoutEngine.fullSyncCount
        for step in 0..<5 {
            table.addSubview(cell)
            text.text = "row \(step)"
            cell.setNeedsLayout()
            cell.layoutIfNeeded()
            #expect(text.frame == CGRect(x: 1, y: 0, width: CGFloat(text.text.count), height: 1))
            cell.removeFromSuperview()
        }
        #expect(cell.layoutEngine.fullSyncCount == walks, "the table's subtree changed, not the cell's")
    }

    /// Random edits, structural and not, each followed by a fit and a layout that must equal a fresh
    /// engine's; the engine walks again exactly after the structural ones.
    @Test func randomStructureChangesEachEqualAFreshEngine() {
        var rng = SplitMix64(seed: 41)
        let steps = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1" ? 3_000 : 300
        let content = View(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        let box = View(frame: CGRect(x: 1, y: 1, width: 12, height: 4))  // frame-based: pinned
        content.addSubview(box)
        let texts = ["a", "bb", "ccc dd", "", "the quick brown fox jumps", "over the lazy dog again and again"]
        var labels: [Label] = []
        var pool: [(label: Label, constraints: [LayoutConstraint])] = []
        var previous = content.topAnchor
        for index in 0..<4 {
            let l = label(texts[index], in: index == 3 ? box : content)
            if index == 1 { l.numberOfLines = 0 }
            let constraints = [
                l.topAnchor.constraint(equalTo: previous, constant: 1),
                l.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: CGFloat(index)),
                l.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -1),
            ]
            LayoutConstraint.activate(constraints)
            previous = l.bottomAnchor
            labels.append(l)
            pool.append((l, constraints))
        }
        let bottom = content.bottomAnchor.constraint(equalTo: previous, constant: 1)
        bottom.isActive = true
        let wide = labels[0].widthAnchor.constraint(greaterThanOrEqualTo: box.widthAnchor)
        wide.priority = 600
        expectEqualsFresh(content, width: 30, "start")
        var walksExpected = content.layoutEngine.fullSyncCount
        for step in 0..<steps {
            let (l, constraints) = pool.randomElement(using: &rng)!
            let structural: Bool
            switch Int.random(in: 0..<9, using: &rng) {
            case 0:
                l.text = texts.randomElement(using: &rng)!
                structural = false
            case 1:
                // Gaps stay 0 or more (top, leading; trailing 0 or less): a content of negative height has no layout.
                let index = Int.random(in: 0..<constraints.count, using: &rng)
                constraints[index].constant = CGFloat(index == 2 ? -Int.random(in: 0...3, using: &rng) : Int.random(in: 0...3, using: &rng))
                structural = false
            case 2:
                box.frame.size.width = CGFloat(Int.random(in: 1...20, using: &rng))
                structural = false
            case 3:
                wide.isActive.toggle()
                structural = true
            case 4:
                // Moved between the content and the box (a deeper level); its constraints stay on the content.
                (l.superview === box ? content : box).addSubview(l)
                structural = true
            case 5:
                l.superview?.bringSubviewToFront(l)
                structural = true
            case 6:
                // Taken out with its constraints, then put back with them (UIKit drops a removed view's constraints).
                LayoutConstraint.deactivate(constraints)
                l.removeFromSuperview()
                content.addSubview(l)
                LayoutConstraint.activate(constraints)
                structural = true
            case 7:
                let extra = View(frame: CGRect(x: 0, y: 0, width: 2, height: 2))  // no constraints: no item
                box.addSubview(extra)
                extra.removeFromSuperview()
                structural = true
            default:
                // One wrapping label at a time, or none.
                if labels.contains(where: { $0.numberOfLines != 1 }) {
                    for label in labels { label.numberOfLines = 1 }
                } else {
                    l.numberOfLines = 0
                }
                structural = false
            }
            expectEqualsFresh(content, width: CGFloat(Int.random(in: 12...40, using: &rng)), "step \(step)")
            if structural { walksExpected += 1 }
            #expect(content.layoutEngine.fullSyncCount == walksExpected, "step \(step): walked exactly after a structure change")
            // Laid out at the height it fits at its width, as a row is.
            content.frame.size.height =
                content.layoutEngine.fit(
                    CGSize(width: 40, height: 0), horizontal: .required, vertical: .fittingSizeLevel, diagnostics: { _ in }
                ).height
            expectLayoutEqualsFresh(content, "step \(step), layout")
        }
    }
}
