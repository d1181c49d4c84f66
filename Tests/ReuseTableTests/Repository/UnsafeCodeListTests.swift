import Foundation
import Testing

// Docs/unsafe-code.md lists every place under Sources/ that reinterprets memory, manages it by hand,
// holds a reference without a retain or turns the runtime's exclusivity checks off, with the count of
// each construct per file. A new use (or one removed) fails here until the chapter says what it holds.

@Suite struct UnsafeCodeListTests {
    /// The constructs counted. A line's code only: what follows `//` is a comment.
    static let constructs = [
        "ManagedBuffer", "bindMemory", "assumingMemoryBound", "withMemoryRebound", "unsafeBitCast",
        "unsafeDowncast", "Unmanaged", "_withUnsafeGuaranteedRef", "unowned(unsafe)",
        "withUnsafeMutablePointerToElements", ".allocate(capacity:", "load(fromByteOffset:", ".load(as:",
        "@exclusivity(unchecked)",
    ]

    struct Use: Hashable, Comparable, CustomStringConvertible {
        var file: String
        var construct: String
        static func < (a: Use, b: Use) -> Bool { (a.file, a.construct) < (b.file, b.construct) }
        var description: String { "\(file): `\(construct)`" }
    }

    /// How many times each construct appears in each file under Sources/.
    static func countedInSources() throws -> [Use: Int] {
        let root = RepositoryMap.root
        let sources = root.appendingPathComponent("Sources")
        var counts: [Use: Int] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            for line in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n") {
                let code = line.components(separatedBy: "//").first ?? line
                for construct in constructs {
                    let n = code.components(separatedBy: construct).count - 1
                    if n > 0 { counts[Use(file: path, construct: construct), default: 0] += n }
                }
            }
        }
        return counts
    }

    /// The rows of the chapter's tables: `| `file` | `construct` | uses | why |`.
    static func listedInDocs() throws -> [Use: Int] {
        let text = try String(
            contentsOf: RepositoryMap.root.appendingPathComponent("Docs/unsafe-code.md"), encoding: .utf8)
        var listed: [Use: Int] = [:]
        for line in text.components(separatedBy: "\n") where line.hasPrefix("| `Sources/") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5, let uses = Int(cells[3]) else {
                Issue.record("Docs/unsafe-code.md: a row without a count of uses: \(line)")
                continue
            }
            let file = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let construct = cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(!cells[4].isEmpty, "Docs/unsafe-code.md: \(file) `\(construct)` says nothing of what it holds")
            listed[Use(file: file, construct: construct), default: 0] += uses
        }
        return listed
    }

    @Test func theChapterListsEveryUseInTheSources() throws {
        let counted = try Self.countedInSources()
        let listed = try Self.listedInDocs()
        #expect(!counted.isEmpty && !listed.isEmpty)
        for use in Set(counted.keys).union(listed.keys).sorted() {
            let inSources = counted[use] ?? 0, inDocs = listed[use] ?? 0
            #expect(
                inSources == inDocs,
                """
                \(use) appears \(inSources) times in the code, Docs/unsafe-code.md lists \(inDocs): \
                review the change and write in the chapter's table what the storage holds and why
                """)
        }
    }

    /// The chapter's claim that the folders whose types call out to app code keep every runtime
    /// exclusivity check, read from its sentence "No `@exclusivity(unchecked)` in …" and checked
    /// against the code of every file under those folders.
    @Test func theFoldersThatCallOutKeepTheirExclusivityChecks() throws {
        let text = try String(contentsOf: RepositoryMap.root.appendingPathComponent("Docs/unsafe-code.md"), encoding: .utf8)
        let claim = try #require(
            text.components(separatedBy: "\n\n").first { $0.hasPrefix("No `@exclusivity(unchecked)` in ") },
            "Docs/unsafe-code.md no longer says which folders keep their exclusivity checks")
        let folders = claim.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0.hasPrefix("Sources/") }
        for folder in ["Table/", "Collection/", "Views/", "Engine/"].map({ "Sources/ReuseTable/" + $0 }) + ["Sources/ArticleTable/"] {
            #expect(folders.contains(folder), "the chapter's claim leaves out \(folder)")
        }
        let counted = try Self.countedInSources()
        for (use, count) in counted where use.construct == "@exclusivity(unchecked)" {
            for folder in folders where use.file.hasPrefix(folder) {
                #expect(count == 0, "\(use.file) turns exclusivity checks off \(count) times; Docs/unsafe-code.md says \(folder) keeps them")
            }
        }
    }

    /// Every target that holds a counted construct has an entry in Package.swift's `releaseTestTargets`,
    /// the list `.ci/run`'s release-build test run is cut to (Docs/unsafe-code.md, "Release builds test it").
    @Test func everyTargetWithUnsafeCodeIsInTheReleaseTestRun() throws {
        let manifest = try String(contentsOf: RepositoryMap.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let list = try #require(
            manifest.components(separatedBy: "let releaseTestTargets").dropFirst().first?.components(separatedBy: "\n]").first,
            "Package.swift no longer declares releaseTestTargets")
        let listed = Set(list.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        let targets = Set(try Self.countedInSources().keys.map { $0.file.split(separator: "/")[1] }.map(String.init))
        #expect(targets.contains("ReuseTable"))
        for target in targets.sorted() {
            #expect(
                listed.contains(target),
                "Sources/\(target) holds unsafe code (Docs/unsafe-code.md) but Package.swift's releaseTestTargets does not name it")
        }
    }

    /// The storage the optimizer must not misread: no `ManagedBuffer` declares plain numbers as its
    /// elements while the file stores references into it.
    @Test func noManagedBufferDeclaresIntegersAsItsElements() throws {
        let sources = RepositoryMap.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for numbers in ["UInt64>", "UInt8>", "Int>", "UInt>", "Double>"] where text.contains("ManagedBuffer<") {
                let declaresNumbers = text.components(separatedBy: "ManagedBuffer<").dropFirst()
                    .contains { $0.prefix(while: { $0 != "{" && $0 != "\n" }).contains(", \(numbers)") }
                #expect(
                    !declaresNumbers || !text.contains("assumingMemoryBound"),
                    "\(url.lastPathComponent): a ManagedBuffer declared with \(numbers.dropLast()) elements whose memory is reinterpreted")
            }
        }
    }
}
