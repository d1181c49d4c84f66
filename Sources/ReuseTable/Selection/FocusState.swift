import Foundation

// Focus as state of the view, written once for the table and the collection view: the focused
// row or item and the one remembered when focus left, and how both follow the data through an
// update or a reload. The calls that move focus are `Selection/FocusHost.swift`; the rules are
// told in Docs/focus.md.

/// What a focus update goes from and to: the argument of the delegate's `shouldUpdateFocusIn` and
/// `didUpdateFocusIn` (UIKit: `UITableViewFocusUpdateContext`, `UICollectionViewFocusUpdateContext`).
public struct FocusUpdateContext: Hashable, Sendable {
    /// The row or item that had focus, or nil when nothing in the view had it.
    public let previouslyFocusedIndexPath: IndexPath?
    /// The row or item about to get focus (or that got it), or nil when focus leaves the view.
    public let nextFocusedIndexPath: IndexPath?

    /// A context going from `previouslyFocusedIndexPath` to `nextFocusedIndexPath`.
    public init(previouslyFocusedIndexPath: IndexPath?, nextFocusedIndexPath: IndexPath?) {
        self.previouslyFocusedIndexPath = previouslyFocusedIndexPath
        self.nextFocusedIndexPath = nextFocusedIndexPath
    }
}

/// The table's name for a focus update context (UIKit: `UITableViewFocusUpdateContext`).
public typealias TableViewFocusUpdateContext = FocusUpdateContext
/// The collection view's name for a focus update context (UIKit: `UICollectionViewFocusUpdateContext`).
public typealias CollectionViewFocusUpdateContext = FocusUpdateContext

/// What `didUpdateFocusIn(_:with:)` gets to run its changes alongside the focus change (UIKit:
/// `UIFocusAnimationCoordinator`). A headless view has no animations: each block runs at once,
/// in the order given, and its completion right after it.
@MainActor
public final class FocusAnimationCoordinator {
    init() {}

    /// Runs `animations`, then `completion`, at once.
    public func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        animations?()
        completion?()
    }
}

/// A move of focus by the keys (`TableView.moveFocus(_:)`, `CollectionView.moveFocus(_:)`): ours,
/// since UIKit leaves moving focus to its focus engine, which a terminal app does not have.
public enum FocusMove: Hashable, Sendable {
    /// The next row or item that can take focus (↓).
    case next
    /// The previous row or item that can take focus (↑).
    case previous
    /// About a screen further down (PgDn): the first row or item that starts a viewport's height
    /// (less the insets) below the focused one's top, or the last one that can take focus.
    case pageDown
    /// About a screen further up (PgUp).
    case pageUp
    /// The first row or item that can take focus (Home).
    case first
    /// The last row or item that can take focus (End).
    case last
    /// The first row or item of the next section that has one that can take focus.
    case nextSection
    /// The first row or item of the focused one's section, or of the previous section when it is
    /// already there.
    case previousSection
}

/// The focused row or item of a view, kept by index path, never in a cell (as the selection,
/// `SelectionState`): the view shows it on whichever cell displays that row
/// (`CellConfigurationState.isFocused`).
struct FocusState {
    /// `allowsFocus`: whether rows or items can take focus at all.
    var allowsFocus = false
    /// `selectionFollowsFocus`.
    var selectionFollowsFocus = false
    /// `remembersLastFocusedIndexPath`.
    var remembersLastFocused = false
    /// The focused row or item, or nil.
    var focused: IndexPath?
    /// The row or item focus last left (for `remembersLastFocusedIndexPath`), or nil.
    var remembered: IndexPath?

    /// Takes both index paths through an update. A row that stays (moved, shifted, or reloaded in
    /// place) keeps focus wherever it goes. A row that leaves hands focus to a neighbour, in the
    /// order of the rows before the update: the nearest following row that stays, else the nearest
    /// preceding one — except in a plan of row ranges (an outline's collapse), where the preceding
    /// row comes first, the item that collapsed. Nothing stays: no focus.
    /// - Complexity: O(1) lookups when the row stays; otherwise one lookup per row passed over
    ///   (sections that leave whole are skipped at once).
    mutating func follow(_ plan: AppliedUpdate, oldCounts: [Int]) {
        let previousFirst = plan.plan.rowRanges != nil
        let sections = plan.plan.newSectionOfOld
        let sectionStays: (Int) -> Bool = { plan.plan.rowRanges != nil || ($0 < sections.count && sections[$0] != nil) }
        if let focused {
            self.focused = Self.survivor(
                of: focused, oldCounts: oldCounts, previousFirst: previousFirst, sectionStays: sectionStays,
                newIndexPath: plan.newIndexPath(followingReloadOf:))
        }
        if let remembered {
            self.remembered = Self.survivor(
                of: remembered, oldCounts: oldCounts, previousFirst: previousFirst, sectionStays: sectionStays,
                newIndexPath: plan.newIndexPath(followingReloadOf:))
        }
    }

    /// Takes both index paths through a reload (the rows are new, with no identity to follow): an
    /// index path that still names a row keeps focus; otherwise the nearest row before it (the last
    /// of its section, or of an earlier one), else the first row after it; none when there is no row.
    /// - Complexity: O(sections).
    mutating func followReload(counts: [Int]) {
        focused = focused.flatMap { Self.clamped($0, counts: counts) }
        remembered = remembered.flatMap { Self.clamped($0, counts: counts) }
    }

    /// Where `old` goes, or its neighbour when it leaves (`follow(_:oldCounts:)`).
    static func survivor(
        of old: IndexPath, oldCounts: [Int], previousFirst: Bool, sectionStays: (Int) -> Bool,
        newIndexPath: (IndexPath) -> IndexPath?
    ) -> IndexPath? {
        if let new = newIndexPath(old) { return new }
        if previousFirst, let before = lastSurvivor(before: old, oldCounts: oldCounts, sectionStays: sectionStays, newIndexPath: newIndexPath) {
            return before
        }
        if let after = firstSurvivor(after: old, oldCounts: oldCounts, sectionStays: sectionStays, newIndexPath: newIndexPath) { return after }
        return previousFirst ? nil : lastSurvivor(before: old, oldCounts: oldCounts, sectionStays: sectionStays, newIndexPath: newIndexPath)
    }

    private static func firstSurvivor(
        after old: IndexPath, oldCounts: [Int], sectionStays: (Int) -> Bool, newIndexPath: (IndexPath) -> IndexPath?
    ) -> IndexPath? {
        var section = old.section, row = old.row + 1
        while section < oldCounts.count {
            if sectionStays(section) {
                while row < oldCounts[section] {
                    if let new = newIndexPath(IndexPath(row: row, section: section)) { return new }
                    row += 1
                }
            }
            section += 1
            row = 0
        }
        return nil
    }

    private static func lastSurvivor(
        before old: IndexPath, oldCounts: [Int], sectionStays: (Int) -> Bool, newIndexPath: (IndexPath) -> IndexPath?
    ) -> IndexPath? {
        var section = min(old.section, oldCounts.count - 1), row = old.row - 1
        while section >= 0 {
            if sectionStays(section) {
                row = min(row, oldCounts[section] - 1)
                while row >= 0 {
                    if let new = newIndexPath(IndexPath(row: row, section: section)) { return new }
                    row -= 1
                }
            }
            section -= 1
            row = Int.max
        }
        return nil
    }

    /// `indexPath` when it names a row of `counts`, else the nearest row before it, else after it.
    static func clamped(_ indexPath: IndexPath, counts: [Int]) -> IndexPath? {
        guard indexPath.count == 2 else { return nil }
        let section = min(indexPath.section, counts.count - 1)
        if section >= 0, section == indexPath.section, indexPath.row < counts[section] { return indexPath }
        var s = section
        while s >= 0 {
            if counts[s] > 0 { return IndexPath(row: s == indexPath.section ? min(indexPath.row, counts[s] - 1) : counts[s] - 1, section: s) }
            s -= 1
        }
        if let first = counts.indices.first(where: { counts[$0] > 0 }) { return IndexPath(row: 0, section: first) }
        return nil
    }
}
