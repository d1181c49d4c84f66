import Foundation

// A table's geometry is one flat sequence of slots (each section's header, rows
// and footer), so everything with a height is one mechanism and a section is
// found by counting header slots, with no second index (Docs/row-geometry.md).

/// What a slot stands for.
@_spi(Internals) public enum SlotKind: UInt8, Sendable {
    case header = 0
    case row = 1
    case footer = 2
}

/// `count` consecutive slots of the same kind, height and measured state.
///
/// Runs are how geometry stays small: ten million rows of a fixed or estimated
/// height are one run.
@_spi(Internals) public struct HeightRun: Equatable, Sendable {
    public var count: Int
    public var height: Double
    public var kind: SlotKind
    /// False while `height` is an estimate.
    public var isMeasured: Bool

    public init(count: Int, height: Double, kind: SlotKind = .row, isMeasured: Bool = true) {
        self.count = count
        self.height = height
        self.kind = kind
        self.isMeasured = isMeasured
    }

    /// True when the two runs could be one run.
    public func canMerge(with other: HeightRun) -> Bool {
        height == other.height && kind == other.kind && isMeasured == other.isMeasured
    }
}

/// One slot, as a geometry store answers about it.
@_spi(Internals) public struct Slot: Equatable, Sendable {
    public var index: Int
    public var minY: Double
    public var height: Double
    public var kind: SlotKind
    public var isMeasured: Bool

    public init(index: Int, minY: Double, height: Double, kind: SlotKind, isMeasured: Bool) {
        self.index = index
        self.minY = minY
        self.height = height
        self.kind = kind
        self.isMeasured = isMeasured
    }

    public var maxY: Double { minY + height }
}

/// The smallest interface a height store offers: enough for the benchmark to
/// compare classic strategies (flat arrays, Fenwick tree) with ours.
@_spi(Internals) public protocol HeightStore {
    /// Builds a store holding `runs`, in order.
    init<S: Sequence>(_ runs: S) where S.Element == HeightRun

    /// Number of slots.
    var count: Int { get }

    /// Sum of all heights.
    var totalHeight: Double { get }

    /// Start Y of slot `index` (`totalHeight` when `index == count`).
    func offset(of index: Int) -> Double

    /// Height of slot `index`.
    func height(at index: Int) -> Double

    /// The slot whose half-open span `[minY, maxY)` contains `y`, or nil when
    /// `y < 0` or `y >= totalHeight`. Zero-height slots contain no point.
    func index(atOffset y: Double) -> Int?

    /// Replaces the height of one slot.
    mutating func setHeight(_ height: Double, at index: Int, isMeasured: Bool)

    /// Inserts `runs` so that the first new slot gets index `index`.
    mutating func insert(_ runs: [HeightRun], at index: Int)

    /// Removes the slots in `range` and returns them as runs (adjacent equal runs merged).
    @discardableResult
    mutating func removeSubrange(_ range: Range<Int>) -> [HeightRun]
}

/// Everything a table needs from its geometry. Two implementations give
/// identical answers: `RowRecords` (the 2013 article's array, for teaching and
/// benchmarks) and `SlotTree` (the production B+tree of runs).
@_spi(Internals) public protocol RowGeometry: HeightStore {
    /// Number of header slots, which is the number of sections.
    var sectionCount: Int { get }

    /// Number of slots whose height is still an estimate.
    var unmeasuredCount: Int { get }

    /// Everything about one slot.
    func slot(at index: Int) -> Slot

    /// Slot index of the header of section `section` (`0 ..< sectionCount`).
    func headerIndex(ofSection section: Int) -> Int

    /// The section a slot belongs to: the number of headers at or before `index`, minus one.
    func section(containing index: Int) -> Int

    /// The first slot at or after `index` whose height is an estimate.
    func firstUnmeasured(from index: Int) -> Int?

    /// Calls `body` with slot `index`, `index + 1`, … until it returns false or the slots end.
    func forEachSlot(from index: Int, _ body: (Slot) -> Bool)

    /// Keeps every height but marks every slot as an estimate (a width change
    /// invalidates self-sized heights; the old ones are good estimates).
    mutating func markAllUnmeasured()

    /// The slot whose half-open span contains `y`, with its section and row,
    /// walking from `finger` when it is still valid (see `GeometryFinger`);
    /// leaves `finger` at the answer. Same answer as `index(atOffset:)`, then
    /// `slot(at:)`, `section(containing:)` and `headerIndex(ofSection:)`.
    func slot(atOffset y: Double, near finger: inout GeometryFinger) -> LocatedSlot?

    /// `forEachSlot(from:_:)`, starting from `finger` when it is valid and near `index`.
    func forEachSlot(from index: Int, near finger: GeometryFinger, _ body: (Slot) -> Bool)

    /// `forEachSlot(from:near:_:)`, starting from `cursor` when it is valid and at or a little
    /// before `index`, and leaving `cursor` at the slot where `body` returned false: a walk that
    /// goes on from where the last one stopped starts there, without walking to it again.
    func forEachSlot(from index: Int, near finger: GeometryFinger, cursor: inout SlotCursor, _ body: (Slot) -> Bool)

    /// The header slot of `section` (`0 ..< sectionCount`) and the offset where the section ends,
    /// remembered in `finger` for the next call with the same section and tree state.
    /// Same answer as `slot(at: headerIndex(ofSection:))` and `offset(of:)` of the next header
    /// (`totalHeight` for the last section).
    func sectionSpan(_ section: Int, near finger: inout GeometryFinger) -> SectionSpan
}

extension RowGeometry {
    /// Without a finger: one search for the slot, then its section and header.
    ///
    /// - Complexity: that of `index(atOffset:)`, `section(containing:)` and `headerIndex(ofSection:)`.
    public func slot(atOffset y: Double, near finger: inout GeometryFinger) -> LocatedSlot? {
        guard let index = index(atOffset: y) else { return nil }
        let section = section(containing: index)
        return LocatedSlot(
            slot: slot(at: index), section: section,
            row: index - (section < 0 ? -1 : headerIndex(ofSection: section)) - 1)
    }

    /// Without a finger: `forEachSlot(from:_:)`.
    ///
    /// - Complexity: that of `forEachSlot(from:_:)`.
    public func forEachSlot(from index: Int, near finger: GeometryFinger, _ body: (Slot) -> Bool) {
        forEachSlot(from: index, body)
    }

    /// Without a cursor: `forEachSlot(from:near:_:)`.
    ///
    /// - Complexity: that of `forEachSlot(from:_:)`.
    public func forEachSlot(from index: Int, near finger: GeometryFinger, cursor: inout SlotCursor, _ body: (Slot) -> Bool) {
        forEachSlot(from: index, near: finger, body)
    }

    /// Without a finger: the header's slot and the next header's offset, looked up.
    ///
    /// - Complexity: that of `headerIndex(ofSection:)`, `slot(at:)` and `offset(of:)`.
    public func sectionSpan(_ section: Int, near finger: inout GeometryFinger) -> SectionSpan {
        SectionSpan(
            header: slot(at: headerIndex(ofSection: section)),
            end: section + 1 < sectionCount ? offset(of: headerIndex(ofSection: section + 1)) : totalHeight)
    }
}

extension RowGeometry {
    /// The slot intersecting `range` that still holds an estimate (`needsMeasuring`; by default,
    /// not measured), nearest to slot `target` by slot count, if any — a slot of no height at the
    /// range's top counts. What a scroll to a row or item measures next: one measured below the
    /// target moves nothing above it, one above moves the target and the screen with it, so the
    /// slots that end up off screen are (almost) never measured (`TableView.scroll(to:at:)`,
    /// `CollectionViewCompositionalLayout.measureForScroll(to:offsetY:)`).
    /// - Complexity: O(s log n) for the s slots in `range`.
    func unmeasuredSlot(nearest target: Int, in range: Range<Double>, where needsMeasuring: (Slot) -> Bool = { !$0.isMeasured }) -> Int? {
        var down = target, up = target - 1
        var downOpen = true, upOpen = true
        while downOpen || upOpen {
            if downOpen {
                if down < count, offset(of: down) < range.upperBound {
                    let slot = slot(at: down)
                    if slot.maxY > range.lowerBound || slot.height == 0, needsMeasuring(slot) { return down }
                    down += 1
                } else {
                    downOpen = false
                }
            }
            if upOpen {
                if up >= 0, offset(of: up + 1) > range.lowerBound {
                    let slot = slot(at: up)
                    if slot.minY < range.upperBound, needsMeasuring(slot) { return up }
                    up -= 1
                } else {
                    upOpen = false
                }
            }
        }
        return nil
    }
}

/// A geometry's slot count, total height and estimated slots, read once after each change
/// (`TableView.geometryTotals`), for the checks a scroll step makes.
struct GeometryTotals {
    var count = 0
    var totalHeight = 0.0
    var unmeasuredCount = 0

    init() {}

    init(_ geometry: any RowGeometry) {
        count = geometry.count
        totalHeight = geometry.totalHeight
        unmeasuredCount = geometry.unmeasuredCount
    }
}
