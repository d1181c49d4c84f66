#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("the bench calls the operating system through Linux's glibc or Darwin only")
#endif

// Every operating-system call of the bench, and nothing else: its clock, malloc's statistics, and the
// few descriptor and process calls of the pager suite and the progress line. The Darwin branches
// follow Darwin's headers but have not been compiled (README.md, "Platforms").

/// The calls the bench makes to the operating system.
enum Platform {
    /// Monotonic nanoseconds, never jumping with the wall clock and not counting a suspended machine:
    /// `clock_gettime(CLOCK_MONOTONIC)` on Linux, `clock_gettime_nsec_np(CLOCK_UPTIME_RAW)` on Darwin.
    @inline(__always) static func monotonicNanoseconds() -> UInt64 {
        #if os(Linux)
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
        #elseif canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
        #endif
    }

    /// Bytes currently allocated through malloc; nil when malloc cannot tell.
    ///
    /// Linux: glibc's `mallinfo2()`, the in-use heap (`uordblks`) plus mmapped chunks (`hblkhd`, where
    /// large arrays live). It is declared in `<malloc.h>`, which the Glibc module does not import, so
    /// it is looked up with `dlsym` (glibc 2.33 and later). Its result (ten `size_t`, 80 bytes) is
    /// returned through a caller-provided buffer on x86-64 and arm64; `rusage` (144 bytes) is merely
    /// an imported C struct large enough to be that buffer.
    ///
    /// Darwin: `malloc_zone_statistics` over every zone (a nil zone), its `size_in_use`.
    static func allocatedBytes() -> Int? {
        #if os(Linux)
        guard let mallinfo2 = mallinfo2Function else { return nil }
        let info = mallinfo2()
        return withUnsafeBytes(of: info) { raw in
            let hblkhd = raw.load(fromByteOffset: 4 * 8, as: Int.self)
            let uordblks = raw.load(fromByteOffset: 7 * 8, as: Int.self)
            return uordblks + hblkhd
        }
        #elseif canImport(Darwin)
        var statistics = malloc_statistics_t()
        malloc_zone_statistics(nil, &statistics)
        return Int(statistics.size_in_use)
        #endif
    }

    #if os(Linux)
    private typealias MallInfo2 = @convention(c) () -> rusage
    private static let mallinfo2Function: MallInfo2? = {
        guard MemoryLayout<rusage>.size >= 80, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else { return nil }
        return unsafeBitCast(symbol, to: MallInfo2.self)
    }()
    #endif

    /// True when `descriptor` (2: standard error) is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

    /// A second descriptor for what `descriptor` reads (`dup`).
    static func duplicate(_ descriptor: Int32) -> Int32 { dup(descriptor) }

    /// This process's id (`getpid`).
    static var processID: Int32 { getpid() }

    /// Runs `body` when the process calls `exit()` (`atexit`).
    static func atExit(_ body: @convention(c) () -> Void) { atexit(body) }
}
