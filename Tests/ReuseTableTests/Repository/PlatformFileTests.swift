import Foundation
import Testing

// The operating system is called from one small file per target, Platform.swift, with a Linux (glibc)
// branch and a Darwin branch; everything else calls its Swift wrappers. So the package builds on macOS
// by writing the Darwin side of those files alone (README.md, "Platforms"). A failure names the file
// and line that reach the C library directly and the platform file the call belongs in.

enum PlatformFiles {
    /// The files that may name glibc: each target's platform file, and the test's own WebDriver client
    /// (its sockets are a test's, with both branches in place).
    static let allowed = [
        "Sources/Bench/Platform.swift",
        "Sources/Demo/Platform.swift",
        "Sources/PagedDatabase/Platform.swift",
        "Sources/Pager/Platform.swift",
        "Sources/ReuseTableTerminal/Terminal/Platform.swift",
        "Sources/Tree/Platform.swift",
        "Sources/Watch/Platform.swift",
        "Tests/DemoTests/PseudoTerminal.swift",
        "Tests/WatchTests/WebDriver.swift",
    ]

    /// Operating-system calls the targets above make, called unqualified (not as a method `x.signal()`).
    static let systemCalls = [
        "_exit", "atexit", "clock_gettime", "dlsym", "dup", "dup2", "exit", "fcntl", "fstat", "getpid", "ioctl",
        "isatty", "lstat", "madvise", "memchr", "memcmp", "mmap", "munmap", "poll", "sigaction", "signal",
        "stat", "strerror", "sysconf", "tcgetattr", "tcsetattr", "usleep",
    ]

    /// The platform file for `path`'s target: the allowed file in the same `Sources/<Target>/` folder.
    static func platformFile(for path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count > 2, parts[0] == "Sources" else { return nil }
        return allowed.first { $0.hasPrefix("Sources/\(parts[1])/") }
    }

    /// Where to move a call found in `path`.
    static func advice(for path: String) -> String {
        if let file = platformFile(for: path) {
            return "move the call into \(file) (the target's platform file) and call its wrapper here"
        }
        return "move the call into the tested target's Platform.swift, or give this target one (a Linux and "
            + "a Darwin branch) and list it in PlatformFiles.allowed"
    }

    /// "path:line: what — advice" for every line of `text` (the file `path`) that names glibc: an
    /// `import` of it, a `canImport` test for it, or a call qualified by its module name.
    static func glibcUses(in text: String, path: String) -> [String] {
        let module = "Glibc"
        let forms = ["import \(module)", "canImport(\(module))", "\(module)."]
        return code(text).compactMap { number, line in
            guard let form = forms.first(where: { line.contains($0) }) else { return nil }
            return "\(path):\(number): `\(form)` — \(advice(for: path))"
        }
    }

    /// "path:line: what — advice" for every unqualified call of `systemCalls` in `text` (the file `path`).
    static func systemCallUses(in text: String, path: String) -> [String] {
        code(text).compactMap { number, line in
            let calls = systemCalls.filter { name in
                var rest = Substring(line)
                while let range = rest.range(of: name + "(") {
                    let before = rest[..<range.lowerBound].last
                    if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false) { return true }
                    rest = rest[range.upperBound...]
                }
                return false
            }
            guard !calls.isEmpty else { return nil }
            return "\(path):\(number): \(calls.map { "`\($0)`" }.joined(separator: ", ")) — \(advice(for: path))"
        }
    }

    /// The one file that may import SQLite's C module or call its functions.
    static let sqliteFile = "Sources/PagedDatabase/Platform.swift"

    /// "path:line: what — advice" for every line of `text` (the file `path`) that imports SQLite's C module
    /// (Debian's through CSQLite, or Darwin's SQLite3) or calls one of its `sqlite3_` functions.
    static func sqliteUses(in text: String, path: String) -> [String] {
        let forms = ["import CSQLite", "import SQLite3", "canImport(SQLite3)", "sqlite3_"]
        return code(text).compactMap { number, line in
            guard let form = forms.first(where: { line.contains($0) }) else { return nil }
            return "\(path):\(number): `\(form)` — SQLite is called only from \(sqliteFile); call its wrapper "
                + "(`Database`, `TableLoader`) here"
        }
    }

    /// The numbered lines of `text` that are code (not a `//` comment), the text after `//` cut.
    private static func code(_ text: String) -> [(Int, String)] {
        text.components(separatedBy: "\n").enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("//") else { return nil }
            return (index + 1, line.components(separatedBy: " //").first ?? line)
        }
    }

    /// The Swift files under `folders`, relative to the repository root.
    static func swiftFiles(under folders: [String]) -> [String] {
        RepositoryMap.files(under: folders).map { $0.folder + $0.name }.filter { $0.hasSuffix(".swift") }
    }

    /// This file: it names glibc in its patterns.
    static let ownPath = "Tests/ReuseTableTests/Repository/PlatformFileTests.swift"
}

@Suite struct PlatformFileTests {
    @Test func glibcIsNamedOnlyInThePlatformFiles() {
        var problems: [String] = []
        for path in PlatformFiles.swiftFiles(under: ["Sources/", "Tests/", "Examples/"])
        where !PlatformFiles.allowed.contains(path) && path != PlatformFiles.ownPath {
            problems += PlatformFiles.glibcUses(in: RepositoryMap.read(path), path: path)
        }
        let clean = problems.isEmpty
        #expect(clean, "glibc named outside the platform files:\n\(problems.joined(separator: "\n"))")
    }

    /// SQLite's C interface is imported and called in one file, whose two branches pick Debian's library
    /// or Darwin's module; the rest of the package calls the Swift wrapper.
    @Test func sqliteIsCalledOnlyFromItsPlatformFile() {
        var problems: [String] = []
        for path in PlatformFiles.swiftFiles(under: ["Sources/", "Tests/", "Examples/"])
        where path != PlatformFiles.sqliteFile && path != PlatformFiles.ownPath {
            problems += PlatformFiles.sqliteUses(in: RepositoryMap.read(path), path: path)
        }
        let clean = problems.isEmpty
        #expect(clean, "SQLite called outside its platform file:\n\(problems.joined(separator: "\n"))")
        let platform = RepositoryMap.read(PlatformFiles.sqliteFile)
        #expect(platform.contains("import CSQLite") && platform.contains("import SQLite3"), "both branches of the SQLite import")
    }

    /// In a target with a platform file, the rest of the target calls its wrappers, never the C library:
    /// `import Foundation` re-exports glibc on Linux, so such a call would build here and break on macOS.
    @Test func targetsWithAPlatformFileCallTheSystemOnlyThere() {
        let folders = PlatformFiles.allowed.filter { $0.hasPrefix("Sources/") }.map { path in
            "Sources/" + path.split(separator: "/")[1] + "/"
        }
        var problems: [String] = []
        for path in PlatformFiles.swiftFiles(under: folders) where !PlatformFiles.allowed.contains(path) {
            problems += PlatformFiles.systemCallUses(in: RepositoryMap.read(path), path: path)
        }
        let clean = problems.isEmpty
        #expect(clean, "the C library called outside the platform files:\n\(problems.joined(separator: "\n"))")
    }

    /// Every listed platform file exists and has both branches.
    @Test func eachPlatformFileHasALinuxAndADarwinBranch() {
        for path in PlatformFiles.allowed where path.hasPrefix("Sources/") {
            let text = RepositoryMap.read(path)
            #expect(text.contains("#if os(Linux)"), "\(path): no `#if os(Linux)` branch (or the file is missing)")
            #expect(text.contains("canImport(Darwin)"), "\(path): no `canImport(Darwin)` branch (or the file is missing)")
        }
    }

    /// The messages name the file, the line and where the call goes.
    @Test func aStrayImportIsReportedWithItsLineAndItsPlatformFile() {
        let text = "import Foundation\n#if canImport(" + "Glibc)\nimport " + "Glibc\n#endif\n// import " + "Glibc, in a comment\n"
        #expect(
            PlatformFiles.glibcUses(in: text, path: "Sources/Pager/LineIndex.swift") == [
                "Sources/Pager/LineIndex.swift:2: `canImport(Glibc)` — move the call into Sources/Pager/Platform.swift "
                    + "(the target's platform file) and call its wrapper here",
                "Sources/Pager/LineIndex.swift:3: `import Glibc` — move the call into Sources/Pager/Platform.swift "
                    + "(the target's platform file) and call its wrapper here",
            ])
        let calls = "semaphore.signal()\nlet x = mmap(nil, 4096, 0, 0, -1, 0)  // mmap(\nlet y = isatty(0) // usleep(1)\n"
        #expect(
            PlatformFiles.systemCallUses(in: calls, path: "Sources/Tree/TreeApp.swift") == [
                "Sources/Tree/TreeApp.swift:2: `mmap` — move the call into Sources/Tree/Platform.swift "
                    + "(the target's platform file) and call its wrapper here",
                "Sources/Tree/TreeApp.swift:3: `isatty` — move the call into Sources/Tree/Platform.swift "
                    + "(the target's platform file) and call its wrapper here",
            ])
        #expect(PlatformFiles.advice(for: "Sources/Store/StoreApp.swift").contains("give this target one"))
        let sqlite = "import " + "CSQLite\nlet status = " + "sqlite3_step(statement)\n// sqlite3_" + "step in a comment\n"
        #expect(
            PlatformFiles.sqliteUses(in: sqlite, path: "Sources/PagedDatabase/TableLoader.swift") == [
                "Sources/PagedDatabase/TableLoader.swift:1: `import CSQLite` — SQLite is called only from "
                    + "Sources/PagedDatabase/Platform.swift; call its wrapper (`Database`, `TableLoader`) here",
                "Sources/PagedDatabase/TableLoader.swift:2: `sqlite3_` — SQLite is called only from "
                    + "Sources/PagedDatabase/Platform.swift; call its wrapper (`Database`, `TableLoader`) here",
            ])
    }
}
