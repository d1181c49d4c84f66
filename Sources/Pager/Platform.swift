#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("the pager calls the operating system through Linux's glibc or Darwin only")
#endif

// Every operating-system and C library call of the pager, and nothing else: the file's map and the
// pipe's buffer (`mmap`, `madvise`), files and descriptors, the SIGBUS handler of `TruncationGuard`,
// the keyboard when the file comes on standard input, and the byte scans (`memchr`, `memcmp`).
// The Darwin branches follow Darwin's headers but have not been compiled (README.md, "Platforms").

/// The calls the pager makes to the operating system.
enum Platform {
    // MARK: Descriptors and files

    /// What `stat` says about a file, as the pager needs it.
    struct FileInfo {
        enum Kind { case directory, regular, pipe, other }
        var kind: Kind
        var size: Int
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: kind = .directory
            case S_IFREG: kind = .regular
            case S_IFIFO, S_IFSOCK: kind = .pipe
            default: kind = .other
            }
            size = Int(info.st_size)
            device = UInt64(truncatingIfNeeded: info.st_dev)  // dev_t: UInt64 on glibc, Int32 on Darwin
            inode = UInt64(info.st_ino)
        }
    }

    /// `path`'s file, links followed (`stat`); nil with `errno` set when it cannot be asked.
    static func fileInfo(path: String) -> FileInfo? {
        var info = stat()
        return stat(path, &info) == 0 ? FileInfo(info) : nil
    }

    /// The file open on `descriptor` (`fstat`); nil with `errno` set when it cannot be asked.
    static func fileInfo(descriptor: Int32) -> FileInfo? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileInfo(info) : nil
    }

    /// What the last failed call set `errno` to, in words (`strerror`): "No such file or directory".
    static var lastError: String { String(cString: strerror(errno)) }

    /// True when the last failed call was interrupted or would have blocked (`EINTR`, `EAGAIN`).
    static var lastCallWasInterrupted: Bool { errno == EINTR || errno == EAGAIN }

    /// Opens `path` read-only (`open`); a negative descriptor on failure.
    static func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY) }

    /// A second descriptor for what `descriptor` reads (`dup`); negative on failure.
    static func duplicate(_ descriptor: Int32) -> Int32 { dup(descriptor) }

    /// Closes `descriptor`.
    static func close(_ descriptor: Int32) {
        #if os(Linux)
        _ = Glibc.close(descriptor)
        #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
        #endif
    }

    /// Reads at most `count` bytes from `descriptor` into `buffer` (`read`): the count, 0 at the end, negative on error.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        #if os(Linux)
        Glibc.read(descriptor, buffer, count)
        #elseif canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Asks for a 1 MB pipe buffer on `descriptor`, for fewer and larger reads (Linux's `F_SETPIPE_SZ`;
    /// Darwin sizes its pipe buffers itself, so nothing is asked there).
    static func enlargePipeBuffer(_ descriptor: Int32) {
        #if os(Linux)
        let setPipeSize: Int32 = 1_024 + 7  // F_SETPIPE_SZ, not exported by the Glibc module
        _ = fcntl(descriptor, setPipeSize, 1 << 20)
        #endif
    }

    /// True when standard input (0) or output (1) is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Puts the controlling terminal on standard input (`/dev/tty`), as `less` does when the file
    /// came on standard input; nothing changes when there is none.
    static func readKeysFromControllingTerminal() {
        let tty = open("/dev/tty", O_RDWR)
        guard tty >= 0 else { return }
        dup2(tty, STDIN_FILENO)
        close(tty)
    }

    /// Sleeps the calling thread for `microseconds` (`usleep`): the wait of a scan for bytes still to come.
    static func sleep(microseconds: UInt32) { usleep(microseconds) }

    // MARK: Memory maps

    /// The size of a memory page (`sysconf(_SC_PAGESIZE)`).
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    #if os(Linux)
    private static let anonymous = MAP_ANONYMOUS
    #elseif canImport(Darwin)
    private static let anonymous = MAP_ANON  // Darwin's spelling; MAP_ANONYMOUS is missing from older SDKs
    #endif

    /// Reserves `length` bytes of address space, nothing committed (`mmap`, anonymous, `MAP_NORESERVE`):
    /// readable and writable for a pipe's buffer, or inaccessible until a file is mapped over it.
    static func reserve(_ length: Int, writable: Bool) -> UnsafeMutableRawPointer? {
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_NONE
        let raw = mmap(nil, length, protection, MAP_PRIVATE | anonymous | MAP_NORESERVE, -1, 0)
        return raw == MAP_FAILED ? nil : raw
    }

    /// Maps `length` bytes of the file open on `descriptor`, from `offset`, read-only at `address`
    /// (`mmap`, `MAP_FIXED`, over a reservation); false when it fails.
    static func mapFile(_ descriptor: Int32, offset: Int, at address: UnsafeMutableRawPointer, length: Int) -> Bool {
        mmap(address, length, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, off_t(offset)) != MAP_FAILED
    }

    /// Maps one page of zeros, read-only, at `address` (`mmap`, `MAP_FIXED`); async-signal-safe.
    static func mapZeros(at address: UnsafeMutableRawPointer?, length: Int) -> Bool {
        mmap(address, length, PROT_READ, MAP_PRIVATE | anonymous | MAP_FIXED, -1, 0) != MAP_FAILED
    }

    /// Gives back a reservation (`munmap`).
    static func unmap(_ address: UnsafeMutableRawPointer, length: Int) { munmap(address, length) }

    /// Tells the kernel `length` bytes from `address` will be read in order (`MADV_SEQUENTIAL`).
    static func adviseSequential(_ address: UnsafeMutableRawPointer, length: Int) {
        madvise(address, length, MADV_SEQUENTIAL)
    }

    /// Gives back the pages of `length` bytes from `address`, which read as zeros again (`MADV_DONTNEED`).
    static func release(_ address: UnsafeMutableRawPointer, length: Int) {
        madvise(address, length, MADV_DONTNEED)
    }

    /// Commits the pages of `length` bytes from `address` before they are written, in one call
    /// (Linux 5.14's `MADV_POPULATE_WRITE`); false where the kernel cannot (older Linux, and Darwin,
    /// which has no such advice): the writes then fault the pages in one at a time.
    static func populateForWriting(_ address: UnsafeMutableRawPointer, length: Int) -> Bool {
        #if os(Linux)
        let populateWrite: Int32 = 23  // MADV_POPULATE_WRITE, not exported by the Glibc module
        return madvise(address, length, populateWrite) == 0
        #else
        return false
        #endif
    }

    // MARK: SIGBUS

    /// Sends every SIGBUS to `TruncationGuard.handleFault(at:)` with the faulting address (`sigaction`,
    /// `SA_SIGINFO`: glibc names the handler's union `__sigaction_handler` and the address
    /// `_sifields._sigfault.si_addr`, Darwin `__sigaction_u` and `si_addr`).
    static func installBusErrorHandler() {
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_sigaction = { _, info, _ in
            TruncationGuard.handleFault(at: UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr))
        }
        #elseif canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = { _, info, _ in
            TruncationGuard.handleFault(at: UInt(bitPattern: info?.pointee.si_addr))
        }
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
    }

    /// SIGBUS's default action again (`signal`): the next fault ends the process; async-signal-safe.
    static func restoreDefaultBusErrorAction() { signal(SIGBUS, SIG_DFL) }

    // MARK: Byte scans

    /// The first `byte` in `count` bytes from `start` (`memchr`).
    @inline(__always) static func find(_ byte: UInt8, from start: UnsafeRawPointer, count: Int) -> UnsafeMutableRawPointer? {
        memchr(start, Int32(byte), count)
    }

    /// True when the `count` bytes at `start` are `pattern`'s first `count` bytes (`memcmp`).
    @inline(__always) static func matches(_ start: UnsafeRawPointer, _ pattern: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(start, pattern, count) == 0
    }
}
