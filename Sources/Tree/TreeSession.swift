import Foundation
import ReuseTable
import ReuseTableTerminal

/// `swift run Demo tree [DIR]`: the browser on a terminal; off one, a scripted session that
/// prints what it checked.
@MainActor
public enum TreeSession {
    /// Runs the browser with `runLoop` on a terminal, or the scripted session; returns the exit status.
    public static func run(_ arguments: [String], runLoop: (TreeApp) throws -> Void) -> Int32 {
        let path = arguments.first ?? FileManager.default.currentDirectoryPath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            print("Demo tree: \(path) is not a folder")
            return 2
        }
        if Terminal.isInteractive {
            do {
                try runLoop(TreeApp(path: path))
                return 0
            } catch {
                print("Demo tree: \(error)")
                return 1
            }
        }
        let (lines, failures) = scripted(path)
        print(lines.joined(separator: "\n"))
        return failures == 0 ? 0 : 1
    }

    /// The scripted session on an 80 × 24 screen over `path` (any reader): each check printed as
    /// `ok` or `FAIL`, then a summary.
    public static func scripted(_ path: String, reader: any DirectoryReader = FileSystemReader(), timeout: Duration = .seconds(120))
        -> (lines: [String], failures: Int)
    {
        let start = ContinuousClock.now
        let app = TreeApp(path: path, reader: reader)
        app.resize(width: 80, height: 24)
        var lines: [String] = []
        var failures = 0, checks = 0
        func check(_ ok: Bool, _ what: String) {
            checks += 1
            if !ok { failures += 1 }
            lines.append((ok ? "ok    " : "FAIL  ") + what)
        }
        let list = app.list
        check(list.numberOfItems(inSection: 0) == 2, "opens \(app.rootPath) with a placeholder row while it is listed")
        check(app.settle(timeout: timeout), "the root is listed in the background")
        let rootEntries = app.infos[app.rootPath]?.childCount ?? -1
        check(list.numberOfItems(inSection: 0) == rootEntries + 1, "the root shows its \(rootEntries) entries")
        let snapshot = app.dataSource.snapshot(for: 0)
        if let folder = snapshot.rootItems.first.flatMap({ snapshot.snapshot(of: $0).rootItems.first { app.infos[$0.path]?.isFolder == true } }) {
            let row = app.dataSource.indexPath(for: folder)!.item
            for _ in 0..<row { _ = app.handle(.down) }
            check(app.marked == folder, "↓ marks \(folder.name)/")
            _ = app.handle(.right)
            app.settle(timeout: timeout)
            let count = app.infos[folder.path]?.childCount ?? 0
            check(
                list.numberOfItems(inSection: 0) == rootEntries + 1 + count,
                "→ lists \(folder.name)/ when it expands: \(count) entries, \(app.describe(folder).detail)")
            _ = app.handle(.left)
            check(list.numberOfItems(inSection: 0) == rootEntries + 1, "← collapses it")
            _ = app.handle(.enter)
            check(list.numberOfItems(inSection: 0) == rootEntries + 1 + count, "Enter expands it again, listed once")
        } else {
            lines.append("(no folder in \(app.rootPath) to expand)")
        }
        _ = app.handle(.home)
        _ = app.handle(.char("*"))
        let expandStart = ContinuousClock.now
        let finished = app.settle(timeout: timeout)
        let loaded = app.dataSource.snapshot(for: 0).items.count
        check(
            finished,
            "* expands everything below \(app.rootPath): \(loaded) entries, \(app.lister.progress.listed) folders listed in \(expandStart.duration(to: .now))"
        )
        let all = app.dataSource.snapshot(for: 0)
        check(all.visibleItemCount == all.items.count, "every loaded entry is visible: \(all.visibleItemCount) rows")
        let unreadable = app.infos.values.filter { $0.error != nil }.count
        let broken = app.infos.values.filter { if case .link(_, true) = $0.kind { return true } else { return false } }.count
        lines.append("unreadable folders: \(unreadable), broken links: \(broken) (shown as rows, never fatal)")
        if let target = all.items.last(where: { !$0.isPlaceholder }) {
            _ = app.handle(.home)
            _ = app.handle(.char("/"))
            for c in target.name { _ = app.handle(.char(c)) }
            _ = app.handle(.enter)
            app.settle(timeout: timeout)
            check(app.marked.name == target.name, "/\(target.name) finds a loaded name: \(app.message)")
        }
        lines.append(
            "tree: \(checks - failures) of \(checks) checks passed; \(loaded) entries loaded in \(start.duration(to: .now))")
        return (lines, failures)
    }
}
