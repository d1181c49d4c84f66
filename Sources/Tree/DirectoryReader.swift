import Foundation

// Reading folders: the one door to the file system, injectable so tests can make a folder
// unreadable even as root (where permissions do not stop reads).

/// What a folder holds, one entry at a time, as `lstat` sees it (links are not followed).
public struct DirectoryEntry: Hashable, Sendable {
    /// What kind of thing an entry is.
    public enum Kind: Hashable, Sendable {
        case folder
        case file
        /// A symbolic link: its target, and whether the target exists. Links are never expanded,
        /// so a link loop is just a row.
        case link(target: String, broken: Bool)
        case other
    }

    public var name: String
    public var kind: Kind
    /// Bytes, for files; 0 otherwise.
    public var size: Int64

    public init(name: String, kind: Kind, size: Int64 = 0) {
        self.name = name
        self.kind = kind
        self.size = size
    }
}

/// Lists folders. `FileSystemReader` reads the disk; tests inject their own.
public protocol DirectoryReader: Sendable {
    /// The entries of the folder at `path`, in any order; throws when it cannot be read.
    func entries(of path: String) throws -> [DirectoryEntry]
}

/// A folder that could not be read, with the reason.
public struct UnreadableFolder: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The real file system, through `lstat` and `readlink`.
public struct FileSystemReader: DirectoryReader {
    public init() {}

    public func entries(of path: String) throws -> [DirectoryEntry] {
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: path)
        } catch {
            throw UnreadableFolder((error as NSError).localizedFailureReason ?? "cannot be read")
        }
        return names.map { name in
            let full = path.hasSuffix("/") ? path + name : path + "/" + name
            switch Platform.entryType(full) {
            case .folder: return DirectoryEntry(name: name, kind: .folder)
            case .file(let size): return DirectoryEntry(name: name, kind: .file, size: size)
            case .link:
                let target = (try? manager.destinationOfSymbolicLink(atPath: full)) ?? "?"
                return DirectoryEntry(name: name, kind: .link(target: target, broken: !Platform.targetExists(full)))
            case .other, nil: return DirectoryEntry(name: name, kind: .other)
            }
        }
    }
}
