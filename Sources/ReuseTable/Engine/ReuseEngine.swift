import Foundation

/// What a table and a collection view keep the same way, stored once: each view owns one
/// (`engine`), and the code written once for both (`ReuseEngineView`) reads and writes it.
///
/// A final class, not a struct: callbacks read the view while a step writes its state, and a class
/// keeps exclusivity per field (a struct would be one field: a delegate reading `visibleCells`
/// while the pass state is written would conflict).
///
/// The fields a pass touches every step are `@exclusivity(unchecked)` (a check costs about 76
/// instructions, Docs/performance-journal.md): no inout of them is ever held across a data source or
/// delegate call. Keep it so; `templateCells` stays checked (app code runs while it is inout).
@MainActor
final class ReuseEngine<Cell: PooledCell> {
    /// Idle cells by identifier.
    @exclusivity(unchecked) var pool = ReusePool<Cell>()
    /// The class registered for each identifier.
    @exclusivity(unchecked) var registeredClasses: [String: Cell.Type] = [:]
    /// The last registration looked up: a view asks about the same identifier for every row.
    @exclusivity(unchecked) var lastRegistration: (identifier: String, cellClass: Cell.Type)?
    /// Off-screen cells per identifier used only for measuring (FDTemplateLayoutCell's template cells).
    var templateCells: [String: Cell] = [:]
    /// The cells on screen, sorted by index path.
    @exclusivity(unchecked) var cellsOnScreen = VisibleRows<Cell>()
    /// The layout pass's state (`LayoutPass.swift`).
    @exclusivity(unchecked) var pass = LayoutPassState<Cell>()
    /// The guard around every step that calls out (`LayoutTransaction`).
    let transaction = LayoutTransaction()
    /// Whether `reloadData()` has started since the view was made (set *before* the data source is asked).
    @exclusivity(unchecked) var hasLoadedData = false
    /// The selected index paths: state of the view, never of a cell (`SelectionState`).
    @exclusivity(unchecked) var selection = SelectionState()
    /// The batch `performBatchUpdates(_:completion:)` (and the table's `beginUpdates()`) record.
    @exclusivity(unchecked) var batchRecorder = BatchRecorder()
    /// Index paths announced to the prefetch data source and not yet displayed or cancelled.
    @exclusivity(unchecked) var prefetchedIndexPaths: Set<IndexPath> = []
    /// What holds still what the user reads through a change (`LiveData.swift`).
    @exclusivity(unchecked) var liveData = LiveDataState()
    /// The counters both views keep; each view's public `Counters` adds its own.
    @exclusivity(unchecked) var counters = SharedCounters()
    /// The per-step callbacks the delegate left to its protocol's default implementation (which
    /// reported itself): the view stops calling them until it gets another delegate.
    @exclusivity(unchecked) var defaultCallbacks = DefaultedCallbacks()
}

/// The delegate methods a view calls for every cell or every scroll step — `willDisplay`,
/// `didEndDisplaying`, `scrollViewDidScroll(_:)` — as a set (`ReuseEngine.defaultCallbacks`).
struct DefaultedCallbacks: OptionSet {
    let rawValue: UInt8
    static let willDisplay = DefaultedCallbacks(rawValue: 1 << 0)
    static let didEndDisplaying = DefaultedCallbacks(rawValue: 1 << 1)
    static let didScroll = DefaultedCallbacks(rawValue: 1 << 2)
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
