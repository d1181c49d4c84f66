import Foundation

// The one operating-system difference of the watch command, and nothing else: which program opens
// a file in the browser. The Darwin branch has not been run (README.md, "Platforms").

/// The calls the watch command makes to the operating system.
enum Platform {
    /// The program and arguments that open `path` in the default browser: `xdg-open` on Linux
    /// (found on the `PATH` through `env`), `open` on macOS; nil where neither is known.
    static func browserCommand(opening path: String) -> (executable: URL, arguments: [String])? {
        #if os(Linux)
        return (URL(fileURLWithPath: "/usr/bin/env"), ["xdg-open", path])
        #elseif canImport(Darwin)
        return (URL(fileURLWithPath: "/usr/bin/open"), [path])
        #else
        return nil
        #endif
    }
}
