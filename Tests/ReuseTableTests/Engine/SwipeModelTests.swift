import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// One view under the swipe model test: the table over `SwipeSource`, or the collection view over
/// `ListSwipeSource`, in one vocabulary.
@MainActor
protocol SwipeModelSubject: AnyObject {
    /// The source's sections, ids and switches.
    var model: SwipeSections { get }
    func swipe(_ indexPath: IndexPath, _ edge: TableView.SwipeEdge) -> SwipeActionsConfiguration?
    func fullSwipe(_ indexPath: IndexPath, _ edge: TableView.SwipeEdge) -> Bool
    func perform(_ index: Int)
    func close()
    var openIndexPath: IndexPath? { get }
    /// The titles of the open element's actions.
    var openTitles: [String]? { get }
    func insert(_ indexPaths: [IndexPath])
    func delete(_ indexPaths: [IndexPath])
    func reload()
    var offset: CGPoint { get set }
    var maximumOffsetY: CGFloat { get }
    func setEditing(_ editing: Bool, animated: Bool)
    var isEditing: Bool { get }
    func tap(_ indexPath: IndexPath)
    var selected: [IndexPath] { get }
    var visible: [IndexPath] { get }
    /// The editing mode and swiped state the cell on screen at `indexPath` shows, after a layout.
    func shown(at indexPath: IndexPath) -> (isEditing: Bool, isSwiped: Bool)?
    /// How many times each action ran ("Delete" for the table's default Delete too).
    var actionsRun: [String: Int] { get }
}

extension SwipeModelSubject {
    var sections: [[Int]] {
        get { model.sections }
        set { model.sections = newValue }
    }
    var completes: Bool {
        get { model.completes }
        set { model.completes = newValue }
    }
    var notEditable: Set<Int> {
        get { model.notEditable }
        set { model.notEditable = newValue }
    }
    func id(_ indexPath: IndexPath) -> Int { model.id(indexPath) }
    func newID() -> Int { model.newID() }
}

@MainActor
final class TableSwipeSubject: SwipeModelSubject {
    let source: SwipeSource
    let table: TableView
    init(counts: [Int], height: CGFloat, trailing: [String]?) {
        source = SwipeSource(counts)
        source.leading = ["Pin"]
        source.trailing = trailing
        table = source.makeTable(height: height)
        table.diagnosticHandler = { _ in }  // the NaN offsets are reported: tested elsewhere
    }
    var model: SwipeSections { source }
    func swipe(_ indexPath: IndexPath, _ edge: TableView.SwipeEdge) -> SwipeActionsConfiguration? { table.swipeRow(at: indexPath, edge: edge) }
    func fullSwipe(_ indexPath: IndexPath, _ edge: TableView.SwipeEdge) -> Bool { table.fullSwipeRow(at: indexPath, edge: edge) }
    func perform(_ index: Int) { table.performSwipeAction(at: index) }
    func close() { table.closeSwipedRow() }
    var openIndexPath: IndexPath? { table.indexPathForSwipedRow }
    var openTitles: [String]? { table.swipedRowConfiguration?.actions.map { $0.title ?? "" } }
    func insert(_ indexPaths: [IndexPath]) { table.insertRows(at: indexPaths, with: .none) }
    func delete(_ indexPaths: [IndexPath]) { table.deleteRows(at: indexPaths, with: .none) }
    func reload() { table.reloadData() }
    var offset: CGPoint {
        get { table.contentOffset }
        set { table.contentOffset = newValue }
    }
    var maximumOffsetY: CGFloat { table.maximumContentOffsetY }
    func setEditing(_ editing: Bool, animated: Bool) { table.setEditing(editing, animated: animated) }
    var isEditing: Bool { table.isEditing }
    func tap(_ indexPath: IndexPath) { table.tapRow(at: indexPath) }
    var selected: [IndexPath] { table.indexPathsForSelectedRows ?? [] }
    var visible: [IndexPath] { table.indexPathsForVisibleRows ?? [] }
    func shown(at indexPath: IndexPath) -> (isEditing: Bool, isSwiped: Bool)? {
        table.layoutIfNeeded()
        guard let cell = table.cellForRow(at: indexPath) else { return nil }
        #expect(cell.isEditing == cell.configurationState.isEditing)
        return (cell.isEditing, cell.configurationState.isSwiped)
    }
    var actionsRun: [String: Int] {
        var counts: [String: Int] = [:]
        for entry in source.log {
            if entry.hasPrefix("action ") { counts[String(entry.dropFirst(7)), default: 0] += 1 }
            if entry.hasPrefix("commit delete") { counts["Delete", default: 0] += 1 }
        }
        return counts
    }
    /// The delegate's `willBeginEditingRowAt` and `didEndEditingRowAt` calls so far.
    var openings: Int { source.log.count { $0.hasPrefix("willBegin") } }
    var closings: Int { source.log.count { $0.hasPrefix("didEnd") } }
}

@MainActor
final class CollectionSwipeSubject: SwipeModelSubject {
    let source: ListSwipeSource
    let collection: CollectionView
    init(counts: [Int], height: CGFloat, trailing: [String]?) {
        source = ListSwipeSource(counts)
        source.trailing = trailing
        collection = source.makeCollection(height: height)
        collection.diagnosticHandler = { _ in }
    }
    var model: SwipeSections { source }
    func swipe(_ indexPath: IndexPath, _ edge: TableView.SwipeEdge) -> SwipeActionsConfiguration? {
        collection.swipeItem(at: indexPath, edge: edge)
    }
    func fullSwipe(_ indexPath: IndexPath, _ edge: TableView.SwipeEdge) -> Bool { collection.fullSwipeItem(at: indexPath, edge: edge) }
    func perform(_ index: Int) { collection.performSwipeAction(at: index) }
    func close() { collection.closeSwipedItem() }
    var openIndexPath: IndexPath? { collection.indexPathForSwipedItem }
    var openTitles: [String]? { collection.swipedItemConfiguration?.actions.map { $0.title ?? "" } }
    func insert(_ indexPaths: [IndexPath]) { collection.insertItems(at: indexPaths) }
    func delete(_ indexPaths: [IndexPath]) { collection.deleteItems(at: indexPaths) }
    func reload() { collection.reloadData() }
    var offset: CGPoint {
        get { collection.contentOffset }
        set { collection.contentOffset = newValue }
    }
    var maximumOffsetY: CGFloat { collection.maximumContentOffsetY }
    func setEditing(_ editing: Bool, animated: Bool) { collection.setEditing(editing, animated: animated) }
    var isEditing: Bool { collection.isEditing }
    func tap(_ indexPath: IndexPath) { collection.tapItem(at: indexPath) }
    var selected: [IndexPath] { collection.indexPathsForSelectedItems ?? [] }
    var visible: [IndexPath] { collection.indexPathsForVisibleItems }
    func shown(at indexPath: IndexPath) -> (isEditing: Bool, isSwiped: Bool)? {
        collection.layoutIfNeeded()
        guard let cell = collection.cellForItem(at: indexPath) else { return nil }
        return (cell.configurationState.isEditing, cell.configurationState.isSwiped)
    }
    var actionsRun: [String: Int] {
        var counts: [String: Int] = [:]
        for entry in source.log where entry.hasPrefix("action ") { counts[String(entry.dropFirst(7)), default: 0] += 1 }
        return counts
    }
}

/// Random swipes, actions, full swipes, closes, inserts and deletes before and after the swiped
/// element, reloads, scrolls, NaN offsets, taps and editing toggles, on both views, against a model:
/// which id is open, whether the view edits, which actions ran how often, what the cells on screen show.
@MainActor
@Suite struct SwipeModelTests {
    static let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"

    /// What the sessions of one test did, to show the test reaches the states it checks.
    struct Totals {
        var opened = 0, closed = 0, actions = 0, cellsChecked = 0
    }

    @Test(arguments: [false, true])
    func randomSwipeSessionsFollowTheModel(collectionView: Bool) {
        var rng = SplitMix64(seed: collectionView ? 0xC011_5719 : 0x7AB1_5719)
        var stepsChecked = 0
        var totals = Totals()
        for round in 0..<(Self.long ? 60 : 8) {
            let counts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...20, using: &rng) }
            let height = CGFloat(Int.random(in: 4...30, using: &rng)) * (collectionView ? 1 : 22)
            let trailing: [String]? = round % 2 == 0 ? nil : (collectionView ? ["Delete", "Flag"] : ["Flag", "Unread"])
            let subject: SwipeModelSubject =
                collectionView
                ? CollectionSwipeSubject(counts: counts, height: height, trailing: trailing)
                : TableSwipeSubject(counts: counts, height: height, trailing: trailing)
            stepsChecked += run(subject, steps: Self.long ? 300 : 90, rng: &rng, totals: &totals)
        }
        #expect(totals.opened > (Self.long ? 2_000 : 40) && totals.actions > (Self.long ? 800 : 15) && totals.cellsChecked > 1_000)
        print(
            "swipe model, \(collectionView ? "collection view" : "table"): \(stepsChecked) steps, \(totals.opened) swipes opened, "
                + "\(totals.closed) closed, \(totals.actions) actions run, \(totals.cellsChecked) cells checked")
    }

    /// One session of random steps; returns the steps checked.
    func run(_ subject: SwipeModelSubject, steps: Int, rng: inout SplitMix64, totals: inout Totals) -> Int {
        var openID: Int?
        var editing = false
        var ran: [String: Int] = [:]
        var opened = 0, closed = 0, cellsChecked = 0
        subject.notEditable = Set(subject.sections.joined().filter { $0 % 7 == 3 })
        func all() -> [IndexPath] {
            subject.sections.enumerated().flatMap { s, ids in ids.indices.map { IndexPath(item: $0, section: s) } }
        }
        func someIndexPath() -> IndexPath? {
            let visible = subject.visible
            if !visible.isEmpty, Bool.random(using: &rng) { return visible.randomElement(using: &rng) }
            return all().randomElement(using: &rng)
        }
        func closeOpen() {
            if openID != nil { closed += 1 }
            openID = nil
        }
        /// The titles the subject offers for `edge`, as the sources are set up (nil: none).
        func titles(_ edge: TableView.SwipeEdge, id: Int) -> [String]? {
            guard !subject.notEditable.contains(id) else { return nil }
            switch edge {
            case .leading: return ["Pin"]
            case .trailing:
                if let table = subject as? TableSwipeSubject { return table.source.trailing ?? ["Delete"] }
                return (subject as! CollectionSwipeSubject).source.trailing
            }
        }
        /// Action `title` of the open element ran: the model's side of its handler and completion.
        func performed(_ title: String) {
            ran[title, default: 0] += 1
            if title == "Delete" {
                // Deleted by its handler: the element is gone, and so is the open swipe.
                closeOpen()
            } else if subject.completes {
                closeOpen()
            }
        }
        for step in 0..<steps {
            let kind = Int.random(in: 0..<16, using: &rng)
            var name = ""
            switch kind {
            case 0, 1, 2:
                guard let indexPath = someIndexPath() else { continue }
                let edge: TableView.SwipeEdge = Bool.random(using: &rng) ? .leading : .trailing
                let id = subject.id(indexPath)
                name = "swipe \(id) \(edge)"
                let shown = subject.swipe(indexPath, edge)
                closeOpen()  // whatever was open closes first
                let offered = titles(edge, id: id)
                #expect(shown?.actions.map(\.title) == offered.flatMap { $0.isEmpty ? nil : $0 }, "\(name)")
                if shown != nil {
                    openID = id
                    opened += 1
                }
            case 3, 4:
                name = "perform"
                guard openID != nil, let titles = subject.openTitles else { continue }
                let index = Int.random(in: 0..<titles.count, using: &rng)
                name = "perform \(index) \(titles[index])"
                subject.perform(index)
                performed(titles[index])
            case 5:
                guard let indexPath = someIndexPath() else { continue }
                let edge: TableView.SwipeEdge = Bool.random(using: &rng) ? .leading : .trailing
                let id = subject.id(indexPath)
                name = "full swipe \(id) \(edge)"
                let didPerform = subject.fullSwipe(indexPath, edge)
                closeOpen()
                if let offered = titles(edge, id: id), let first = offered.first {
                    openID = id
                    opened += 1
                    #expect(didPerform, "\(name)")
                    performed(first)
                } else {
                    #expect(!didPerform, "\(name)")
                }
            case 6:
                name = "completes toggled"
                subject.completes.toggle()
            case 7, 8:
                // Inserts before or after the open element (or anywhere).
                let section = Int.random(in: 0..<subject.sections.count, using: &rng)
                var position = Int.random(in: 0...subject.sections[section].count, using: &rng)
                if let openID, let open = indexPath(of: openID, in: subject), open.section == section, Bool.random(using: &rng) {
                    position = Bool.random(using: &rng) ? open.item : open.item + 1  // just before or just after it
                }
                let count = Int.random(in: 1...3, using: &rng)
                name = "insert \(count) at \(section)-\(position)"
                subject.sections[section].insert(contentsOf: (0..<count).map { _ in subject.newID() }, at: position)
                subject.insert((position..<(position + count)).map { IndexPath(item: $0, section: section) })
            case 9, 10:
                let every = all()
                guard !every.isEmpty else { continue }
                var doomed = Set((0..<Int.random(in: 1...2, using: &rng)).map { _ in every.randomElement(using: &rng)! })
                if let openID, let open = indexPath(of: openID, in: subject), Bool.random(using: &rng) {
                    // Just before or after the open element, or the element itself.
                    let near = open.item + Int.random(in: -1...1, using: &rng)
                    if near >= 0, near < subject.sections[open.section].count { doomed = [IndexPath(item: near, section: open.section)] }
                }
                name = "delete \(doomed.sorted())"
                if let id = openID, doomed.contains(where: { subject.id($0) == id }) {
                    openID = nil  // closed by the update (told with nil on the table)
                    closed += 1
                }
                for indexPath in doomed.sorted(by: >) { subject.sections[indexPath.section].remove(at: indexPath.item) }
                subject.delete(Array(doomed))
            case 11:
                let y = CGFloat(Int.random(in: 0...max(0, Int(subject.maximumOffsetY)), using: &rng))
                name = "scroll to \(y)"
                if y != subject.offset.y { closeOpen() }
                subject.offset.y = y
            case 12:
                name = "NaN offset"
                let before = subject.offset
                subject.offset = Bool.random(using: &rng) ? CGPoint(x: before.x, y: CGFloat.nan) : CGPoint(x: CGFloat.nan, y: CGFloat.nan)
                #expect(subject.offset == before, "a NaN offset is rejected")
            case 13:
                name = "setEditing"
                let on = Bool.random(using: &rng)
                subject.setEditing(on, animated: Bool.random(using: &rng))
                closeOpen()
                editing = on
            case 14:
                guard let indexPath = someIndexPath() else { continue }
                name = "tap \(subject.id(indexPath))"
                let selectedBefore = subject.selected
                let selects = openID == nil && !editing
                subject.tap(indexPath)
                closeOpen()
                if !selects { #expect(subject.selected == selectedBefore, "\(name): a tap that closes or edits selects nothing") }
            default:
                name = Bool.random(using: &rng) ? "close" : "reload"
                if name == "close" { subject.close() } else { subject.reload() }
                closeOpen()
            }
            let expected = openID.flatMap { indexPath(of: $0, in: subject) }
            #expect(subject.openIndexPath == expected, "step \(step): \(name)")
            #expect(subject.isEditing == editing, "step \(step): \(name)")
            #expect(subject.actionsRun == ran, "step \(step): \(name)")
            if let table = subject as? TableSwipeSubject {
                #expect(table.openings == opened && table.closings == closed, "step \(step): \(name): delegate calls")
            }
            for indexPath in subject.visible {
                guard let shown = subject.shown(at: indexPath) else { continue }
                cellsChecked += 1
                #expect(shown.isEditing == editing && shown.isSwiped == (indexPath == expected), "step \(step): \(name): cell \(indexPath)")
            }
        }
        totals.opened += opened
        totals.closed += closed
        totals.actions += ran.values.reduce(0, +)
        totals.cellsChecked += cellsChecked
        return steps
    }

    private func indexPath(of id: Int, in subject: SwipeModelSubject) -> IndexPath? {
        for (s, ids) in subject.sections.enumerated() { if let i = ids.firstIndex(of: id) { return IndexPath(item: i, section: s) } }
        return nil
    }
}
