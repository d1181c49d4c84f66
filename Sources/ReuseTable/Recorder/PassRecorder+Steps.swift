import Foundation

// What a `PassRecorder` keeps: one step per hook that ran, each with the view's state right
// after it (or, for an offset move, with the new offset). Plain values, so a page writer,
// a test or a debugger reads them without touching the view again.

@_spi(Internals) extension PassRecorder {
    /// The stage a step ran in: a host call outside a layout pass, or one of the pass's three
    /// stages (Docs/layout-on-scroll.md).
    public enum Stage: String, Sendable, CaseIterable {
        /// The host's own call (a reload, an update, setting the offset) before or between passes.
        case call
        /// Stage 1: bounds, widths, measuring, anchoring and clamping.
        case settle
        /// Stage 2: the elements that belong in the viewport.
        case wanted
        /// Stage 3: recycle what left, place what stays, dequeue arrivals.
        case reconcile
    }

    /// What happened to a cell.
    public enum CellChange: String, Sendable {
        /// A new cell of a registered class (the pool had none).
        case created
        /// A cell taken out of the pool.
        case dequeued
        /// A cell put on screen for a row or item.
        case shown
        /// A cell put back into the pool.
        case recycled
    }

    /// A slot of a table's geometry, or an item of a collection view: its index (the slot index
    /// in a table, -1 for an item), section and row (-1 for a header, the row count for a footer).
    public struct Address: Equatable, Sendable {
        /// The slot's index in the geometry (-1 for a collection view's item).
        public var index: Int
        /// The section.
        public var section: Int
        /// The row in the section (-1 for a header, the section's row count for its footer).
        public var row: Int

        /// An address.
        public init(index: Int, section: Int, row: Int) {
            self.index = index
            self.section = section
            self.row = row
        }
    }

    /// What one step recorded.
    public enum Event: Equatable, Sendable {
        /// The host announced what it does next (a scene's action).
        case note(String)
        /// A stage function began.
        case stage(Stage)
        /// A table built its geometry anew from the data source's counts: `slots` headers, rows and footers.
        case geometryBuilt(slots: Int)
        /// The offset moved (`moveOffset(to:because:)`), with the reason.
        case offsetMove(from: Double, to: Double, reason: ScrollView.OffsetMoveReason)
        /// A lookup of the slot at `y` (`firstVisibleSlot(at:near:)`): the slot found, whether the layout
        /// finger answered without a descent, the tree nodes visited (ids, root first) and the
        /// run of the leaf that holds the slot.
        case findSlot(y: Double, found: Address?, fingerHit: Bool, path: [Int], run: Int?)
        /// A slot's exact height was stored: its estimate (or old height) and the new height.
        case measured(Address, old: Double, new: Double, wasEstimate: Bool)
        /// Anchoring put a slot back where the user saw it: its screen y before the change and after.
        case anchorKept(Address, screenYBefore: Double, screenYAfter: Double)
        /// A cell's life: created, out of the pool, on screen at `at`, back in the pool.
        case cell(serial: Int, CellChange, at: Address?)
    }

    /// Running totals of a recording, each counted by its hook.
    public struct Tally: Equatable, Sendable {
        /// Cells made because the pool had none.
        public var created = 0
        /// Cells taken out of the pool.
        public var dequeued = 0
        /// Cells put back into the pool.
        public var recycled = 0
        /// Exact heights stored for slots.
        public var measured = 0
    }

    /// A cell on screen: its serial, row or item, and frame in content coordinates.
    public struct ShownCell: Equatable, Sendable {
        /// The recorder's number for the cell, kept for its life.
        public var serial: Int
        /// The section shown.
        public var section: Int
        /// The row (or item) shown.
        public var row: Int
        /// The cell's frame.
        public var frame: CGRect
    }

    /// The idle cells of one identifier, bottom of the stack first (the last one is reused next).
    public struct PoolStack: Equatable, Sendable {
        /// The reuse identifier.
        public var identifier: String
        /// Serials of the idle cells, bottom of the stack first.
        public var serials: [Int]
    }

    /// The view as one step left it.
    public struct ViewState: Equatable, Sendable {
        /// `contentOffset.y` (for an offset move, the new offset).
        public var offsetY = 0.0
        /// The viewport's height.
        public var viewportHeight = 0.0
        /// The viewport's width.
        public var width = 0.0
        /// `contentSize.height`.
        public var contentHeight = 0.0
        /// Where the geometry's y = 0 lies in content coordinates (the table header's height).
        public var geometryOrigin = 0.0
        /// The cells on screen, sorted by index path.
        public var screen: [ShownCell] = []
        /// The reuse pool, per identifier (sorted by identifier).
        public var pool: [PoolStack] = []
        /// The totals so far.
        public var tally = Tally()
        /// The height tree's root in `PassRecorder.treeNodes` (nil without a tree).
        public var tree: Int?
        /// A collection view's item frames around the viewport, as its layout answered at the last note.
        public var items: [CGRect] = []
    }

    /// One step: what happened, where in the code (the hook's function, file and line), and the state after it.
    public struct Step: Equatable, Sendable {
        /// What happened.
        public var event: Event
        /// The stage the view was in (the last stage function entered since the host's last call).
        public var stage: Stage
        /// The function the hook sits in, as the compiler names it (`#function`).
        public var function: String
        /// The hook's file, from the module's folder (`Table/TableView.swift`).
        public var file: String
        /// The hook's line.
        public var line: Int
        /// The view right after the step.
        public var state: ViewState
    }

    /// One run of a leaf: `count` slots of one height.
    public struct TreeRun: Hashable, Sendable {
        /// Slots in the run.
        public var count: Int
        /// Their height.
        public var height: Double
        /// Header, row or footer.
        public var kind: SlotKind
        /// False while the height is an estimate.
        public var isMeasured: Bool
    }

    /// One node of a height tree as a step saw it. Records are shared between steps while a node
    /// and everything below it stay the same, so a step's tree costs only what changed.
    public struct TreeNode: Hashable, Sendable {
        /// The node's identity, kept while the node lives (a node copied on write gets a new one).
        public var id: Int
        /// Whether the node is a leaf (it holds runs) or internal (it holds children).
        public var isLeaf: Bool
        /// Slots below the node.
        public var count: Int
        /// Their summed height.
        public var height: Double
        /// How many of them hold an estimate.
        public var unmeasured: Int
        /// How many are headers.
        public var headers: Int
        /// An internal node's children, as indices into `PassRecorder.treeNodes`.
        public var children: [Int]
        /// A leaf's runs.
        public var runs: [TreeRun]
    }

    /// A cell the recording saw: its serial (its position in `cells`, from 1) and identifier.
    public struct CellRecord: Equatable, Sendable {
        /// The recorder's number for the cell.
        public var serial: Int
        /// The cell's reuse identifier ("" when it has none).
        public var identifier: String
        /// The step at which the recording first saw it.
        public var firstStep: Int
    }
}
