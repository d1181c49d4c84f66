import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of the file being viewed: a read-only memory map of a regular file,
/// or, for a pipe, a large reserved anonymous region filled as data arrives.
///
/// Either way the bytes sit at one stable address (`base`), so the line index,
/// the wrapper and the search all read them in place and never copy the file.
/// Only `available` grows (for a pipe), always under the lock.
final class ByteSource: @unchecked Sendable {
    /// Why a path cannot be viewed; `message` is the one line `Demo view` prints.
    struct OpenError: Error, Equatable {
        var message: String
    }

    /// The name shown in the status line ("-" reads as "(stdin)").
    let name: String
    /// The first byte; nil for an empty file.
    let base: UnsafeMutablePointer<UInt8>?
    /// Bytes mapped or reserved at `base`.
    private let mappedLength: Int
    private let lock = NSLock()
    private var availableBytes: Int
    private var complete: Bool
    /// For a pipe: the descriptor read from, closed at the end of input.
    private let pipeDescriptor: Int32?

    /// Bytes readable now (the whole file for a regular file).
    var available: Int { lock.withLock { availableBytes } }
    /// True once no more bytes will come.
    var isComplete: Bool { lock.withLock { complete } }
    /// True when reading a pipe (the size is not known in advance).
    var isPipe: Bool { pipeDescriptor != nil }

    private init(
        name: String, base: UnsafeMutablePointer<UInt8>?, mappedLength: Int, available: Int,
        complete: Bool, pipeDescriptor: Int32?
    ) {
        self.name = name
        self.base = base
        self.mappedLength = mappedLength
        self.availableBytes = available
        self.complete = complete
        self.pipeDescriptor = pipeDescriptor
    }

    deinit {
        if let base, mappedLength > 0 { munmap(base, mappedLength) }
    }

    /// Opens `path` ("-": standard input, when it is a regular file or a pipe).
    ///
    /// Errors name the path and say why, in one line: it does not exist, is a
    /// directory, is not readable, or cannot be mapped.
    static func open(_ path: String) throws(OpenError) -> ByteSource {
        let descriptor: Int32
        let name: String
        if path == "-" {
            // A copy, so the caller may then put the keyboard (/dev/tty) on descriptor 0.
            descriptor = dup(STDIN_FILENO)
            guard descriptor >= 0 else { throw OpenError(message: "standard input: \(String(cString: strerror(errno)))") }
            name = "(stdin)"
        } else {
            name = (path as NSString).lastPathComponent
            var info = stat()
            guard stat(path, &info) == 0 else { throw OpenError(message: "\(path): \(String(cString: strerror(errno)))") }
            if (info.st_mode & S_IFMT) == S_IFDIR { throw OpenError(message: "\(path): is a directory") }
            descriptor = Glibc.open(path, O_RDONLY)
            guard descriptor >= 0 else { throw OpenError(message: "\(path): \(String(cString: strerror(errno)))") }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw OpenError(message: "\(path): \(String(cString: strerror(errno)))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            defer { close(descriptor) }
            let size = Int(info.st_size)
            guard size > 0 else {
                return ByteSource(name: name, base: nil, mappedLength: 0, available: 0, complete: true, pipeDescriptor: nil)
            }
            guard let raw = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), raw != MAP_FAILED else {
                throw OpenError(message: "\(path): cannot map (\(String(cString: strerror(errno))))")
            }
            // Sequential read-ahead for the index scan; pages stay in the page cache, not in our heap.
            madvise(raw, size, MADV_SEQUENTIAL)
            return ByteSource(
                name: name, base: raw.assumingMemoryBound(to: UInt8.self), mappedLength: size,
                available: size, complete: true, pipeDescriptor: nil)
        case S_IFIFO, S_IFSOCK:
            // Reserve address space only (MAP_NORESERVE): pages are committed as the pipe fills them.
            for shift in [36, 34, 32, 30] {
                let length = 1 << shift
                if let raw = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
                    raw != MAP_FAILED
                {
                    return ByteSource(
                        name: name, base: raw.assumingMemoryBound(to: UInt8.self), mappedLength: length,
                        available: 0, complete: false, pipeDescriptor: descriptor)
                }
            }
            throw OpenError(message: "\(path): cannot reserve memory for a pipe")
        default:
            close(descriptor)
            throw OpenError(message: path == "-" ? "standard input: not a regular file or a pipe" : "\(path): not a regular file")
        }
    }

    /// For a pipe: reads what is there (blocking for at most one read); returns false at end of input.
    /// Called by the indexing thread only.
    func readMore(maximum: Int = 1 << 20) -> Bool {
        guard let descriptor = pipeDescriptor, let base else { return false }
        let start = available
        let room = min(maximum, mappedLength - start)
        guard room > 0 else {
            finish()  // the reservation is full: show what fits
            return false
        }
        let count = read(descriptor, base + start, room)
        if count > 0 {
            lock.withLock { availableBytes += count }
            return true
        }
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        finish()
        return false
    }

    private func finish() {
        lock.withLock { complete = true }
    }

    /// The bytes `range` (must lie within `available`).
    func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        guard let base, !range.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
