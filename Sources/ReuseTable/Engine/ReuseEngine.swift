import Foundation

/// What a table and a collection view keep the same way, stored once: each view owns one
/// (`engine`), and the code written once for both (`ReuseEngineView`) reads and writes it.
///
/// A final class, not a struct: callbacks read the view while a step writes its state, and a class
/// keeps exclusivity per field (a struct would be one field: a delegate reading `visibleCells`
/// while the pass state is written would conflict).
///
/// Every field keeps the runtime's exclusivity checks: the views call out to app code, and a callback
/// that changes a field the pass holds inout stops with "simultaneous access" (Docs/unsafe-code.md).
@MainActor
final class ReuseEngine<Cell: PooledCell> {
    /// Idle cells by identifier.
    let pool = ReusePool<Cell>()
    /// The class registered for each identifier.
    var registeredClasses: [String: Cell.Type] = [:]
    /// The last registration looked up: a view asks about the same identifier for every row.
    var lastRegistration: (identifier: String, cellClass: Cell.Type)?
    /// Off-screen cells per identifier used only for measuring (FDTemplateLayoutCell's template cells).
    var templateCells: [String: Cell] = [:]
    /// The cells on screen, sorted by index path.
    var cellsOnScreen = CellsOnScreen<Cell>()
    /// The layout pass's state (`LayoutPass.swift`).
    var pass = LayoutPassState<Cell>()
    /// The guard around every step that calls out (`LayoutTransaction`).
    let transaction = LayoutTransaction()
    /// Whether `reloadData()` has started since the view was made (set *before* the data source is asked).
    var hasLoadedData = false
    /// The selected index paths: state of the view, never of a cell (`SelectionState`).
    var selection = SelectionState()
    /// The focused row or item and the one remembered: state of the view, never of a cell (`FocusState`).
    var focus = FocusState()
    /// The batch `performBatchUpdates(_:completion:)` (and the table's `beginUpdates()`) record.
    var batchRecorder = BatchRecorder()
    /// Index paths announced to the prefetch data source and not yet displayed or cancelled.
    var prefetchedIndexPaths: Set<IndexPath> = []
    /// What holds still what the user reads through a change (`LiveData.swift`).
    var liveData = LiveDataState()
    /// The counters both views keep; each view's public `Counters` adds its own.
    var counters = SharedCounters()
    /// The delegate methods the delegate left to its protocol's default implementation, which
    /// reported itself (`noteDefault(_:of:)`): the view stops calling them until it gets another
    /// delegate. The one way a view learns what its delegate implements, as UIKit asks
    /// `respondsToSelector:`.
    var defaultedMethods = DefaultedDelegateMethods()
}

/// The counters both views keep (each view's public `Counters` reads them).
struct SharedCounters {
    /// Distinct cells the view has been handed.
    var cellsCreated = 0
    /// Calls of the data source's cell method (`cellForRowCalls`, `cellForItemCalls`).
    var dataSourceCellCalls = 0
    /// Self-sizing measurements.
    var selfSizingMeasurements = 0
    /// Layout passes run.
    var layoutPasses = 0
    /// Duration of the last layout pass.
    var lastLayoutNanoseconds: UInt64 = 0
    /// The most cells on screen at once so far.
    var mostVisibleAtOnce = 0
}
