#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("the demo calls the operating system through Linux's glibc or Darwin only")
#endif

// Every operating-system call of the demo's own code, and nothing else (the pager, the tree, the
// watch page, the bench and the terminal product have their own Platform.swift). The Darwin
// branches follow Darwin's headers but have not been compiled (README.md, "Platforms").

/// The calls the demo makes to the operating system.
enum Platform {
    /// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`: `clock_gettime` on
    /// Linux, `clock_gettime_nsec_np` on Darwin).
    static func threadCPUNanoseconds() -> UInt64 {
        #if os(Linux)
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        #elseif canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_THREAD_CPUTIME_ID)
        #endif
    }

    /// Ends the process with `status`, running the `atexit` hooks (`exit`): the terminal is put back.
    static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }
}
