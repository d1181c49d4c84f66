import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// The obviously correct model of a section snapshot: nested arrays of nodes.
struct OutlineModel {
    struct Node {
        var id: Int
        var expanded = false
        var children: [Node] = []
    }
    var roots: [Node] = []
    var nextID = 0

    mutating func fresh(_ count: Int) -> [Int] {
        defer { nextID += count }
        return Array(nextID..<(nextID + count))
    }

    /// Preorder (id, level, parent, visible, expanded).
    func flatten() -> [(id: Int, level: Int, parent: Int?, visible: Bool, expanded: Bool)] {
        var result: [(Int, Int, Int?, Bool, Bool)] = []
        func walk(_ nodes: [Node], _ level: Int, _ parent: Int?, _ visible: Bool) {
            for node in nodes {
                result.append((node.id, level, parent, visible, node.expanded))
                walk(node.children, level + 1, node.id, visible && node.expanded)
            }
        }
        walk(roots, 0, nil, true)
        return result
    }

    var items: [Int] { flatten().map(\.id) }
    var visibleItems: [Int] { flatten().filter(\.visible).map(\.id) }

    /// The path of child indices to `id`.
    func path(_ id: Int) -> [Int]? {
        func find(_ nodes: [Node]) -> [Int]? {
            for (i, node) in nodes.enumerated() {
                if node.id == id { return [i] }
                if let rest = find(node.children) { return [i] + rest }
            }
            return nil
        }
        return find(roots)
    }

    /// Calls `body` with the sibling array holding the node at `path` and its index there.
    mutating func withSiblings<T>(of path: [Int], _ body: (inout [Node], Int) -> T) -> T {
        func go(_ nodes: inout [Node], _ path: ArraySlice<Int>) -> T {
            if path.count == 1 { return body(&nodes, path.first!) }
            return go(&nodes[path.first!].children, path.dropFirst())
        }
        return go(&roots, path[...])
    }

    mutating func withNode<T>(_ id: Int, _ body: (inout Node) -> T) -> T {
        withSiblings(of: path(id)!) { nodes, i in body(&nodes[i]) }
    }

    func node(_ id: Int) -> Node {
        var nodes = roots
        var result: Node!
        for i in path(id)! {
            result = nodes[i]
            nodes = result.children
        }
        return result
    }
}

@Suite struct SectionSnapshotModelTests {
    typealias Snapshot = DiffableDataSourceSectionSnapshot<Int>

    /// Everything the snapshot answers, against the model.
    static func check(_ snapshot: Snapshot, _ model: OutlineModel, _ context: String) {
        let flat = model.flatten()
        #expect(snapshot.items == flat.map(\.id), "\(context): items")
        let visible = flat.filter(\.visible).map(\.id)
        #expect(snapshot.visibleItems == visible, "\(context): visibleItems")
        #expect(snapshot.visibleItemCount == visible.count, "\(context): visible count")
        #expect(snapshot.rootItems == model.roots.map(\.id), "\(context): rootItems")
        var visibleIndex = 0
        for (i, entry) in flat.enumerated() {
            #expect(snapshot.contains(entry.id))
            #expect(snapshot.index(of: entry.id) == i, "\(context): index(of: \(entry.id))")
            #expect(snapshot.level(of: entry.id) == entry.level, "\(context): level(of: \(entry.id))")
            #expect(snapshot.parent(of: entry.id) == entry.parent, "\(context): parent(of: \(entry.id))")
            #expect(snapshot.isVisible(entry.id) == entry.visible, "\(context): isVisible(\(entry.id))")
            #expect(snapshot.isExpanded(entry.id) == entry.expanded, "\(context): isExpanded(\(entry.id))")
            if entry.visible {
                #expect(snapshot.visibleIndex(of: entry.id) == visibleIndex)
                #expect(snapshot.visibleItem(at: visibleIndex) == entry.id)
                visibleIndex += 1
            } else {
                #expect(snapshot.visibleIndex(of: entry.id) == nil)
            }
        }
        #expect(!snapshot.contains(-1))
        #expect(snapshot.index(of: -1) == nil)
    }

    /// Replays `edits` on `rows` as a data source does.
    static func replay(_ edits: ArraySlice<OutlineEdit<Int>>, on rows: [Int]) -> [Int] {
        var rows = rows
        for edit in edits { rows.replaceSubrange(edit.at..<(edit.at + edit.removed), with: edit.inserted) }
        return rows
    }

    /// A random subtree of fresh items for `replace(childrenOf:using:)`, in the model and as a snapshot.
    static func randomSubtree(_ model: inout OutlineModel, rng: inout SplitMix64) -> ([OutlineModel.Node], Snapshot) {
        var snapshot = Snapshot()
        var nodes: [OutlineModel.Node] = []
        for id in model.fresh(Int.random(in: 0...3, using: &rng)) {
            var node = OutlineModel.Node(id: id, expanded: Bool.random(using: &rng))
            snapshot.append([id])
            for child in model.fresh(Int.random(in: 0...2, using: &rng)) {
                node.children.append(OutlineModel.Node(id: child))
                snapshot.append([child], to: id)
            }
            if node.expanded { snapshot.expand([id]) }
            nodes.append(node)
        }
        return (nodes, snapshot)
    }

    /// One random change, made to the model and the snapshot alike.
    static func randomEdit(_ snapshot: inout Snapshot, _ model: inout OutlineModel, fanOut: Int, rng: inout SplitMix64) -> String {
        let all = model.items
        let pick = { (rng: inout SplitMix64) in all.randomElement(using: &rng)! }
        var choice = Int.random(in: 0..<16, using: &rng)
        if all.isEmpty { choice = 0 }
        switch choice {
        case 0, 1:  // append roots
            let items = model.fresh(Int.random(in: 1...3, using: &rng))
            model.roots += items.map { OutlineModel.Node(id: $0) }
            snapshot.append(items)
            return "append \(items)"
        case 2, 3, 4:  // append children
            let parent = pick(&rng)
            let items = model.fresh(Int.random(in: 1...fanOut, using: &rng))
            model.withNode(parent) { $0.children += items.map { OutlineModel.Node(id: $0) } }
            snapshot.append(items, to: parent)
            return "append \(items) to \(parent)"
        case 5:  // insert before
            let anchor = pick(&rng)
            let items = model.fresh(Int.random(in: 1...2, using: &rng))
            model.withSiblings(of: model.path(anchor)!) { $0.insert(contentsOf: items.map { OutlineModel.Node(id: $0) }, at: $1) }
            snapshot.insert(items, before: anchor)
            return "insert \(items) before \(anchor)"
        case 6:  // insert after
            let anchor = pick(&rng)
            let items = model.fresh(Int.random(in: 1...2, using: &rng))
            model.withSiblings(of: model.path(anchor)!) { $0.insert(contentsOf: items.map { OutlineModel.Node(id: $0) }, at: $1 + 1) }
            snapshot.insert(items, after: anchor)
            return "insert \(items) after \(anchor)"
        case 7:  // delete (some nested in others)
            let gone = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pick(&rng) }
            for id in gone where model.path(id) != nil {
                model.withSiblings(of: model.path(id)!) { _ = $0.remove(at: $1) }
            }
            snapshot.delete(gone)
            return "delete \(gone)"
        case 8, 9, 10:  // expand
            let items = (0..<Int.random(in: 1...2, using: &rng)).map { _ in pick(&rng) }
            for id in items { model.withNode(id) { $0.expanded = true } }
            snapshot.expand(items)
            return "expand \(items)"
        case 11, 12:  // collapse
            let items = [pick(&rng)]
            for id in items { model.withNode(id) { $0.expanded = false } }
            snapshot.collapse(items)
            return "collapse \(items)"
        case 13:  // replace children
            let parent = pick(&rng)
            let (nodes, replacement) = randomSubtree(&model, rng: &rng)
            model.withNode(parent) { $0.children = nodes }
            snapshot.replace(childrenOf: parent, using: replacement)
            return "replace children of \(parent)"
        case 14:  // replace with a subtree of its own descendants, kept
            let parent = pick(&rng)
            let node = model.node(parent)
            guard let child = node.children.first else { return "nothing" }
            let kept = snapshot.snapshot(of: child.id)
            model.withNode(parent) { $0.children = child.children }
            snapshot.replace(childrenOf: parent, using: kept)
            return "replace children of \(parent) by those of \(child.id)"
        case 15:
            guard Int.random(in: 0..<8, using: &rng) == 0 else { return "nothing" }
            model.roots = []
            snapshot.deleteAll()
            return "deleteAll"
        default:
            return "nothing"
        }
    }

    static func run(seed: UInt64, steps: Int, fanOut: Int = 4) {
        var rng = SplitMix64(seed: seed)
        var model = OutlineModel()
        var snapshot = Snapshot()
        var applied = snapshot  // what a data source would show
        for step in 0..<steps {
            let before = snapshot
            let beforeItems = model.items
            let what = randomEdit(&snapshot, &model, fanOut: fanOut, rng: &rng)
            let context = "seed \(seed) step \(step) \(what)"
            check(snapshot, model, context)
            #expect(before.items == beforeItems, "\(context): a copy taken before the change kept its items")
            // The log turns what was applied into what is shown now (or says it cannot).
            if let edits = snapshot.edits(since: applied) {
                #expect(replay(edits, on: applied.visibleItems) == snapshot.visibleItems, "\(context): edit log")
            } else {
                #expect(snapshot.storage.base != applied.storage.head)
            }
            if Int.random(in: 0..<3, using: &rng) == 0 { applied = snapshot.trimmingLog() }
            if step % 7 == 0, let parent = model.items.randomElement(using: &rng) {
                let node = model.node(parent)
                var sub = OutlineModel()
                sub.roots = node.children
                check(snapshot.snapshot(of: parent), sub, "\(context): snapshot(of: \(parent))")
                sub.roots = [node]
                check(snapshot.snapshot(of: parent, includingParent: true), sub, "\(context): snapshot(of: \(parent), includingParent:)")
            }
        }
    }

    @Test func randomChangesMatchNestedArrays() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        for seed in 0..<UInt64(long ? 400 : 24) { Self.run(seed: seed, steps: long ? 400 : 80) }
    }

    /// Wide parents, so positions span many words of the visible bits and levels of their count tree.
    @Test func wideTreesMatchNestedArrays() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        for seed in 1000..<UInt64(long ? 1100 : 1004) { Self.run(seed: seed, steps: long ? 200 : 60, fanOut: 90) }
    }

    /// Two snapshots changed from one base: the log of one never claims to lead from the other.
    @Test func divergedCopiesDoNotReplayEachOther() {
        var base = Snapshot()
        base.append([1, 2, 3])
        base.append([10, 11], to: 1)
        base.append([20], to: 2)
        let applied = base.trimmingLog()
        var a = applied
        a.expand([1])
        var b = applied
        b.expand([2])
        #expect(b.edits(since: a) == nil)
        #expect(a.edits(since: applied).map { Self.replay($0, on: applied.visibleItems) } == [1, 10, 11, 2, 3])
        // A change that shows nothing new leaves the rows, and the stamp, as they were.
        var c = applied
        c.append([30], to: 3)
        #expect(c.edits(since: applied)?.isEmpty == true)
        #expect(b.edits(since: c).map { Self.replay($0, on: c.visibleItems) } == [1, 2, 20, 3])
    }

    @Test func collapsedParentRemembersExpansionBelowIt() {
        var s = Snapshot()
        s.append([1])
        s.append([2, 3], to: 1)
        s.append([4], to: 2)
        s.expand([1, 2])
        #expect(s.visibleItems == [1, 2, 4, 3])
        s.collapse([1])
        #expect(s.visibleItems == [1])
        #expect(s.isExpanded(2) && !s.isVisible(4))
        s.expand([1])
        #expect(s.visibleItems == [1, 2, 4, 3])
        #expect(s.index(of: 3) == 3 && s.level(of: 4) == 2 && s.parent(of: 4) == 2)
    }

    // MARK: Messages

    func message(_ body: (inout DiffableDataSourceSectionSnapshot<String>) throws -> Void) -> String? {
        var s = DiffableDataSourceSectionSnapshot<String>()
        s.append(["a", "b"])
        s.append(["a1"], to: "a")
        let items = s.items
        do { try body(&s) } catch {
            #expect(s.items == items, "a refused change leaves the snapshot as it was")
            return (error as? ReuseTableError)?.message
        }
        return nil
    }

    @Test func misuseIsNamed() {
        #expect(
            message { try $0.attemptAppend(["c", "a1"], to: nil) }
                == "Duplicate item identifier: append(_:to:) adds item \"a1\", which is already in the section snapshot; "
                + "item identifiers must be unique.")
        #expect(
            message { try $0.attemptAppend(["c", "c"], to: "b") }
                == "Duplicate item identifier: append(_:to:) adds item \"c\", which is already in the section snapshot; "
                + "item identifiers must be unique.")
        #expect(
            message { try $0.attemptAppend(["c"], to: "zz") }
                == "Invalid item identifier: append(_:to:) names item \"zz\", which is not in the section snapshot.")
        #expect(
            message { try $0.attemptInsert(["c"], before: "zz") }
                == "Invalid item identifier: insert(_:before:) names item \"zz\", which is not in the section snapshot.")
        #expect(
            message { try $0.attemptInsert(["b"], after: "a") }
                == "Duplicate item identifier: insert(_:after:) adds item \"b\", which is already in the section snapshot; "
                + "item identifiers must be unique.")
        #expect(
            message { try $0.attemptDelete(["a", "q"]) }
                == "Invalid item identifier: delete(_:) names item \"q\", which is not in the section snapshot.")
        #expect(
            message { try $0.attemptExpand(["q"]) }
                == "Invalid item identifier: expand(_:) names item \"q\", which is not in the section snapshot.")
        #expect(
            message { try $0.attemptCollapse(["q"]) }
                == "Invalid item identifier: collapse(_:) names item \"q\", which is not in the section snapshot.")
        var other = DiffableDataSourceSectionSnapshot<String>()
        other.append(["x", "b"])
        #expect(
            message { try $0.attemptReplace(childrenOf: "a", using: other) }
                == "Duplicate item identifier: replace(childrenOf:using:) adds item \"b\", which is already in the section snapshot "
                + "outside the children of \"a\"; item identifiers must be unique.")
        other = DiffableDataSourceSectionSnapshot<String>()
        other.append(["a1", "x"])
        #expect(message { try $0.attemptReplace(childrenOf: "a", using: other) } == nil)
    }
}
