import Foundation

/// Lists folders on a background thread, one after another, and hands the results to the main
/// actor when it asks (`takeResults`), as the pager indexes: a key never waits for a disk.
public final class FolderLister: @unchecked Sendable {
    /// One folder listed: its entries, or why it could not be read.
    public struct Listing: Sendable {
        public var path: String
        public var entries: [DirectoryEntry]
        public var error: String?
    }

    private let reader: any DirectoryReader
    private let lock = NSLock()
    private var pending: [String] = []
    private var queued: Set<String> = []
    private var results: [Listing] = []
    private var working = false
    private var listedCount = 0

    public init(reader: any DirectoryReader) { self.reader = reader }

    /// Queues folders to list (a folder already queued is not queued twice).
    public func request(_ paths: [String]) {
        lock.lock()
        for path in paths where queued.insert(path).inserted { pending.append(path) }
        let start = !working && !pending.isEmpty
        if start { working = true }
        lock.unlock()
        if start { Thread.detachNewThread { [self] in work() } }
    }

    /// Up to `limit` listings done since the last call, in the order they were listed.
    public func takeResults(limit: Int = .max) -> [Listing] {
        lock.lock()
        defer { lock.unlock() }
        let taken = Array(results.prefix(limit))
        results.removeFirst(taken.count)
        return taken
    }

    /// Folders waiting to be listed or whose listing is not yet taken; folders listed so far.
    public var progress: (waiting: Int, listed: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (pending.count + results.count + (working ? 1 : 0), listedCount)
    }

    /// Whether nothing is queued, being listed, or waiting to be taken.
    public var isIdle: Bool {
        lock.lock()
        defer { lock.unlock() }
        return pending.isEmpty && results.isEmpty && !working
    }

    private func work() {
        while true {
            lock.lock()
            guard !pending.isEmpty else {
                working = false
                lock.unlock()
                return
            }
            let path = pending.removeFirst()
            lock.unlock()
            var listing = Listing(path: path, entries: [], error: nil)
            do { listing.entries = try reader.entries(of: path) } catch { listing.error = "\(error)" }
            lock.lock()
            results.append(listing)
            queued.remove(path)
            listedCount += 1
            lock.unlock()
        }
    }
}
