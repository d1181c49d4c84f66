import Foundation
@testable import Pager

/// Temporary files for the pager tests, removed when the value goes away.
final class PagerScratch {
    let directory: URL
    private var files = 0

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pager-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes `bytes` to a new file and returns its path.
    func file(_ bytes: [UInt8], name: String? = nil) -> String {
        files += 1
        let url = directory.appendingPathComponent(name ?? "f\(files).txt")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }

    /// A document over `bytes`, indexed in chunks of `chunkBytes`.
    func document(_ bytes: [UInt8], chunkBytes: Int = 8 << 20) throws -> PagerDocument {
        PagerDocument(source: try ByteSource.open(file(bytes)), chunkBytes: chunkBytes)
    }
}

/// The obviously correct line split the index is checked against.
func simpleLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if bytes.last == 0x0A || bytes.isEmpty { lines.removeLast() }
    return lines
}
