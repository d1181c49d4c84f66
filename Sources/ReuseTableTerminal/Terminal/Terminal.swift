/// The interactive terminal: raw mode, alternate screen, the mouse, size, input with a timeout.
///
/// Kept thin on purpose — it cannot run on CI, which has no TTY — so that
/// everything decidable (key decoding, rendering, diffing, the event loop) lives in code the
/// tests reach. The terminal is put back as it was on `restore()`, on
/// `exit()` (an `atexit` hook), on SIGINT, SIGTERM and SIGHUP, and after a crash (SIGSEGV, SIGBUS,
/// SIGILL, SIGTRAP, SIGABRT, SIGFPE: the handler writes the restoring bytes, then raises the signal
/// again for whatever handled it before, Swift's crash report included).
///
/// `EventLoop` drives it for you; by hand:
///
///     let terminal = Terminal()
///     try terminal.enter()
///     defer { terminal.restore() }
///     while true {
///         for key in terminal.readKeys(timeoutMilliseconds: 100) { … }   // .resize after a SIGWINCH
///     }
@MainActor
public final class Terminal: TerminalDevice {
    /// Why `enter()` failed.
    public enum Failure: Error, CustomStringConvertible {
        /// Standard input or output is not a terminal (a pipe, a file, CI).
        case notATerminal
        /// `tcgetattr` or `tcsetattr` failed with `errno`.
        case termios(errno: Int32)

        /// What went wrong, in a sentence.
        public var description: String {
            switch self {
            case .notATerminal: return "standard input and output must both be a terminal (a pipe or a file is not)"
            case .termios(let errno): return "the terminal's settings could not be changed (errno \(errno))"
            }
        }
    }

    /// True when both standard input and output are terminals: the condition for the interactive demo.
    public static var isInteractive: Bool {
        Platform.isTerminal(0) && Platform.isTerminal(1)
    }

    /// The terminal's size in character cells, from `ioctl(TIOCGWINSZ)`; nil when not a terminal.
    public static func size() -> (columns: Int, rows: Int)? {
        Platform.windowSize()
    }

    /// True between `enter()` and `restore()`.
    public private(set) var isActive = false
    private var decoder = KeyDecoder()

    /// A terminal handle; nothing changes until `enter()`.
    public init() {}

    /// How long a lone ESC, or an escape sequence cut short, waits for the rest of its bytes before
    /// `readKeys` gives it up (the Escape key, or `.unknown`): 50 ms.
    public static let escapeDelayMilliseconds: Int32 = 50

    /// Switches to raw mode and the alternate screen, hides the cursor and, if asked, reports the
    /// mouse: presses, releases, drags with a button held and the wheel (modes 1000 and 1002, in the
    /// SGR form of mode 1006).
    ///
    /// Raw mode here: no echo, no line buffering, no Ctrl-S/Ctrl-Q flow
    /// control, CR not turned into LF, Ctrl-Z delivered as a key. Ctrl-C still
    /// raises SIGINT, so a busy demo can always be interrupted — the handler
    /// restores the terminal first.
    public func enter(mouse: Bool = true) throws(Failure) {
        guard !isActive else { return }
        guard Self.isInteractive else { throw .notATerminal }
        let saved = SignalSafeState.shared  // initialised here, never inside a handler
        if let errno = Platform.readSettings(into: saved.savedTermios) { throw .termios(errno: errno) }
        if let errno = Platform.enterRawMode(from: saved.savedTermios.pointee) { throw .termios(errno: errno) }

        saved.isActive.pointee = 1
        atexitOnce()
        Platform.installSignalHandlers(restore: restoreAndExit, resize: noteResize)
        Platform.installFatalSignalHandlers(restoreAndReraise, previous: saved.previousFatalActions)
        isActive = true
        write(Sequence.enterAlternateScreen + Sequence.hideCursor + (mouse ? Sequence.enableMouse : ""))
    }

    /// Puts the terminal back: mouse off, cursor shown, main screen, saved termios, default signal handling.
    public func restore() {
        guard isActive else { return }
        isActive = false
        restoreTerminal()
        Platform.resetSignalHandlers()
        Platform.resetFatalSignalHandlers(previous: SignalSafeState.shared.previousFatalActions)
    }

    /// Writes `string` to standard output in full (retrying short writes and interruptions).
    public func write(_ string: String) {
        let bytes = Array(string.utf8)
        bytes.withUnsafeBytes { Platform.writeAll($0) }
    }

    /// Waits up to `timeoutMilliseconds` for input and returns what arrived (empty on timeout or a signal).
    ///
    /// The timeout lets the caller do idle work — the height precacher — between keys.
    public func readBytes(timeoutMilliseconds: Int32) -> [UInt8] {
        // A SIGWINCH interrupts the wait: the caller sees no input and checks `takeResize()` at once.
        guard Platform.waitForInput(timeoutMilliseconds: timeoutMilliseconds) else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Platform.readInput(into: $0) }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }

    /// Waits up to `timeoutMilliseconds` for input and decodes it into keys; a resize since the last
    /// call (SIGWINCH, which also ends the wait) comes first, as `.resize` with the new size. While
    /// the last read ended inside a key (a lone ESC, a sequence cut short), the wait is
    /// `escapeDelayMilliseconds` and, when nothing more comes, that key is decoded as it is.
    public func readKeys(timeoutMilliseconds: Int32) -> [Key] {
        if let resize = pendingResize() { return [resize] }
        let waiting = decoder.hasPending
        let bytes = readBytes(timeoutMilliseconds: waiting ? Terminal.escapeDelayMilliseconds : timeoutMilliseconds)
        let keys = waiting && bytes.isEmpty ? decoder.flush() : decoder.decode(bytes)
        if let resize = pendingResize() { return [resize] + keys }
        return keys
    }

    /// The terminal's size now (80 × 24 when it cannot be asked).
    public var screenSize: (columns: Int, rows: Int) { Terminal.size() ?? (80, 24) }

    /// `.resize` with the new size once after each SIGWINCH; nil otherwise.
    private func pendingResize() -> Key? {
        guard takeResize() else { return nil }
        let size = screenSize
        return .resize(columns: size.columns, rows: size.rows)
    }

    /// True once after each SIGWINCH.
    private func takeResize() -> Bool {
        let flag = SignalSafeState.shared.resizePending
        guard flag.pointee != 0 else { return false }
        flag.pointee = 0
        return true
    }

    /// The escape sequences the terminal is driven with.
    enum Sequence {
        static let enterAlternateScreen = "\u{1B}[?1049h\u{1B}[2J"
        static let hideCursor = "\u{1B}[?25l"
        /// 1000: report button presses and releases (the wheel is buttons 64/65); 1002: and moves while
        /// a button is held (drags); 1006: in the SGR form, with unlimited coordinates.
        static let enableMouse = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
        /// Everything `enter` changed, undone: mouse off, style reset, cursor shown, main screen back.
        static let restore = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    }
}

// MARK: - Signal-safe restore

/// What the signal handlers touch, in memory allocated before any handler is installed.
///
/// A handler may only call async-signal-safe functions: no allocation, no
/// locks, no Swift runtime work. So the restore bytes and the saved termios
/// live behind raw pointers filled in advance, and a handler only loads them
/// and calls write(2), tcsetattr(3) and _exit(2). The pointers never change,
/// hence `nonisolated(unsafe)`: the only concurrent access is the handler's.
private struct SignalSafeState {
    let savedTermios: UnsafeMutablePointer<Platform.TerminalSettings>
    /// 1 while the terminal is in raw mode (sig_atomic_t-sized).
    let isActive: UnsafeMutablePointer<Int32>
    /// Set to 1 by SIGWINCH, cleared by `takeResize()` (sig_atomic_t-sized).
    let resizePending: UnsafeMutablePointer<Int32>
    let restoreBytes: UnsafeMutablePointer<UInt8>
    let restoreCount: Int
    /// What each of `Platform.fatalSignals` did before `enter()`, in that order.
    let previousFatalActions: UnsafeMutablePointer<Platform.SignalAction>

    nonisolated(unsafe) static let shared: SignalSafeState = {
        let bytes = Array(Terminal.Sequence.restore.utf8)
        let restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        restoreBytes.initialize(from: bytes, count: bytes.count)
        let savedTermios = UnsafeMutablePointer<Platform.TerminalSettings>.allocate(capacity: 1)
        savedTermios.initialize(to: Platform.TerminalSettings())
        let isActive = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        isActive.initialize(to: 0)
        let resizePending = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        resizePending.initialize(to: 0)
        let previousFatalActions = UnsafeMutablePointer<Platform.SignalAction>.allocate(capacity: Platform.fatalSignals.count)
        previousFatalActions.initialize(repeating: Platform.SignalAction(), count: Platform.fatalSignals.count)
        return SignalSafeState(
            savedTermios: savedTermios, isActive: isActive, resizePending: resizePending,
            restoreBytes: restoreBytes, restoreCount: bytes.count, previousFatalActions: previousFatalActions)
    }()
}

/// Restores the terminal with async-signal-safe calls only; does nothing when it is not in raw mode.
private func restoreTerminal() {
    let state = SignalSafeState.shared
    guard state.isActive.pointee != 0 else { return }
    state.isActive.pointee = 0
    Platform.writeAll(UnsafeRawBufferPointer(start: state.restoreBytes, count: state.restoreCount))
    Platform.applySettings(state.savedTermios)
}

/// SIGINT/SIGTERM/SIGHUP: restore, then exit with the conventional 128 + signal status.
private func restoreAndExit(_ signal: Int32) {
    restoreTerminal()
    Platform.exitImmediately(128 + signal)
}

/// A fatal signal: restore, then raise it again for the action it had before `enter()` (the signal
/// stays blocked until this handler returns, so that action runs then).
private func restoreAndReraise(_ signal: Int32) {
    restoreTerminal()
    Platform.reraise(signal, previous: SignalSafeState.shared.previousFatalActions + Platform.fatalSignalIndex(signal))
}

/// SIGWINCH: only set a flag; the event loop does the work.
private func noteResize(_ signal: Int32) {
    SignalSafeState.shared.resizePending.pointee = 1
}

/// Registers `restoreTerminal` to run on `exit()`, once per process.
@MainActor
private func atexitOnce() {
    guard !atexitRegistered else { return }
    atexitRegistered = true
    Platform.atExit { restoreTerminal() }
}

@MainActor private var atexitRegistered = false
