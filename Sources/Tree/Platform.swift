#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("the tree calls the operating system through Linux's glibc or Darwin only")
#endif

// Every operating-system call of the file browser, and nothing else: what `lstat` and `stat` say
// about a folder's entries. The Darwin branch is the same code against Darwin's headers (where
// `mode_t` is 16 bits, not 32) and has not been compiled (README.md, "Platforms").

/// The calls the tree makes to the operating system.
enum Platform {
    /// What a path names, the link itself when it is one.
    enum EntryType: Equatable {
        case folder
        case file(size: Int64)
        case link
        case other
    }

    /// What `path` names, links not followed (`lstat`); nil when it cannot be asked.
    static func entryType(_ path: String) -> EntryType? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file(size: Int64(info.st_size))
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// True when `path` names something once links are followed (`stat`): false for a broken link.
    static func targetExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
