import Foundation

/// The bytes of the file being viewed: a read-only memory map of a regular file,
/// or, for a pipe, a large reserved anonymous region filled as data arrives.
///
/// Either way the bytes sit at one stable address (`base`), so the line index,
/// the wrapper, the search and the filter all read them in place and never copy
/// the file. For a regular file the map sits at the start of a larger reserved
/// region, so when the file grows (`F`, see `refresh()`) the new bytes are mapped
/// right after the old ones and every offset stays valid. Only `available` grows,
/// always under the lock.
public final class ByteSource: @unchecked Sendable {
    /// Why a path cannot be viewed; `message` is the one line `Demo view` prints.
    public struct OpenError: Error, Equatable {
        /// The path and what is wrong with it.
        public var message: String
    }

    /// What `refresh()` found.
    enum Change: Equatable {
        case unchanged
        /// The file is longer: `available` now covers the new bytes.
        case grew(bytes: Int)
        /// The file is shorter than what was read (`truncate`, a log rotated by copying).
        case truncated(to: Int)
        /// The path now names another file (a new inode: a log rotated by renaming).
        case replaced
    }

    /// The name shown in the status line ("-" reads as "(stdin)").
    let name: String
    /// The path to reopen after a truncation or a replacement; nil for standard input.
    let path: String?
    /// The first byte; nil only if no address space could be reserved.
    let base: UnsafeMutablePointer<UInt8>?
    /// Bytes reserved at `base`: the file map plus room to grow, or the pipe's buffer.
    private let reservedLength: Int
    /// Bytes of the file mapped at `base` so far (page-rounded up, growing with the file).
    private var mappedFileBytes = 0
    private let lock = NSLock()
    private var availableBytes: Int
    private var complete: Bool
    /// The open file or pipe: a pipe is read from it, a file is re-checked and re-mapped through it.
    private let descriptor: Int32
    private let pipe: Bool
    /// The file's device and inode when opened, to notice a replacement.
    private let identity: (device: UInt64, inode: UInt64)
    /// For a pipe: the bytes from `base` whose pages are committed ahead of `read` (see `readMore()`);
    /// nil when the kernel cannot commit ahead (before Linux 5.14, and on Darwin), and `read` then faults them in.
    private var committedBytes: Int? = 0

    /// Bytes readable now (the whole file for a regular file).
    var available: Int { lock.withLock { availableBytes } }
    /// True once no more bytes will come from a pipe; always true for a file (it grows only through `refresh()`).
    var isComplete: Bool { lock.withLock { complete } }
    /// True when reading a pipe (the size is not known in advance).
    var isPipe: Bool { pipe }

    private init(
        name: String, path: String?, base: UnsafeMutablePointer<UInt8>?, reservedLength: Int, available: Int,
        complete: Bool, descriptor: Int32, pipe: Bool, identity: (UInt64, UInt64)
    ) {
        self.name = name
        self.path = path
        self.base = base
        self.reservedLength = reservedLength
        self.availableBytes = available
        self.complete = complete
        self.descriptor = descriptor
        self.pipe = pipe
        self.identity = identity
    }

    deinit {
        if let base, reservedLength > 0 {
            if !pipe { TruncationGuard.unregister(base) }
            Platform.unmap(base, length: reservedLength)
        }
        Platform.close(descriptor)
    }

    private static var pageSize: Int { Platform.pageSize }

    /// Opens `path` ("-": standard input, when it is a regular file or a pipe).
    ///
    /// Errors name the path and say why, in one line: it does not exist, is a
    /// directory, is not readable, or cannot be mapped.
    public static func open(_ path: String) throws(OpenError) -> ByteSource {
        if path == "-" {
            // A copy, so the caller may then put the keyboard (/dev/tty) on descriptor 0.
            let descriptor = Platform.duplicate(0)
            guard descriptor >= 0 else { throw OpenError(message: "standard input: \(Platform.lastError)") }
            return try open(descriptor: descriptor, name: "(stdin)")
        }
        guard let info = Platform.fileInfo(path: path) else { throw OpenError(message: "\(path): \(Platform.lastError)") }
        if info.kind == .directory { throw OpenError(message: "\(path): is a directory") }
        let descriptor = Platform.openForReading(path)
        guard descriptor >= 0 else { throw OpenError(message: "\(path): \(Platform.lastError)") }
        return try open(descriptor: descriptor, name: (path as NSString).lastPathComponent, path: path)
    }

    /// Takes over `descriptor` (a regular file or a pipe; it is closed with the source or on error).
    public static func open(descriptor: Int32, name: String, path: String? = nil) throws(OpenError) -> ByteSource {
        let label = path ?? "standard input"
        guard let info = Platform.fileInfo(descriptor: descriptor) else {
            let message = "\(label): \(Platform.lastError)"
            Platform.close(descriptor)
            throw OpenError(message: message)
        }
        let identity = (info.device, info.inode)
        switch info.kind {
        case .regular:
            let size = info.size
            // Address space for the file and room to grow (PROT_NONE, MAP_NORESERVE: nothing committed).
            for room in [1 << 36, 1 << 34, 1 << 32, 1 << 30] {
                let length = (size + room + pageSize - 1) / pageSize * pageSize
                guard let raw = Platform.reserve(length, writable: false) else { continue }
                let source = ByteSource(
                    name: name, path: path, base: raw.assumingMemoryBound(to: UInt8.self), reservedLength: length,
                    available: 0, complete: true, descriptor: descriptor, pipe: false, identity: identity)
                TruncationGuard.register(raw, length: length)
                guard source.mapFile(upTo: size) else {
                    throw OpenError(message: "\(label): cannot map (\(Platform.lastError))")
                }
                source.availableBytes = size
                // Sequential read-ahead for the index scan; pages stay in the page cache, not in our heap.
                if size > 0 { Platform.adviseSequential(raw, length: size) }
                return source
            }
            Platform.close(descriptor)
            throw OpenError(message: "\(label): cannot reserve address space")
        case .pipe:
            // A bigger pipe buffer means fewer, larger reads (the writer's side is unchanged).
            Platform.enlargePipeBuffer(descriptor)
            // Reserve address space only (MAP_NORESERVE): pages are committed as the pipe fills them.
            for shift in [36, 34, 32, 30] {
                let length = 1 << shift
                if let raw = Platform.reserve(length, writable: true) {
                    return ByteSource(
                        name: name, path: path, base: raw.assumingMemoryBound(to: UInt8.self), reservedLength: length,
                        available: 0, complete: false, descriptor: descriptor, pipe: true, identity: identity)
                }
            }
            Platform.close(descriptor)
            throw OpenError(message: "\(label): cannot reserve memory for a pipe")
        case .directory, .other:
            Platform.close(descriptor)
            throw OpenError(message: path == nil ? "standard input: not a regular file or a pipe" : "\(label): not a regular file")
        }
    }

    /// Maps the file's bytes `mappedFileBytes..<size` (from the page holding the old end, whose tail
    /// may have been written since) over the reservation. False when the reservation is full or mmap fails.
    private func mapFile(upTo size: Int) -> Bool {
        guard let base else { return false }
        let page = ByteSource.pageSize
        let from = max(0, mappedFileBytes - page) / page * page
        let to = (size + page - 1) / page * page
        guard to > from else { return true }
        guard to <= reservedLength else { return false }
        guard Platform.mapFile(descriptor, offset: from, at: base + from, length: to - from) else { return false }
        mappedFileBytes = to
        return true
    }

    /// For a regular file: looks at the file again, and maps what it gained.
    ///
    /// A file shorter than what was read, or a path that now names another file, is
    /// reported, not followed: the caller reopens the path. A path that is gone (a log
    /// renamed away and not recreated yet) keeps reading the file still open.
    /// - Complexity: two `stat` calls, plus an `mmap` when the file grew.
    func refresh() -> Change {
        guard !pipe else { return .unchanged }
        guard let info = Platform.fileInfo(descriptor: descriptor) else { return .unchanged }
        let size = info.size
        let old = available
        if size < old { return .truncated(to: size) }
        if let path {
            if let named = Platform.fileInfo(path: path), named.device != identity.device || named.inode != identity.inode {
                return .replaced
            }
        }
        guard size > old else { return .unchanged }
        guard mapFile(upTo: size) else { return .unchanged }  // the reservation is full: show what fits
        lock.withLock { availableBytes = size }
        return .grew(bytes: size - old)
    }

    /// For a pipe: reads what is there (blocking for at most one read); returns false at end of input.
    /// Called by the indexing thread only.
    func readMore(maximum: Int = 1 << 20) -> Bool {
        guard pipe, let base else { return false }
        let start = available
        let room = min(maximum, reservedLength - start)
        guard room > 0 else {
            finish()  // the reservation is full: show what fits
            return false
        }
        commitPages(upTo: start + room)
        let count = Platform.read(descriptor, into: base + start, count: room)
        if count > 0 {
            lock.withLock { availableBytes += count }
            return true
        }
        if count < 0, Platform.lastCallWasInterrupted { return true }
        finish()
        return false
    }

    private func finish() {
        lock.withLock { complete = true }
        // Give back the pages committed past the end of the input (at most one read's worth).
        guard let base, let committed = committedBytes else { return }
        let page = ByteSource.pageSize
        let end = (available + page - 1) / page * page
        if committed > end { Platform.release(base + end, length: committed - end) }
        committedBytes = end
    }

    /// Commits the pipe buffer's pages up to `end` before `read` fills them.
    ///
    /// A page that `read` itself faults in is allocated, zeroed and charged while the kernel holds
    /// the pipe's lock, once per 4 KB, and the writer (`cat`) waits meanwhile; one `madvise` for the
    /// whole read's pages costs a quarter less CPU and leaves the pipe alone (Docs/pager.md, "Reading a pipe").
    private func commitPages(upTo end: Int) {
        guard let base, let committed = committedBytes, committed < end else { return }
        let page = ByteSource.pageSize
        let to = min(reservedLength, (end + page - 1) / page * page)
        committedBytes = Platform.populateForWriting(base + committed, length: to - committed) ? to : nil
    }

    /// The bytes `range` (must lie within `available`).
    func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        guard let base, !range.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
