import Foundation

/// A safety net for reading a memory-mapped file that another process truncates.
///
/// Touching a page of a map that now lies past the file's end raises `SIGBUS`,
/// which would kill the pager: a log truncated in place (`truncate`, `logrotate`'s
/// copytruncate) does exactly that to whatever is on screen or being indexed.
/// The pager notices truncation itself (`ByteSource.refresh()`) and reopens the
/// file, but a thread may touch such a page between the truncation and that check.
/// This handler turns the fault into a page of zeros when the address lies in a
/// registered map, so the read returns NULs (drawn as `␀`) until the pager has
/// reopened the file. A fault anywhere else gets the default action, as before.
///
/// The registry is a fixed table the handler reads without a lock (a handler may
/// not take locks); registering and unregistering take `lock`.
public enum TruncationGuard {
    private static let capacity = 64
    /// `capacity` pairs (start, end) of registered maps; (0, 0) is a free slot.
    nonisolated(unsafe) private static let regions: UnsafeMutablePointer<UInt> = {
        let table = UnsafeMutablePointer<UInt>.allocate(capacity: 2 * capacity)
        table.initialize(repeating: 0, count: 2 * capacity)
        return table
    }()
    private static let page = UInt(Platform.pageSize)
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false
    /// Faults turned into zero pages so far (tests read it; the pager does not need it).
    nonisolated(unsafe) private(set) static var repairedFaults = 0

    /// Watches `length` bytes from `start`; installs the handler on first use.
    static func register(_ start: UnsafeMutableRawPointer, length: Int) {
        let from = UInt(bitPattern: start)
        lock.withLock {
            _ = regions
            _ = page
            for slot in 0..<capacity where regions[2 * slot] == 0 {
                regions[2 * slot + 1] = from + UInt(length)
                regions[2 * slot] = from
                break
            }
            guard !installed else { return }
            installed = true
            Platform.installBusErrorHandler()
        }
    }

    /// Stops watching the map that starts at `start`.
    static func unregister(_ start: UnsafeMutableRawPointer) {
        let from = UInt(bitPattern: start)
        lock.withLock {
            for slot in 0..<capacity where regions[2 * slot] == from {
                regions[2 * slot] = 0
                regions[2 * slot + 1] = 0
            }
        }
    }

    /// The handler, given the faulting address: only async-signal-safe work (a table read, one `mmap`).
    static func handleFault(at address: UInt) {
        for slot in 0..<capacity {
            let start = regions[2 * slot]
            guard start != 0, address >= start, address < regions[2 * slot + 1] else { continue }
            let pageStart = address & ~(page - 1)
            if Platform.mapZeros(at: UnsafeMutableRawPointer(bitPattern: pageStart), length: Int(page)) {
                repairedFaults += 1
                return  // the faulting read runs again and sees zeros
            }
        }
        Platform.restoreDefaultBusErrorAction()  // not ours: the read faults again and the process ends as it would have
    }
}
