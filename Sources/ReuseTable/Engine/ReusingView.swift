import Foundation

/// A view that shows cells from a reuse pool: `TableView` and `CollectionView`.
///
/// The two views are two faces of one engine. Each keeps its state in stored
/// properties of its own, with UIKit's names (`pool`, `registeredClasses`,
/// `templateCells`, `counters`, the height caches), and says in its
/// `+Engine.swift` file what differs (its cell class, the width templates are
/// measured at, how a fitted height is finished). Everything they do the same
/// way is written once in extensions of this protocol, `ReusingView+*.swift`:
/// dequeue and recycling, template cells and the height caches' plumbing,
/// counters and the height debug log. The extensions are generic over the cell
/// type and specialized for each view in an optimized (whole-module) build, so
/// the table's hot paths (recycling a cell, asking for one) need no indirection.
@MainActor
protocol ReusingView: ScrollView, LayoutTransactionHost {
    /// `TableViewCell` or `CollectionViewCell`.
    associatedtype Cell: ReusableCell
    /// `TableView.Counters` or `CollectionView.Counters`.
    associatedtype Counters: EngineCounters

    // MARK: State, stored by each view

    /// Idle cells by identifier.
    var pool: ReusePool<Cell> { get set }
    /// The class registered for each identifier.
    var registeredClasses: [String: Cell.Type] { get }
    /// Off-screen cells per identifier used only for measuring.
    var templateCells: [String: Cell] { get set }
    /// Live counters (public, read-only outside).
    var counters: Counters { get set }
    /// Heights by index path and width.
    var indexPathHeightCache: IndexPathHeightCache { get }
    /// Heights by model key and width.
    var keyedHeightCache: KeyedHeightCache { get }
    /// Whether the height debug log is on.
    var isHeightDebugLogEnabled: Bool { get }
    /// Whether `reloadData()` has started since the view was made.
    var hasLoadedData: Bool { get }
    func reloadData()
    func reloadDataWithoutInvalidatingHeightCache()
    /// The reload itself, run inside a transaction: counts, geometry or layout, cells.
    func reload(keepingHeightCache: Bool)
    /// The data source's section and row counts, throwing a message naming the method for a negative one.
    func fetchCounts() throws(ReuseTableError) -> [Int]
    /// The batch being recorded by `performBatchUpdates(_:completion:)`.
    var batchRecorder: BatchRecorder { get set }
    /// Validates a batch against the counts before (the view's) and after (the data source's); the plan and the new counts.
    func validatedPlan(for batch: BatchUpdate) throws(ReuseTableError) -> (UpdatePlan, [Int])

    // MARK: What differs

    /// How messages name the view, its rows ("table view", "row" or "collection view", "item") and the registration call.
    static var vocabulary: UpdateVocabulary { get }
    /// The class registered for `identifier` (default: a dictionary lookup).
    func registeredClass(for identifier: String) -> Cell.Type?
    /// The width a template cell is measured at: the table's width, or the layout's item width.
    var templateWidth: CGFloat { get }
    /// A configured template cell's height at `width`: the shared fitting
    /// (`measuredHeight(of:contentWidth:describing:)`) and the view's own rules around it.
    func fittingHeight(ofTemplate cell: Cell, width: CGFloat, describing what: @autoclosure () -> String) -> CGFloat
}

/// A view a `ReusingView` makes from a registered class, pools by identifier and
/// measures off screen: the cells of both views and the table's header and footer views.
@MainActor
protocol ReusableView: View {
    init(reuseIdentifier: String?)
    /// The identifier the view was registered and dequeued with.
    var reuseIdentifier: String? { get }
    /// True for the off-screen views used only to measure (`isTemplateLayoutCell`, `isTemplateLayoutView`).
    var isTemplate: Bool { get set }
    /// Called when the view is taken from the pool, before it is configured.
    func prepareForReuse()
}

/// A cell: fitted through its `contentView` (FDTemplateLayoutCell's path), counted once when first
/// handed over, showing selection (`SelectableCell`) and updating its configurations (`ConfiguredCell`).
@MainActor
protocol ReusableCell: ReusableView, SelectableCell, ConfiguredCell {
    var contentView: View { get }
    var enforceFrameLayout: Bool { get }
    /// Set when a view first receives the cell, so "cells created" counts each cell once.
    var hasBeenSeen: Bool { get set }
}

/// The counters both views keep (each view's public `Counters` adds its own).
protocol EngineCounters {
    /// Distinct cells the view has been handed.
    var cellsCreated: Int { get set }
    /// Self-sizing measurements.
    var selfSizingMeasurements: Int { get set }
    /// Layout passes run.
    var layoutPasses: Int { get set }
    /// The counter of calls of the data source's cell method (`cellForRowCalls`, `cellForItemCalls`).
    static var dataSourceCellCalls: WritableKeyPath<Self, Int> { get }
    /// The most cells on screen at once so far.
    var mostVisibleAtOnce: Int { get set }
    /// Duration of the last layout pass.
    var lastLayoutNanoseconds: UInt64 { get set }
}

extension TableView.Counters: EngineCounters {
    static var dataSourceCellCalls: WritableKeyPath<Self, Int> { \.cellForRowCalls }
}

extension CollectionView.Counters: EngineCounters {
    static var dataSourceCellCalls: WritableKeyPath<Self, Int> { \.cellForItemCalls }
}

// The cells' and header views' own names for the shared flags.
extension TableViewCell: ReusableCell {
    var isTemplate: Bool {
        get { isTemplateLayoutCell }
        set { isTemplateLayoutCell = newValue }
    }
    var hasBeenSeen: Bool {
        get { hasBeenSeenByTable }
        set { hasBeenSeenByTable = newValue }
    }
}

extension CollectionViewCell: ReusableCell {
    var isTemplate: Bool {
        get { isTemplateLayoutCell }
        set { isTemplateLayoutCell = newValue }
    }
    var hasBeenSeen: Bool {
        get { hasBeenSeenByCollectionView }
        set { hasBeenSeenByCollectionView = newValue }
    }
}

extension TableViewHeaderFooterView: ReusableView {
    var isTemplate: Bool {
        get { isTemplateLayoutView }
        set { isTemplateLayoutView = newValue }
    }
}
