import Foundation
import ReuseTable
import ReuseTableTerminal

/// A row of the tree: a path, or the placeholder a folder shows while it is being listed.
public struct TreeItem: Hashable, Sendable {
    public var path: String
    public var isPlaceholder = false

    public var name: String { isPlaceholder ? "" : (path as NSString).lastPathComponent }
}

/// What is known of a path: its kind and size, and for a folder, its listing.
struct EntryInfo {
    var kind: DirectoryEntry.Kind
    var size: Int64 = 0
    /// Entries, once listed.
    var childCount: Int?
    /// Why the folder could not be read.
    var error: String?

    var isFolder: Bool { kind == .folder }
}

/// `swift run Demo tree [DIR]`: a file browser over a real directory, one list cell per visible
/// entry of a `DiffableDataSourceSectionSnapshot` (Docs/outlines.md), on a `CollectionView` laid
/// out by `CollectionViewCompositionalLayout.list(using:)`. A folder's cell shows the
/// `outlineDisclosure` accessory, whose triangle follows the cell's `isExpanded` state; the keys
/// tap it through `tapOutlineDisclosure(at:)`. Folders are listed only when they expand
/// (`snapshotForExpandingParent`), on a background thread; a placeholder row shows progress
/// until the listing is applied in an idle step.
@MainActor
public final class TreeApp: ListScreen {
    /// The keys, shown on the status line by `?`.
    public static let keyHelp: [(String, String)] = [
        ("↑↓ jk", "mark"), ("←→", "collapse/expand"), ("Enter click", "toggle"), ("*", "expand all below"),
        ("/", "search"), ("q", "quit"),
    ]

    public let rootPath: String
    public let lister: FolderLister
    /// The list: one self-sized list cell a row.
    public let list: CollectionView
    public private(set) var dataSource: CollectionViewDiffableDataSource<Int, TreeItem>!
    var infos: [String: EntryInfo] = [:]
    /// The marked row's item: the list's focused item (the selection shows it too), else the root.
    public var marked: TreeItem {
        list.indexPathForFocusedItem.flatMap { dataSource.itemIdentifier(for: $0) } ?? TreeItem(path: rootPath)
    }
    /// Folders to expand as soon as they are listed (`*`), and the folder `*` started from.
    private var expandingAll: Set<String> = []
    private var expandAllRoot: String?
    /// The search being typed after `/`, or nil.
    public private(set) var query: String?
    public private(set) var message = ""
    private var showsKeys = false
    /// Idle steps stop applying listings after this long, so a key waits at most about one step.
    var stepBudget: Duration = .milliseconds(8)

    public init(path: String, reader: any DirectoryReader = FileSystemReader()) {
        rootPath = (path as NSString).standardizingPath
        lister = FolderLister(reader: reader)
        list = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 80, height: 23),
            collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        super.init(collectionView: list)
        infos[rootPath] = EntryInfo(kind: .folder)
        let entryCell = CollectionView.CellRegistration<CollectionViewListCell, TreeItem> { [unowned self] cell, _, item in
            configure(cell, item)
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: list) { list, indexPath, item in
            list.dequeueConfiguredReusableCell(using: entryCell, for: indexPath, item: item)
        }
        var handlers = SectionSnapshotHandlers<TreeItem>()
        handlers.shouldExpandItem = { [unowned self] item in infos[item.path]?.isFolder == true && !item.isPlaceholder }
        handlers.snapshotForExpandingParent = { [unowned self] item, children in
            guard infos[item.path]?.childCount == nil else { return children }
            lister.request([item.path])
            var placeholder = DiffableDataSourceSectionSnapshot<TreeItem>()
            placeholder.append([TreeItem(path: item.path, isPlaceholder: true)])
            return placeholder
        }
        dataSource.sectionSnapshotHandlers = handlers
        var whole = DiffableDataSourceSnapshot<Int, TreeItem>()
        whole.appendSections([0])
        dataSource.apply(whole)
        var tree = DiffableDataSourceSectionSnapshot<TreeItem>()
        tree.append([TreeItem(path: rootPath)])
        dataSource.apply(tree, to: 0)
        list.allowsFocus = true  // the mark is the list's focus, following its item through every apply (Docs/focus.md)
        list.focusItem(at: IndexPath(item: 0, section: 0))
        list.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: .none)
        list.tapOutlineDisclosure(at: IndexPath(item: 0, section: 0))  // the root opens, listed in the background
        status = { [unowned self] _ in statusText }
    }

    // MARK: Cells

    static func size(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// The row's text (name) and detail (size, count, state); the indentation and the disclosure
    /// triangle are the list cell's (`configure(_:_:)`).
    func describe(_ item: TreeItem) -> (text: String, detail: String) {
        if item.isPlaceholder {
            let progress = lister.progress
            return ("listing…", "\(progress.listed) listed, \(progress.waiting) waiting")
        }
        guard let info = infos[item.path] else { return (item.name, "") }
        switch info.kind {
        case .folder:
            let detail = info.error.map { "unreadable: \($0)" } ?? info.childCount.map { "\($0) item\($0 == 1 ? "" : "s")" } ?? "…"
            return (item.name + "/", detail)
        case .file: return (item.name, Self.size(info.size))
        case .link(let target, let broken): return (item.name + " → " + target, broken ? "broken link" : "link")
        case .other: return (item.name, "special")
        }
    }

    /// A folder's cell shows the outline disclosure (its triangle drawn from the cell's
    /// `isExpanded`, which the section snapshot sets); other rows are indented one step more, so
    /// names line up under the folder's.
    private func configure(_ cell: CollectionViewListCell, _ item: TreeItem) {
        let (text, detail) = describe(item)
        var content = ListContentConfiguration.valueCell()
        content.text = text
        content.secondaryText = detail
        content.textProperties.numberOfLines = 1  // one line a row, truncated: a long link target must not wrap
        content.secondaryTextProperties.numberOfLines = 1
        cell.contentConfiguration = content
        let snapshot = dataSource.snapshot(for: 0)
        let level = snapshot.contains(item) ? snapshot.level(of: item) : 0
        if isFolder(item) {
            cell.indentationLevel = level
            cell.accessories = [.outlineDisclosure(options: .init(style: .cell))]
        } else {
            cell.indentationLevel = level + 1
            cell.accessories = []
        }
    }

    // MARK: Listings arriving

    /// Applies listings taken from the lister, for about `budget`; true when any was applied.
    @discardableResult
    public func applyListings(budget: Duration) -> Bool {
        let start = ContinuousClock.now
        var snapshot = dataSource.snapshot(for: 0)
        var applied = 0
        var toList: [String] = []
        while ContinuousClock.now - start < budget, let listing = lister.takeResults(limit: 1).first {
            applied += 1
            let parent = TreeItem(path: listing.path)
            let folders = record(listing)
            guard snapshot.contains(parent) else { continue }
            var children = DiffableDataSourceSectionSnapshot<TreeItem>()
            children.append(sortedChildren(of: listing.path, listing.entries))
            snapshot.replace(childrenOf: parent, using: children)
            if expandingAll.remove(listing.path) != nil {
                snapshot.expand([parent])
                expandingAll.formUnion(folders)
                toList += folders
            }
        }
        guard applied > 0 else { return false }
        if !toList.isEmpty {
            // Their placeholders show until they are listed.
            for folder in toList {
                snapshot.append([TreeItem(path: folder, isPlaceholder: true)], to: TreeItem(path: folder))
                snapshot.expand([TreeItem(path: folder)])
            }
            lister.request(toList)
        }
        if expandingAll.isEmpty, let root = expandAllRoot, lister.isIdle {
            message = "* \(root): everything below is expanded"
            expandAllRoot = nil
        }
        apply(snapshot)
        return true
    }

    /// Records a listing's entries; returns the paths of its folders.
    private func record(_ listing: FolderLister.Listing) -> [String] {
        infos[listing.path, default: EntryInfo(kind: .folder)].childCount = listing.entries.count
        infos[listing.path]?.error = listing.error
        var folders: [String] = []
        for entry in listing.entries {
            let path = listing.path.hasSuffix("/") ? listing.path + entry.name : listing.path + "/" + entry.name
            infos[path] = EntryInfo(kind: entry.kind, size: entry.size)
            if entry.kind == .folder { folders.append(path) }
        }
        return folders
    }

    private func sortedChildren(of path: String, _ entries: [DirectoryEntry]) -> [TreeItem] {
        let sorted = entries.sorted { a, b in
            let af = a.kind == .folder, bf = b.kind == .folder
            return af != bf ? af : a.name.localizedStandardCompare(b.name) == .orderedAscending
        }
        return sorted.map { TreeItem(path: path.hasSuffix("/") ? path + $0.name : path + "/" + $0.name) }
    }

    /// Applies a section snapshot; focus, the mark, follows its item (or goes to a neighbour). The rows
    /// on screen are configured again: a folder's count changes when its listing arrives.
    private func apply(_ snapshot: DiffableDataSourceSectionSnapshot<TreeItem>) {
        let row = markedRow
        dataSource.apply(snapshot, to: 0)
        list.reconfigureItems(at: list.indexPathsForVisibleItems)
        followMark(fallback: row)
    }

    // MARK: The mark

    public var markedRow: Int { list.indexPathForFocusedItem?.item ?? 0 }

    /// After a change: the selection shows the focused row (focus followed its item, or went to a
    /// neighbour when the item left; with nothing focused, the row at `fallback`).
    private func followMark(fallback: Int) {
        let rows = list.numberOfItems(inSection: 0)
        guard rows > 0 else { return }
        if list.indexPathForFocusedItem == nil { list.focusItem(at: IndexPath(item: min(fallback, rows - 1), section: 0)) }
        list.selectItem(at: IndexPath(item: markedRow, section: 0), animated: false, scrollPosition: .none)
    }

    /// Focuses `row` (clamped): the list scrolls as little as possible to show it.
    private func mark(row: Int) -> KeyResponse {
        let rows = list.numberOfItems(inSection: 0)
        guard rows > 0 else { return .unchanged }
        let indexPath = IndexPath(item: min(max(row, 0), rows - 1), section: 0)
        list.focusItem(at: indexPath)
        list.selectItem(at: indexPath, animated: false, scrollPosition: .none)
        return .changed
    }

    /// Moves the mark as a key does (`moveFocus(_:)`, which keeps it on screen).
    private func moveMark(_ move: FocusMove) -> KeyResponse {
        guard list.moveFocus(move) else { return .unchanged }
        list.selectItem(at: IndexPath(item: markedRow, section: 0), animated: false, scrollPosition: .none)
        return .changed
    }

    // MARK: Keys

    public var statusText: String {
        if let query { return "/\(query)▏ Enter finds the next loaded name, Esc cancels" }
        if showsKeys { return Self.keyHelp.map { "\($0.0) \($0.1)" }.joined(separator: " · ") }
        let rows = list.numberOfItems(inSection: 0)
        var line = "\(rows) rows · \(infos.count) loaded"
        if let root = expandAllRoot {
            let progress = lister.progress
            line = "* \((root as NSString).lastPathComponent): \(progress.listed) folders listed, \(progress.waiting) to go · " + line
        } else if !lister.isIdle {
            line += " · listing…"
        }
        if !message.isEmpty { line += " · " + message }
        return line + " · ? keys"
    }

    public override func handle(_ key: Key) -> KeyResponse {
        if query != nil { return handleSearch(key) }
        showsKeys = false
        let row = markedRow
        switch key {
        case .down, .char("j"): return moveMark(.next)
        case .up, .char("k"): return moveMark(.previous)
        case .pageDown, .char(" "): return moveMark(.pageDown)
        case .pageUp, .char("b"): return moveMark(.pageUp)
        case .home, .char("g"): return moveMark(.first)
        case .end, .char("G"): return moveMark(.last)
        case .right, .char("l"):
            if isFolder(marked), !isExpanded(marked) { list.tapOutlineDisclosure(at: IndexPath(item: row, section: 0)) }
        case .left, .char("h"):
            if isFolder(marked), isExpanded(marked) {
                list.tapOutlineDisclosure(at: IndexPath(item: row, section: 0))
            } else if let parent = dataSource.snapshot(for: 0).parent(of: marked), let parentRow = dataSource.indexPath(for: parent)?.item {
                return mark(row: parentRow)
            }
        case .enter: list.tapOutlineDisclosure(at: IndexPath(item: row, section: 0))
        case .char("*"): expandAll(below: marked)
        case .char("/"): query = ""
        case .char("?"): showsKeys = true
        case .char("q"), .ctrl("c"): return .quit
        default: return super.handle(key)
        }
        followMark(fallback: row)
        return .changed
    }

    /// A click marks the row under it and opens or closes it when it is a folder, as Enter does.
    public override func click(_ target: ListScreenTarget) -> KeyResponse {
        guard case .row(let indexPath) = target, query == nil else { return .unchanged }
        _ = mark(row: indexPath.item)
        if isFolder(marked) { list.tapOutlineDisclosure(at: indexPath) }
        followMark(fallback: indexPath.item)
        return .changed
    }

    private func handleSearch(_ key: Key) -> KeyResponse {
        switch key {
        case .escape: query = nil
        case .backspace: if query?.isEmpty == false { query?.removeLast() }
        case .char(let c): query?.append(c)
        case .enter:
            let text = query ?? ""
            query = nil
            if !text.isEmpty { startSearch(text) }
        default: break
        }
        return .changed
    }

    private func isFolder(_ item: TreeItem) -> Bool { !item.isPlaceholder && infos[item.path]?.isFolder == true }
    private func isExpanded(_ item: TreeItem) -> Bool { dataSource.snapshot(for: 0).isExpanded(item) }

    /// The next loaded item of `snapshot` after `marked` (wrapping) whose name contains `text`,
    /// ignoring case: a scan of every loaded name, so it runs off the main actor (`startSearch`).
    nonisolated static func search(_ text: String, in snapshot: DiffableDataSourceSectionSnapshot<TreeItem>, after marked: TreeItem)
        -> TreeItem?
    {
        let items = snapshot.items
        let start = (snapshot.index(of: marked) ?? -1) + 1
        for offset in 0..<items.count {
            let item = items[(start + offset) % items.count]
            if !item.isPlaceholder, item.name.range(of: text, options: .caseInsensitive) != nil { return item }
        }
        return nil
    }

    /// Searches on a background thread (the snapshot is a value); an idle step marks the result.
    private func startSearch(_ text: String) {
        let snapshot = dataSource.snapshot(for: 0), after = marked, box = searchResult
        message = "searching for \"\(text)\"…"
        box.start()
        Thread.detachNewThread { box.finish(text, Self.search(text, in: snapshot, after: after)) }
    }

    private let searchResult = SearchResult()

    /// Marks the next loaded item whose name contains `text` now, on the main actor (for the
    /// scripted session and tests); false when none does.
    @discardableResult
    public func find(_ text: String) -> Bool {
        show(text, Self.search(text, in: dataSource.snapshot(for: 0), after: marked))
    }

    /// Marks a search's result, expanding its ancestors; false when there is none.
    @discardableResult
    private func show(_ text: String, _ found: TreeItem?) -> Bool {
        var snapshot = dataSource.snapshot(for: 0)
        if let item = found, snapshot.contains(item) {
            var ancestors: [TreeItem] = []
            var parent = snapshot.parent(of: item)
            while let p = parent {
                ancestors.append(p)
                parent = snapshot.parent(of: p)
            }
            snapshot.expand(ancestors)
            apply(snapshot)
            message = "found \(item.name)"
            _ = mark(row: dataSource.indexPath(for: item)?.item ?? markedRow)
            return true
        }
        message = "no loaded name contains \"\(text)\""
        return false
    }

    /// A search's answer, handed from its thread to the main actor.
    final class SearchResult: @unchecked Sendable {
        private let lock = NSLock()
        private var running = false
        private var answer: (text: String, item: TreeItem?)?

        func start() {
            lock.withLock {
                running = true; answer = nil
            }
        }
        func finish(_ text: String, _ item: TreeItem?) {
            lock.withLock {
                running = false; answer = (text, item)
            }
        }
        var isRunning: Bool { lock.withLock { running } }
        func take() -> (text: String, item: TreeItem?)? {
            lock.withLock {
                defer { answer = nil }
                return answer
            }
        }
    }

    /// Expands `item` and every folder below it, listing what is not listed yet in the background.
    public func expandAll(below item: TreeItem) {
        guard isFolder(item) else { return }
        var snapshot = dataSource.snapshot(for: 0)
        var toList: [String] = []
        var stack = [item]
        while let folder = stack.popLast() {
            snapshot.expand([folder])
            if infos[folder.path]?.childCount == nil {
                toList.append(folder.path)
                if snapshot.snapshot(of: folder).items.isEmpty {
                    snapshot.append([TreeItem(path: folder.path, isPlaceholder: true)], to: folder)
                }
            } else {
                for child in snapshot.snapshot(of: folder).rootItems where isFolder(child) { stack.append(child) }
            }
        }
        expandingAll.formUnion(toList)
        expandAllRoot = item.path
        message = ""
        lister.request(toList)
        apply(snapshot)
    }

    // MARK: Idle work

    public override var hasIdleWork: Bool { !lister.isIdle || searchResult.isRunning || super.hasIdleWork }

    public override func runIdleStep(budget: Duration) -> Bool {
        if let answer = searchResult.take() {
            show(answer.text, answer.item)
            return true
        }
        if searchResult.isRunning {
            Thread.sleep(forTimeInterval: 0.002)
            return false
        }
        if applyListings(budget: max(budget, stepBudget)) { return true }
        if super.runIdleStep(budget: budget) { return true }
        if !lister.isIdle {
            // The placeholders' progress, and a nap while the thread lists.
            list.reconfigureItems(at: list.indexPathsForVisibleItems)
            Thread.sleep(forTimeInterval: 0.005)
            return true
        }
        return false
    }

    /// Runs idle steps until every listing asked for is applied, or `timeout` passes (for the
    /// scripted session and tests); false on a timeout.
    @discardableResult
    public func settle(timeout: Duration = .seconds(60)) -> Bool {
        let start = ContinuousClock.now
        while !lister.isIdle || expandAllRoot != nil || searchResult.isRunning {
            if ContinuousClock.now - start > timeout { return false }
            if let answer = searchResult.take() { show(answer.text, answer.item) }
            if !applyListings(budget: .milliseconds(50)) { Thread.sleep(forTimeInterval: 0.001) }
            if lister.isIdle, expandingAll.isEmpty, expandAllRoot != nil {
                message = "* \(expandAllRoot!): everything below is expanded"
                expandAllRoot = nil
            }
        }
        if let answer = searchResult.take() { show(answer.text, answer.item) }
        return true
    }
}
