import Foundation

/// Records what a table or collection view does, step by step, for the watch page
/// (`swift run Demo watch`, Docs/watch.md): the stages of each layout pass with the functions
/// that ran, offset moves with their reasons, each cell's life, heights measured and the height
/// tree's nodes. Nothing is computed twice: every step is a hook in the engine's own code.
///
/// A view holds it as an optional (`ScrollView.recorder`); when it is nil, each hook is one nil
/// check. Every hook is one line at a well-named place, and records the function, file and line
/// it sits in, so the names the page shows are the code's own.
@_spi(Internals) @MainActor public final class PassRecorder {
    /// Every step, in order.
    public private(set) var steps: [Step] = []
    /// The height tree's nodes as the steps saw them: a step's `state.tree` indexes this list.
    public internal(set) var treeNodes: [TreeNode] = []
    /// Every cell the recording saw, by serial (`cells[serial - 1]`).
    public private(set) var cells: [CellRecord] = []
    /// The totals so far.
    public private(set) var tally = Tally()

    /// The stage the view is in: the last stage function entered since the host's last note.
    private var stage = Stage.call
    private var serials: [ObjectIdentifier: Int] = [:]
    /// The cells seen, held so an identifier is never reused for another cell while recording.
    private var seenCells: [AnyObject] = []
    /// Node identities (see `PassRecorder+Tree.swift`).
    var nodeIDs: [ObjectIdentifier: (id: Int, node: WeakNode)] = [:]
    var nextNodeID = 1
    var internedNodes: [TreeNode: Int] = [:]
    /// The last tree snapshot, by the tree's stamp (a tree gets a new stamp whenever it changes).
    var lastTree: (stamp: UInt64, root: Int)?
    /// A collection view's item frames, taken at each note.
    private var items: [CGRect] = []

    /// A recorder with nothing recorded.
    public init() {}

    /// Records what the host does next, as a step of stage `.call`: the scene's own words.
    public func note(_ text: String, in view: ScrollView, function: String = #function, file: String = #filePath, line: Int = #line) {
        stage = .call
        if let collection = view as? CollectionView {
            let window = CGRect(
                x: 0, y: collection.contentOffset.y - collection.bounds.height, width: collection.bounds.width,
                height: 3 * collection.bounds.height)
            items = collection.collectionViewLayout.layoutAttributesForElements(in: window)
                .filter { $0.representedElementCategory == .cell }.map(\.frame)
        }
        record(.note(text), in: view, function: function, file: file, line: line)
    }

    // MARK: Hooks (each called from one line of the engine)

    // Never inlined: a hook's call site in the engine stays a nil check and a call, so the
    // engine's own loops keep their registers when the recorder is off.

    /// A stage function began.
    @inline(never)
    func stage(_ stage: Stage, in view: ScrollView, function: String = #function, file: String = #filePath, line: Int = #line) {
        self.stage = stage
        record(.stage(stage), in: view, function: function, file: file, line: line)
    }

    /// A table built its geometry from the data source's counts (`rebuildGeometry(counts:)`).
    @inline(never)
    func geometryBuilt(in table: TableView, function: String = #function, file: String = #filePath, line: Int = #line) {
        record(.geometryBuilt(slots: table.geometry.count), in: table, function: function, file: file, line: line)
    }

    /// The offset is about to move to `origin` for `reason` (`moveOffset(to:because:)`).
    @inline(never)
    func offsetWillMove(
        to origin: CGPoint, because reason: ScrollView.OffsetMoveReason, in view: ScrollView, function: String = #function,
        file: String = #filePath, line: Int = #line
    ) {
        let event = Event.offsetMove(from: Double(view.bounds.origin.y), to: Double(origin.y), reason: reason)
        record(event, in: view, offsetY: Double(origin.y), function: function, file: file, line: line)
    }

    /// A cell changed hands: created, out of the pool, on screen at `indexPath`, back in the pool.
    @inline(never)
    func cell(
        _ cell: AnyObject, _ change: CellChange, at indexPath: IndexPath? = nil, in view: ScrollView, function: String = #function,
        file: String = #filePath, line: Int = #line
    ) {
        switch change {
        case .created: tally.created += 1
        case .dequeued: tally.dequeued += 1
        case .recycled: tally.recycled += 1
        case .shown: break
        }
        let address = indexPath.map { Address(index: -1, section: $0.section, row: $0.row) }
        record(.cell(serial: serial(of: cell), change, at: address), in: view, function: function, file: file, line: line)
    }

    /// A table is about to look up the slot at `y` through `finger` (`firstVisibleSlot(at:near:)`).
    @inline(never)
    func findingSlot(
        atOffset y: Double, finger: GeometryFinger, in table: TableView, function: String = #function, file: String = #filePath,
        line: Int = #line
    ) {
        let geometry = table.geometry
        var found: Address?
        if let index = geometry.index(atOffset: y) { found = address(ofSlot: index, in: geometry) }
        var path: [Int] = [], run: Int?, hit = false
        if let tree = geometry as? SlotTree {
            hit = finger.stamp == tree.stamp && finger.leaf != nil && y >= finger.leafMinY && y < finger.leafLimit
            (path, run) = descent(of: tree, toOffset: y, fingerHit: hit)
        }
        record(.findSlot(y: y, found: found, fingerHit: hit, path: path, run: run), in: table, function: function, file: file, line: line)
    }

    /// A table stored `height` for `slot` (which held `slot.height`).
    @inline(never)
    func measured(
        _ slot: Slot, height: Double, section: Int, row: Int, in table: TableView, function: String = #function, file: String = #filePath,
        line: Int = #line
    ) {
        tally.measured += 1
        let event = Event.measured(
            Address(index: slot.index, section: section, row: row), old: slot.height, new: height, wasEstimate: !slot.isMeasured)
        record(event, in: table, function: function, file: file, line: line)
    }

    /// Anchoring moved the offset so slot `slotIndex` starts `screenY` below the top again.
    @inline(never)
    func anchorKept(
        slot slotIndex: Int, screenY: Double, in table: TableView, function: String = #function, file: String = #filePath,
        line: Int = #line
    ) {
        let after = table.geometry.offset(of: slotIndex) + table.geometryOrigin - Double(table.contentOffset.y)
        let event = Event.anchorKept(address(ofSlot: slotIndex, in: table.geometry), screenYBefore: screenY, screenYAfter: after)
        record(event, in: table, function: function, file: file, line: line)
    }

    // MARK: Recording

    private func record(_ event: Event, in view: ScrollView, offsetY: Double? = nil, function: String, file: String, line: Int) {
        var state = ViewState()
        state.offsetY = offsetY ?? Double(view.bounds.origin.y)
        state.viewportHeight = Double(view.bounds.height)
        state.width = Double(view.bounds.width)
        state.contentHeight = Double(view.contentSize.height)
        state.tally = tally
        if let table = view as? TableView {
            (state.screen, state.pool) = cellsAndPool(of: table)
            state.geometryOrigin = table.geometryOrigin
            if let tree = table.geometry as? SlotTree { state.tree = snapshot(of: tree) }
        } else if let collection = view as? CollectionView {
            (state.screen, state.pool) = cellsAndPool(of: collection)
            state.items = items
        }
        steps.append(Step(event: event, stage: stage, function: function, file: Self.shortPath(file), line: line, state: state))
    }

    private func cellsAndPool<V: ReuseEngineView>(of view: V) -> ([ShownCell], [PoolStack]) {
        let screen = view.engine.cellsOnScreen.entries.map { entry in
            ShownCell(serial: serial(of: entry.cell), section: entry.section, row: entry.row, frame: entry.cell.frame)
        }
        let pool = view.engine.pool.idle.sorted { $0.key < $1.key }.map { identifier, cells in
            PoolStack(identifier: identifier, serials: cells.map { serial(of: $0) })
        }
        return (screen, pool)
    }

    /// The recorder's number for `cell`, given the first time it is seen.
    private func serial(of cell: AnyObject) -> Int {
        let key = ObjectIdentifier(cell)
        if let serial = serials[key] { return serial }
        seenCells.append(cell)
        let serial = seenCells.count
        serials[key] = serial
        cells.append(CellRecord(serial: serial, identifier: (cell as? any PooledView)?.reuseIdentifier ?? "", firstStep: steps.count))
        return serial
    }

    private func address(ofSlot index: Int, in geometry: any RowGeometry) -> Address {
        let section = geometry.section(containing: index)
        return Address(index: index, section: section, row: index - geometry.headerIndex(ofSection: section) - 1)
    }

    /// `…/Sources/ReuseTable/Table/TableView.swift` → `Table/TableView.swift`.
    static func shortPath(_ path: String) -> String {
        guard let range = path.range(of: "/ReuseTable/", options: .backwards) else { return path }
        return String(path[range.upperBound...])
    }
}
