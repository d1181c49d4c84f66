import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal for a child process to take as its terminal, and the side a test reads what it
/// wrote (`DemoMainTests`, the fatal-signal handler's restoring bytes). The C library's
/// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname` are looked up at run time: the Swift overlay of
/// glibc does not declare them. The platform file of the Demo tests (`PlatformFileTests`).
struct PseudoTerminal {
    /// Why the pseudo-terminal could not be made.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The side the test reads: what the program writes to its terminal.
    private let master: Int32
    /// The path of the side the program gets as its terminal.
    let terminalSidePath: String

    /// A new pseudo-terminal, or a `Failure` naming the call that failed.
    init() throws {
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let library = dlopen(nil, RTLD_NOW)
        func symbol(_ name: String) throws -> UnsafeMutableRawPointer {
            guard let address = dlsym(library, name) else { throw Failure(description: "no \(name) in the C library") }
            return address
        }
        let openMaster = unsafeBitCast(try symbol("posix_openpt"), to: Call.self)
        let grant = unsafeBitCast(try symbol("grantpt"), to: Call.self)
        let unlock = unsafeBitCast(try symbol("unlockpt"), to: Call.self)
        let name = unsafeBitCast(try symbol("ptsname"), to: Name.self)
        master = openMaster(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure(description: "posix_openpt failed (errno \(errno))") }
        guard grant(master) == 0, unlock(master) == 0, let path = name(master) else {
            _ = close(master)
            throw Failure(description: "grantpt, unlockpt or ptsname failed (errno \(errno))")
        }
        terminalSidePath = String(cString: path)
    }

    /// Opens the program's side (close-on-exec, so only the child it is handed to keeps it); the
    /// caller closes its own handle once the child runs.
    func openTerminalSide() throws -> FileHandle {
        let descriptor = open(terminalSidePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "open \(terminalSidePath) failed (errno \(errno))") }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Everything written to the terminal until every program side is closed (EIO on Linux, end of
    /// file elsewhere).
    func readToEnd() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    /// Closes the test's side.
    func closeTestSide() { _ = close(master) }
}
