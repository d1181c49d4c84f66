import Foundation

/// The ```swift blocks of README.md and Docs/*.md, and the test file that compiles them, `DocExamples.swift`.
///
/// Each block becomes the body of its own method of the `DocExamples` suite, so it compiles on its own
/// against the public API: the generated file imports `ReuseTable` without `@testable`. Types a block
/// declares become local types of that method; statements run when the test runs. A block whose
/// preceding line is `<!-- doc-example: compile-only -->` (a reason may follow `compile-only`) is
/// compiled but never run. A block cannot
/// declare what a function body cannot hold (an `extension`, a `protocol`, an access level, an import
/// other than Foundation, ReuseTable and ReuseTableTerminal): the extractor stops naming it. Blocks that sketch internal
/// code are ```text, not ```swift.
///
/// Plain Foundation and no Testing, because two programs compile it: the `DocExamplesTests` target
/// (`DocExamplesFreshnessTests` checks that the generated file matches the docs) and
/// `scripts/extract-doc-examples`, which compiles this file alone with `swiftc` and writes the
/// generated file — so it works even when the stale generated file no longer compiles.
enum DocExampleExtractor {
    /// One ```swift block of a document.
    struct Block: Equatable {
        /// The document, relative to the repository root (`Docs/diffable.md`).
        var file: String
        /// The block's number within its document, from 1.
        var number: Int
        /// The line of its opening fence, from 1.
        var line: Int
        /// Its lines, without the fence's indentation.
        var code: [String]
        /// Compiled, never run.
        var isCompileOnly: Bool

        /// How messages and test names call it.
        var title: String { "\(file), block \(number)" }

        /// `Docs/auto-layout.md` block 2 → `autoLayoutBlock2`.
        var functionName: String {
            let stem = (file as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
            let words = stem.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            let camel = words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
            return "\(camel)Block\(number)"
        }
    }

    /// Why the docs cannot be extracted, naming the document and line.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The generated file, relative to the repository root.
    static let generatedPath = "Tests/DocExamplesTests/DocExamples.swift"
    /// How the line that makes the next block compile-only starts (a reason may follow before ` -->`).
    static let compileOnlyMarker = "<!-- doc-example: compile-only"
    /// What the generated file imports itself; a block may repeat these (they are dropped).
    static let importedModules: Set<String> = ["Foundation", "ReuseTable", "ReuseTableTerminal"]

    /// README.md, then Docs/*.md by name, relative to `root`.
    static func documents(root: URL) throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }

    /// Every ```swift block of the documents under `root`, in order.
    static func blocks(root: URL) throws -> [Block] {
        try documents(root: root).flatMap { file in
            try blocks(in: String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file: file)
        }
    }

    /// The ```swift blocks of one document's `text`.
    static func blocks(in text: String, file: String) throws -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard let fence = openingFence(lines[index]) else {
                index += 1
                continue
            }
            let start = index
            var code: [String] = []
            index += 1
            while index < lines.count, !isClosingFence(lines[index], fence: fence) {
                code.append(String(lines[index].dropFirst(min(fence.indent, leadingSpaces(lines[index])))))
                index += 1
            }
            guard index < lines.count else { throw Failure(description: "\(file):\(start + 1): the code block is never closed") }
            index += 1
            guard fence.language == "swift" else { continue }
            let previous = lines[..<start].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let block = Block(
                file: file, number: blocks.count + 1, line: start + 1, code: try checked(code, file: file, fenceLine: start + 1),
                isCompileOnly: previous?.trimmingCharacters(in: .whitespaces).hasPrefix(compileOnlyMarker) == true)
            blocks.append(block)
        }
        return blocks
    }

    /// A fence's indentation, marker (three or more backticks) and language.
    private struct Fence {
        var indent: Int
        var marker: String
        var language: String
    }

    private static func leadingSpaces(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    private static func openingFence(_ line: String) -> Fence? {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        let marker = rest.prefix { $0 == "`" }
        guard marker.count >= 3 else { return nil }
        let language = rest.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
        return Fence(indent: indent, marker: String(marker), language: language.lowercased())
    }

    private static func isClosingFence(_ line: String, fence: Fence) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix(fence.marker) && trimmed.allSatisfy { $0 == "`" }
    }

    /// The block's lines without the imports the generated file makes; stops at what a function body cannot hold.
    private static func checked(_ code: [String], file: String, fenceLine: Int) throws -> [String] {
        var kept: [String] = []
        for (offset, line) in code.enumerated() {
            let location = "\(file):\(fenceLine + 1 + offset)"
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first, leadingSpaces(line) == 0 else {
                kept.append(line)
                continue
            }
            if first == "import" || first == "@testable" {
                let module = words.last ?? ""
                guard first == "import", words.count == 2, importedModules.contains(module) else {
                    throw Failure(
                        description: "\(location): `\(line)`: a doc example can import only \(importedModules.sorted().joined(separator: " and ")) "
                            + "(it must compile against the public API alone)")
                }
                continue
            }
            let forbidden = ["extension", "protocol", "public", "open", "internal", "fileprivate", "private", "@main"]
            if forbidden.contains(first) {
                throw Failure(
                    description: "\(location): `\(line)`: a ```swift block is compiled as the body of a function, where `\(first)` "
                        + "cannot appear at the top level; declare it inside a type, or make the block ```text if it sketches internal code")
            }
            kept.append(line)
        }
        // The imports gone, no blank lines at either end.
        while kept.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { kept.removeFirst() }
        while kept.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { kept.removeLast() }
        return kept
    }

    /// One block as a method of the suite: `throws`, and `async` when the block awaits (only then: in an
    /// async context a call like `apply(_:)` would pick its async overload and need an `await`).
    static func render(_ block: Block) -> String {
        let body = block.code.map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        let effects = block.code.contains { $0.contains("await ") } ? "async throws" : "throws"
        let header =
            block.isCompileOnly
            ? "    /// \(block.title): compile-only.\n    func \(block.functionName)() \(effects) {"
            : "    @Test(\"\(block.title)\") func \(block.functionName)() \(effects) {"
        return header + "\n" + body + "\n    }\n"
    }

    /// The whole generated file.
    static func render(_ blocks: [Block]) -> String {
        """
        // swift-format-ignore-file
        // Generated by scripts/extract-doc-examples from the ```swift blocks of README.md and Docs/*.md: do not edit.
        // Edit the document, then run the script; DocExamplesFreshnessTests fails until this file matches the docs.
        // Each block is the body of its own method, so it compiles on its own against the public API (no
        // `@testable`), and runs as a test unless its document marks it compile-only (see DocExampleExtractor).

        import Foundation
        import ReuseTable
        import ReuseTableTerminal
        import Testing

        @MainActor
        @Suite struct DocExamples {

        """ + blocks.map(render).joined(separator: "\n") + "}\n"
    }

    /// Nil when the generated file under `root` matches the docs; otherwise what differs, naming the block.
    static func staleness(root: URL) throws -> String? {
        let blocks = try blocks(root: root)
        let generated = (try? String(contentsOf: root.appendingPathComponent(generatedPath), encoding: .utf8)) ?? ""
        guard generated != render(blocks) else { return nil }
        let advice = "run scripts/extract-doc-examples to regenerate \(generatedPath)"
        if let changed = blocks.first(where: { !generated.contains(render($0)) }) {
            return "\(changed.title) (line \(changed.line)) is not what \(generatedPath) compiles: \(advice)."
        }
        return "a block was removed or moved since \(generatedPath) was generated: \(advice)."
    }

    /// `scripts/extract-doc-examples [--check]`, run from the repository root: writes the generated file,
    /// or with `--check` only reports whether it is stale. Returns the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            if arguments.dropFirst().contains("--check") {
                guard let stale = try staleness(root: root) else { return 0 }
                FileHandle.standardError.write(Data((stale + "\n").utf8))
                return 1
            }
            let blocks = try blocks(root: root)
            try render(blocks).write(to: root.appendingPathComponent(generatedPath), atomically: true, encoding: .utf8)
            print("\(generatedPath): \(blocks.count) blocks (\(blocks.filter(\.isCompileOnly).count) compile-only)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("extract-doc-examples: \(error)\n".utf8))
            return 1
        }
    }
}
