#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("ReuseTableTerminal calls the operating system through Linux's glibc or Darwin only")
#endif

// Every operating-system call of the terminal product, and nothing else: `Terminal` decides what to
// do, this file says how on Linux (glibc) and on macOS (Darwin). The Darwin branches follow Darwin's
// headers but have not been compiled (README.md, "Platforms").

/// The calls `Terminal` makes to the operating system.
enum Platform {
    /// The terminal's settings as the C library keeps them (`struct termios`).
    typealias TerminalSettings = termios

    /// True when `descriptor` (0: standard input, 1: standard output) is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The size of the terminal on standard output, in cells: `ioctl(TIOCGWINSZ)`; nil when it cannot be asked.
    static func windowSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        #if os(Linux)
        let status = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)  // glibc: TIOCGWINSZ is an Int32 macro
        #elseif canImport(Darwin)
        let status = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size)  // Darwin: already an unsigned long
        #endif
        guard status == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Reads standard input's terminal settings into `saved` (`tcgetattr`); the `errno` when that fails.
    static func readSettings(into saved: UnsafeMutablePointer<TerminalSettings>) -> Int32? {
        tcgetattr(STDIN_FILENO, saved) == 0 ? nil : errno
    }

    /// Puts standard input in raw mode, starting from `saved` (`tcsetattr`); the `errno` when that fails.
    ///
    /// No echo, no line buffering, no Ctrl-S/Ctrl-Q flow control, CR not turned into LF, 8-bit
    /// characters, Ctrl-Z disabled as the suspend character. `tcflag_t` is `UInt32` on glibc and
    /// `UInt` on Darwin: the flags are converted to whichever it is.
    static func enterRawMode(from saved: TerminalSettings) -> Int32? {
        #if os(Linux)
        let disabled: UInt8 = 0  // glibc's _POSIX_VDISABLE
        #elseif canImport(Darwin)
        let disabled: UInt8 = 0xFF  // Darwin's _POSIX_VDISABLE ('\377')
        #endif
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1  // poll(2) decides when to read; a read then returns what is there
            controls[Int(VTIME)] = 0
            controls[Int(VSUSP)] = disabled  // Ctrl-Z arrives as .ctrl("z") instead of stopping us raw
        }
        return tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 ? nil : errno
    }

    /// Applies `saved` to standard input again (`tcsetattr`); async-signal-safe.
    static func applySettings(_ saved: UnsafePointer<TerminalSettings>) {
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, saved)
    }

    /// `restore` for SIGINT, SIGTERM and SIGHUP, `resize` for SIGWINCH (`signal`).
    static func installSignalHandlers(restore: @convention(c) (Int32) -> Void, resize: @convention(c) (Int32) -> Void) {
        signal(SIGINT, restore)
        signal(SIGTERM, restore)
        signal(SIGHUP, restore)
        signal(SIGWINCH, resize)
    }

    /// The default action again for the signals `installSignalHandlers` took.
    static func resetSignalHandlers() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
        signal(SIGWINCH, SIG_DFL)
    }

    /// The signals that end a process that crashed: a bad memory access, a bad instruction, a trap
    /// (Swift's runtime errors), an abort, an arithmetic fault.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// The position of `signal` in `fatalSignals`, by a `switch` over constants: a signal handler must
    /// not read an array that might not be initialised yet; async-signal-safe.
    static func fatalSignalIndex(_ signal: Int32) -> Int {
        switch signal {
        case SIGSEGV: return 0
        case SIGBUS: return 1
        case SIGILL: return 2
        case SIGTRAP: return 3
        case SIGABRT: return 4
        default: return 5  // SIGFPE
        }
    }

    /// The C library's record of what a signal does (`struct sigaction`).
    typealias SignalAction = sigaction

    /// Makes `handler` run first on each of `fatalSignals` (`sigaction`), storing what each did before
    /// at `previous[i]` (room for `fatalSignals.count`). The handler is reset to the previous action
    /// before it runs, so a second fault inside it is not caught again.
    static func installFatalSignalHandlers(_ handler: @convention(c) (Int32) -> Void, previous: UnsafeMutablePointer<SignalAction>) {
        for (index, signal) in fatalSignals.enumerated() {
            var action = SignalAction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = handler  // glibc: a union named __sigaction_handler
            #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler  // Darwin: a union named __sigaction_u
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previous + index)
        }
    }

    /// Puts back the actions `installFatalSignalHandlers` stored.
    static func resetFatalSignalHandlers(previous: UnsafeMutablePointer<SignalAction>) {
        for index in fatalSignals.indices { sigaction(fatalSignals[index], previous + index, nil) }
    }

    /// Gives `signal` back the action stored at `previous` and raises it again at once (unblocked), so
    /// it does what it did before — a crash report, a core dump; then, should that action return (a
    /// report handler expecting the fault to happen again, a signal sent by `kill`), raises it once
    /// more with the default action, which ends the process. Async-signal-safe (`sigaction`,
    /// `pthread_sigmask`, `raise`).
    static func reraise(_ signal: Int32, previous: UnsafePointer<SignalAction>) {
        sigaction(signal, previous, nil)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
        raise(signal)
        var fallback = SignalAction()  // all zero: SIG_DFL, no flags
        sigemptyset(&fallback.sa_mask)
        sigaction(signal, &fallback, nil)
        raise(signal)
    }

    /// Runs `body` when the process calls `exit()` (`atexit`).
    static func atExit(_ body: @convention(c) () -> Void) {
        atexit(body)
    }

    /// Ends the process at once with `status`, running no `atexit` hook (`_exit`); async-signal-safe.
    static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }

    /// Waits up to `timeoutMilliseconds` for standard input to be readable (`poll`); false on
    /// timeout or when a signal (SIGWINCH) ends the wait.
    static func waitForInput(timeoutMilliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, timeoutMilliseconds) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// Reads what standard input holds into `buffer` (`read`); the byte count, 0 or less when nothing came.
    static func readInput(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        read(STDIN_FILENO, buffer.baseAddress, buffer.count)
    }

    /// Writes all of `buffer` to standard output, retrying short writes and interruptions (`write`);
    /// async-signal-safe.
    static func writeAll(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(STDOUT_FILENO, base + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }
}
