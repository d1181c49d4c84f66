import Foundation
@_spi(Internals) import ReuseTable

/// A recorded scene as the page shows it: the recorder's steps with the stage each ran in, the tree
/// nodes each one changed, and a sentence for each. Nothing here runs the engine again: it reads
/// what the recorder kept.
@_spi(Internals) public struct WatchScene: Sendable {
    /// The scene's name in the URL.
    public var key: String
    /// The scene's title.
    public var title: String
    /// What the scene shows.
    public var summary: String
    /// The title in Simplified Chinese.
    public var chineseTitle: String
    /// The summary in Simplified Chinese.
    public var chineseSummary: String
    /// True for a collection view.
    public var isCollection: Bool
    /// Rows (or items) at the end of the scene.
    public var rows: Int
    /// The steps, in order.
    public var steps: [WatchStep]
    /// The tree nodes the steps refer to (`ViewState.tree` and `TreeNode.children` index it).
    public var nodes: [PassRecorder.TreeNode]
    /// Every cell the scene saw, by serial.
    public var cells: [PassRecorder.CellRecord]
}

/// One step of a scene, as the page shows it.
@_spi(Internals) public struct WatchStep: Sendable {
    /// What the recorder recorded.
    public var recorded: PassRecorder.Step
    /// The stage the step belongs to: `wanted(cells:supplementary:notes:)` called by settle (to recycle
    /// cells that left before measuring) counts as settle.
    public var stage: PassRecorder.Stage
    /// True for a `wanted(cells:supplementary:notes:)` that settle called.
    public var calledBySettle: Bool
    /// Ids of the tree nodes whose record changed since the previous step (a height change's path, a
    /// split's new nodes, a rebuilt tree's every node).
    public var touched: [Int]
    /// One sentence saying what happened, for the live region.
    public var sentence: String
    /// The same sentence in Simplified Chinese.
    public var chineseSentence: String
    /// The numbers of an offset move or an anchor kept ("" when none).
    public var numbers: String
    /// The Docs chapters (file#anchor) that explain the step.
    public var docs: [String]

    /// What happened.
    public var event: PassRecorder.Event { recorded.event }
    /// The view after the step.
    public var state: PassRecorder.ViewState { recorded.state }
    /// The highlighted nodes of a lookup (root first), empty for other steps.
    public var path: [Int] {
        if case .findSlot(_, _, _, let path, _) = event { return path }
        return []
    }
}

@_spi(Internals) extension WatchScene {
    /// The page's view of `recorded`.
    @MainActor
    public init(_ recorded: RecordedScene) {
        let recorder = recorded.recorder
        key = recorded.key
        title = recorded.title
        summary = recorded.summary
        chineseTitle = recorded.chineseTitle
        chineseSummary = recorded.chineseSummary
        isCollection = recorded.isCollection
        rows = recorded.rows
        nodes = recorder.treeNodes
        cells = recorder.cells
        steps = WatchScene.steps(recorder.steps, nodes: recorder.treeNodes, cells: recorder.cells, isCollection: recorded.isCollection)
    }

    static func steps(
        _ recorded: [PassRecorder.Step], nodes: [PassRecorder.TreeNode], cells: [PassRecorder.CellRecord], isCollection: Bool
    ) -> [WatchStep] {
        let nested = calledBySettle(recorded)
        var reachable: [Int: Set<Int>] = [:]
        func records(under root: Int?) -> Set<Int> {
            guard let root else { return [] }
            if let known = reachable[root] { return known }
            var found: Set<Int> = []
            var stack = [root]
            while let index = stack.popLast() {
                guard found.insert(index).inserted else { continue }
                stack += nodes[index].children
            }
            reachable[root] = found
            return found
        }
        var steps: [WatchStep] = []
        var stage = PassRecorder.Stage.call
        var narrator = Narrator(cells: cells, isCollection: isCollection, first: recorded.first)
        var chineseNarrator = Narrator(cells: cells, isCollection: isCollection, first: recorded.first, language: .simplifiedChinese)
        for (index, step) in recorded.enumerated() {
            if case .stage(let entered) = step.event { stage = nested.contains(index) ? .settle : entered }
            if case .note = step.event { stage = .call }
            var touched: [Int] = []
            if index > 0, step.state.tree != recorded[index - 1].state.tree {
                let before = records(under: recorded[index - 1].state.tree)
                touched = records(under: step.state.tree).subtracting(before).map { nodes[$0].id }.sorted()
            }
            let previous = index > 0 ? recorded[index - 1] : nil
            let told = narrator.tell(step, previous: previous, calledBySettle: nested.contains(index))
            let chinese = chineseNarrator.tell(step, previous: previous, calledBySettle: nested.contains(index))
            steps.append(
                WatchStep(
                    recorded: step, stage: stage, calledBySettle: nested.contains(index), touched: touched, sentence: told.sentence,
                    chineseSentence: chinese.sentence, numbers: told.numbers, docs: told.docs))
        }
        return steps
    }

    /// The `wanted` stage steps that settle called: in each pass, every `wanted` before the last one
    /// ahead of `reconcile` (settle asks which rows stay so the cells that left can be reused to measure).
    static func calledBySettle(_ steps: [PassRecorder.Step]) -> Set<Int> {
        var nested: Set<Int> = []
        var pending: [Int] = []
        for (index, step) in steps.enumerated() {
            switch step.event {
            case .stage(.wanted): pending.append(index)
            case .stage(.reconcile), .stage(.settle), .note:
                nested.formUnion(pending.dropLast())
                pending = []
            default: break
            }
        }
        nested.formUnion(pending.dropLast())
        return nested
    }
}
