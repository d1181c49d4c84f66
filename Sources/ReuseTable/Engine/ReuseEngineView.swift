import Foundation

/// A view whose cells come from a `ReuseEngine`: `TableView` and `CollectionView`.
///
/// The two views are two faces of one engine. What they keep the same way is stored once, in
/// `engine`; what they do the same way is written once, in extensions of this protocol
/// (`ReuseEngineView+*.swift`, `LayoutPass.swift`, `LayoutTransaction.swift`, `LiveData.swift`);
/// what differs — the cell class, the words of messages, the width a template is measured at,
/// the layout pass's first two stages — each view says in its `+Engine.swift` file. The extensions
/// are generic and specialized for each view in an optimized (whole-module) build, so the
/// table's hot paths need no indirection.
@MainActor
protocol ReuseEngineView: ScrollView, LayoutTransactionHost, SelectionHost, FocusHost, ConfigurationUpdateHost {
    /// `TableViewCell` or `CollectionViewCell`.
    associatedtype Cell: PooledCell
    /// What the view places beside cells: the table's headers and footers, the collection
    /// view's supplementary elements.
    associatedtype SupplementaryElement

    /// The state both views keep the same way.
    var engine: ReuseEngine<Cell> { get }
    /// Heights by index path and width.
    var indexPathHeightCache: IndexPathHeightCache { get }
    /// Heights by model key and width.
    var keyedHeightCache: KeyedHeightCache { get }
    /// Whether the height debug log is on.
    var isHeightDebugLogEnabled: Bool { get }
    func reloadData()
    func reloadDataWithoutInvalidatingHeightCache()
    /// The reload itself, run inside a transaction: counts, geometry or layout, cells.
    func reload(keepingHeightCache: Bool)
    /// The data source's count methods, as messages name them (`fetchCounts()` calls each under its own name).
    static var countCallbacks: (sections: StaticString, rows: StaticString) { get }
    /// The data source's `numberOfSections(in:)`, or nil without a data source.
    func dataSourceSectionCount() -> Int?
    /// The data source's row or item count in `section`.
    func dataSourceCount(inSection section: Int) -> Int
    /// Applies a validated plan: structure, cells and heights, then a layout pass.
    func apply(_ plan: UpdatePlan, newCounts: [Int])

    // MARK: Words for reuse and template cells

    /// How messages name the view, its rows ("table view", "row" or "collection view", "item") and the registration call.
    static var vocabulary: UpdateVocabulary { get }
    /// The width a template cell is measured at: the table's width, or the layout's item width.
    var templateWidth: CGFloat { get }
    /// A configured template cell's height at `width`: the shared fitting
    /// (`measuredHeight(of:contentWidth:describing:)`) and the view's own rules around it.
    func fittingHeight(ofTemplate cell: Cell, width: CGFloat, describing what: @autoclosure () -> String) -> CGFloat

    // MARK: The layout pass's stages each view writes

    /// Stage 1: bring the geometry or layout up to date with the bounds and the content,
    /// moving the offset (anchoring, clamping) only through `moveOffset(to:because:)`.
    func settle()
    /// What stage 2 learns besides the screen: the table's finger and walk (kept for the next
    /// pass), the collection view's frames it could not use (reported after the stage).
    associatedtype Notes
    /// Where the pass keeps stage 2's notes between passes.
    var wantedNotes: Notes { get set }
    /// Stage 2, pure: the cells (sorted by index path) and supplementary elements that belong in
    /// the viewport, read from the settled geometry or layout and the last pass's `notes`, written
    /// into the caller's arrays and `notes` (in place: a pass copies and allocates nothing). Asks
    /// nothing of the app, writes nothing of the view's: the pass hands it `wantedNotes`.
    func wanted(cells: inout [CellsOnScreen<Cell>.Wanted], supplementary: inout [SupplementaryElement], notes: inout Notes)
    /// After stage 2, what its notes ask (the collection view reports the frames it could not use).
    func didFindWanted()
    /// Whether something outside the pass invalidated what the view shows (the collection
    /// view's layout): the view runs a pass when its queue drains.
    var hasInvalidatedLayout: Bool { get }
    /// What the frames of the cells on screen follow from besides the offset (`CellPlacement`), or
    /// nil when the view places every cell on every pass.
    var placement: CellPlacement? { get }

    // MARK: Reconcile's words

    /// The data source method that gives cells, for messages.
    static var cellCallback: StaticString { get }
    /// The data source's cell for `indexPath` (`cellFromDataSource(at:)` asks through `ask(_:_:)`).
    func dataSourceCell(at indexPath: IndexPath) -> Cell
    /// Sections as of the last reload or update.
    var sectionCountAsLoaded: Int { get }
    /// Rows or items in `section` as of the last reload or update.
    func countAsLoaded(inSection section: Int) -> Int
    /// Rows or items per section as of the last reload or update (the "before" of the next update).
    var countsAsLoaded: [Int] { get }
    /// Throws a message naming the section and the number of sections when `section` does not exist.
    func validateSection(_ section: Int) throws(ReuseTableError)
    /// The view's words for a section that does not exist (`ReuseEngineView+Reload.swift` checks).
    static func missingSectionMessage(_ section: Int, sections: Int) -> String
    /// The view's words for an index path that names no row or item.
    static func missingIndexPathMessage(_ indexPath: IndexPath, _ fault: IndexPathFault) -> String
    /// Refreshes what the view sets on every placed cell (the table's separator).
    func refresh(_ cell: Cell)
    /// Adds an arriving cell to the view's subviews.
    func addCellSubview(_ cell: Cell)
    /// Places the supplementary elements the pass wants, after the cells.
    func placeSupplementaryElements(_ wanted: [SupplementaryElement])
    /// `TableViewDelegate` or `CollectionViewDelegate`.
    associatedtype Delegate
    /// The delegate (held weakly: read it once per call-out, not once per cell).
    var delegate: Delegate? { get }
    /// The delegate's display methods, for messages (`willDisplay`, `didEndDisplaying`).
    static var willDisplayCallback: StaticString { get }
    static var didEndDisplayingCallback: StaticString { get }
    /// Calls `delegate`'s `willDisplay` for one cell.
    func tell(_ delegate: Delegate, willDisplay cell: Cell, at indexPath: IndexPath)
    /// Calls `delegate`'s `didEndDisplaying` for one cell.
    func tell(_ delegate: Delegate, didEndDisplaying cell: Cell, at indexPath: IndexPath)
    /// Calls `delegate`'s `scrollViewDidScroll(_:)`.
    func tellDidScroll(_ delegate: Delegate)

    // MARK: Prefetching's words

    /// How many elements beyond the viewport are announced to the prefetch data source.
    static var defaultPrefetchDistance: Int { get }
    /// Whether a prefetch data source is set.
    var hasPrefetchDataSource: Bool { get }
    /// Up to `count` index paths just past the viewport's bottom (or above its top), nearest first.
    func indexPathsAhead(upward: Bool, count: Int) -> [IndexPath]
    /// Tells the prefetch data source to load (or stop loading) `indexPaths`.
    func tellPrefetchDataSource(_ indexPaths: [IndexPath], cancelling: Bool)
}

/// A view a `ReuseEngineView` makes from a registered class, pools by identifier and
/// measures off screen: the cells of both views and the table's header and footer views.
@MainActor
protocol PooledView: View {
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
protocol PooledCell: PooledView, SelectableCell, ConfiguredCell {
    var contentView: View { get }
    var enforceFrameLayout: Bool { get }
    /// FDTemplateLayoutCell's name for `isTemplate`, public on both cells.
    var isTemplateLayoutCell: Bool { get set }
    /// Set when a view first receives the cell, so "cells created" counts each cell once.
    var hasBeenSeen: Bool { get set }
}

extension PooledCell {
    var isTemplate: Bool {
        get { isTemplateLayoutCell }
        set { isTemplateLayoutCell = newValue }
    }
}

extension TableViewCell: PooledCell {}

extension CollectionViewCell: PooledCell {}

// The header and footer view's own name for the flag.
extension TableViewHeaderFooterView: PooledView {
    var isTemplate: Bool {
        get { isTemplateLayoutView }
        set { isTemplateLayoutView = newValue }
    }
}

/// Why an index path names no row or item (`validateIndexPath(_:)`), with the count it was checked against.
enum IndexPathFault {
    /// Not two indexes; `sections` is the view's section count.
    case malformed(sections: Int)
    /// Its section does not exist among `sections`.
    case section(sections: Int)
    /// Its row or item does not exist among the section's `rows`.
    case row(rows: Int)
}
