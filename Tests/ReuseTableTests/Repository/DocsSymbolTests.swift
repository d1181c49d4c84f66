import Foundation
import Testing

// The chapters name functions, types and tests so a reader can find them; a rename must not leave a
// chapter pointing at nothing. Every backticked span of Docs/*.md and README.md that looks like a
// symbol (`SlotTree`, `TableView.automaticDimension`, `row(_:changedHeight:)`), and every call in a
// plain diagram block (`visibleSlots(in: viewport)`), must name one of: a declaration under Sources/ or
// Tests/ (the chapters name the tests behind each claim), with the same argument labels when the span
// gives them; an argument label (`didSelectRowAt`); a string literal of Sources/ (the bench's suite and
// operation names); a target of Package.swift (`Feed`, `BenchTests`); or a foreign name listed once in
// `DocsSymbols.foreign`.

/// What the sources declare, read once: names, argument labels and the label lists each function accepts.
struct DeclarationIndex {
    /// Every name declared by `func`, `var`, `let`, `case`, a type, `typealias`, `associatedtype`, or
    /// extended by `extension`.
    var names: Set<String> = []
    /// Every external argument label of a function, initializer, subscript or enum case: a chapter may
    /// name a delegate method by its distinctive label, as UIKit's documentation does (`didSelectRowAt`).
    var labels: Set<String> = []
    /// For each function, initializer (`init`) and enum case, the label lists it can be named with: its
    /// full list, and the list without trailing parameters that have a default or are closures.
    var signatures: [String: Set<[String]>] = [:]
    /// Identifier-like string literals: the bench's suite and operation names are strings, not declarations.
    var strings: Set<String> = []

    /// Reads `sources` and `tests`; only the sources' string literals count as names.
    init(sources: [String], tests: [String] = []) {
        for source in sources { add(DocsSymbols.tokens(of: source), withStrings: true) }
        for test in tests { add(DocsSymbols.tokens(of: test), withStrings: false) }
    }

    private mutating func add(_ tokens: [DocsSymbols.Token], withStrings: Bool) {
        var i = 0
        func identifier(at index: Int) -> String? {
            guard index < tokens.count, case .identifier(let name) = tokens[index] else { return nil }
            return name
        }
        func isPunctuation(_ index: Int, _ text: String) -> Bool {
            index < tokens.count && tokens[index] == .punctuation(text)
        }
        /// Skips a generic parameter clause at `index`, if any; returns the index after it.
        func skipGenerics(_ index: Int) -> Int {
            guard isPunctuation(index, "<") else { return index }
            var depth = 0, j = index
            while j < tokens.count {
                if isPunctuation(j, "<") { depth += 1 }
                if isPunctuation(j, ">") { depth -= 1 }
                j += 1
                if depth == 0 { return j }
            }
            return j
        }
        /// Records the parameter list opening at `index` under `name`.
        func addParameters(of name: String, at index: Int) {
            guard isPunctuation(index, "(") else { return }
            let parameters = DocsSymbols.parameters(tokens, openingAt: index)
            labels.formUnion(parameters.map { $0.label })
            var accepted = parameters.count
            signatures[name, default: []].insert(parameters.map { $0.label })
            while accepted > 0, parameters[accepted - 1].isOptional {
                accepted -= 1
                signatures[name, default: []].insert(parameters[..<accepted].map { $0.label })
            }
        }
        while i < tokens.count {
            switch tokens[i] {
            case .string(let text) where withStrings:
                strings.insert(text)
            case .identifier("func"):
                if let name = identifier(at: i + 1) {
                    names.insert(name)
                    addParameters(of: name, at: skipGenerics(i + 2))
                }
            case .identifier("init"), .identifier("subscript"):
                guard case .identifier(let keyword) = tokens[i] else { break }
                var j = i + 1
                if isPunctuation(j, "?") || isPunctuation(j, "!") { j += 1 }
                addParameters(of: keyword, at: skipGenerics(j))
            case .identifier("case"):
                // `case a, b(x: Int), c = 3` — and, harmlessly, the patterns of a switch.
                var j = i + 1
                while j < tokens.count {
                    if isPunctuation(j, ".") || identifier(at: j) == "let" || identifier(at: j) == "var" { j += 1 }
                    guard let name = identifier(at: j) else { break }
                    names.insert(name)
                    j += 1
                    if isPunctuation(j, "(") {
                        addParameters(of: name, at: j)
                        j = DocsSymbols.closing(tokens, of: j) + 1
                    }
                    guard isPunctuation(j, ",") else { break }
                    j += 1
                }
            case .identifier("var"), .identifier("let"):
                if let name = identifier(at: i + 1) {
                    names.insert(name)
                } else if isPunctuation(i + 1, "(") {
                    // let (a, b) = …
                    for j in (i + 2)..<DocsSymbols.closing(tokens, of: i + 1) {
                        if let name = identifier(at: j) { names.insert(name) }
                    }
                }
            case .identifier(let keyword) where DocsSymbols.typeKeywords.contains(keyword):
                if let name = identifier(at: i + 1) { names.insert(name) }
            default:
                break
            }
            i += 1
        }
    }

    /// Whether `name` is declared, is an argument label, or is an identifier-like string literal.
    func knows(_ name: String) -> Bool {
        names.contains(name) || labels.contains(name) || strings.contains(name)
    }
}

enum DocsSymbols {
    /// Names that are not ours — written once, by owner. A chapter compares ReuseTable with UIKit, the
    /// standard library, the C library and tools, and the articles and libraries it learned from; a span
    /// naming one of those is checked against this list instead of the sources. Names with a foreign
    /// prefix (`foreignPrefixes`) need no entry.
    static let foreign: [String: Set<String>] = [
        "Swift and its runtime": [
            "Bool", "Int", "UInt", "UInt32", "UInt64", "Float", "Double", "Set", "Dictionary", "Sendable", "ObjectIdentifier", "AnyIterator",
            "ManagedBuffer", "Unmanaged", "InlineArray", "greatestFiniteMagnitude", "infinity", "super",
            "isKnownUniquelyReferenced", "withUnsafeBufferPointer", "popLast", "updateValue", "lastIndex", "firstIndex",
            "unsafeDowncast", "unsafeBitCast", "withUnsafeMutablePointerToElements", "bindMemory", "assumingMemoryBound",
            "_withUnsafeGuaranteedRef", "Self",
        ],
        "Foundation and XCTest": ["Foundation", "UUID", "Timer", "XCTestCase", "IndexSet", "DispatchTime", "RunLoop"],
        "UIKit, beyond the UI/NS prefixes": [
            "allowsSelectionDuringEditing", "allowsMultipleSelectionDuringEditing", "selectionFollowsFocus",
            "selectedBackgroundView", "scrollToNearestSelectedRow", "willDisplaySupplementaryView",
            "didEndDisplayingSupplementaryView", "prepareLayout", "sizeForItemAtIndexPath", "moveItemAtIndexPath",
            "systemLayoutSizeFittingSize",
        ],
        "C library, kernel and tools": [
            "mallinfo2", "mmap", "memchr", "memcmp", "MAP_NORESERVE", "CLOCK_MONOTONIC", "clock_gettime", "AnonHugePages", "docc", "perf",
            "less", "fetch", "__weak", "PROT_NONE", "SIGBUS", "F_SETPIPE_SZ", "MADV_HUGEPAGE", "MADV_POPULATE_WRITE",
            "exc_page_fault", "clear_page_erms", "pwrite", "memfd", "splice", "poll", "madvise", "exit", "stat", "lstat",
            "memmem", "dlsym", "size_t", "uuid_t",
            "MAP_ANON", "CLOCK_UPTIME_RAW", "sigaction",
        ],
        "Textual, the Python TUI framework measured beside the terminal product": ["OptionList", "pause"],
        "the 2013 article Let's Build UITableView": [
            "generateHeightAndOffsetData", "layoutTableRows", "findRowForOffsetY", "returnNonVisibleRowsToThePool",
        ],
        "SQLite: its SQL, its C macros and the module map of its system library target": [
            "OFFSET", "LIKE", "SQLITE_TRANSIENT", "modulemap", "SQLite3",
        ],
        "kiwi": ["Expression"],
        "a field of `Demo bench --json`, written inside a format string": ["median_ns"],
        "TanStack Virtual": ["resizeItem", "shouldAdjustScrollPositionOnItemSizeChange"],
        "module and product names of Package.swift, not declared in Swift": ["ReuseTableTerminal"],
    ]

    /// UIKit and Foundation (`UI`, `NS`, `CF`), FDTemplateLayoutCell (`FD`, `fd_`), the waterfall
    /// article's framework (`LT`), the 2013 article (`PG`), the Swift runtime (`swift_`).
    static let foreignPrefixes = ["UI", "NS", "CF", "FD", "fd_", "LT", "PG", "swift_"]

    static let foreignNames = Set(foreign.values.joined())

    static func isForeign(_ name: String) -> Bool {
        foreignNames.contains(name)
            || foreignPrefixes.contains { prefix in
                name.hasPrefix(prefix) && name.dropFirst(prefix.count).first.map { $0.isUppercase || prefix.hasSuffix("_") } == true
            }
    }

    static let typeKeywords: Set<String> = [
        "class", "struct", "enum", "protocol", "typealias", "actor", "associatedtype", "extension",
    ]

    // MARK: Reading Swift

    enum Token: Equatable {
        case identifier(String)
        case punctuation(String)
        /// The contents of a one-line string literal that is a single identifier.
        case string(String)
    }

    /// Identifiers, single-character punctuation (with `->` as one token) and identifier-like string
    /// literals; comments and other string contents are dropped.
    /// - Complexity: O(n) in the length of `source`.
    static func tokens(of source: String) -> [Token] {
        let chars = Array(source.utf8)
        var tokens: [Token] = []
        var i = 0
        func isIdentifierByte(_ c: UInt8) -> Bool {
            (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 95
        }
        while i < chars.count {
            let c = chars[i]
            if c == UInt8(ascii: "/"), i + 1 < chars.count, chars[i + 1] == UInt8(ascii: "/") {
                while i < chars.count, chars[i] != UInt8(ascii: "\n") { i += 1 }
            } else if c == UInt8(ascii: "/"), i + 1 < chars.count, chars[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < chars.count, !(chars[i] == UInt8(ascii: "*") && chars[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
            } else if c == UInt8(ascii: "\"") {
                let multiline = i + 2 < chars.count && chars[i + 1] == c && chars[i + 2] == c
                var j = i + (multiline ? 3 : 1)
                let start = j
                while j < chars.count {
                    if chars[j] == UInt8(ascii: "\\") {
                        j += 2
                        continue
                    }
                    if chars[j] == c, !multiline || (j + 2 < chars.count && chars[j + 1] == c && chars[j + 2] == c) { break }
                    if !multiline, chars[j] == UInt8(ascii: "\n") { break }
                    j += 1
                }
                let body = chars[start..<min(j, chars.count)]
                if !multiline, !body.isEmpty, body.allSatisfy(isIdentifierByte) {
                    tokens.append(.string(String(decoding: body, as: UTF8.self)))
                }
                i = j + (multiline ? 3 : 1)
            } else if isIdentifierByte(c) {
                let start = i
                while i < chars.count, isIdentifierByte(chars[i]) { i += 1 }
                tokens.append(.identifier(String(decoding: chars[start..<i], as: UTF8.self)))
            } else if c == UInt8(ascii: "`") {
                i += 1  // `default` as an identifier
            } else if c == UInt8(ascii: "-"), i + 1 < chars.count, chars[i + 1] == UInt8(ascii: ">") {
                tokens.append(.punctuation("->"))
                i += 2
            } else {
                if c > 32 { tokens.append(.punctuation(String(UnicodeScalar(c)))) }
                i += 1
            }
        }
        return tokens
    }

    /// The index of the bracket closing the one at `open` (or the end).
    static func closing(_ tokens: [Token], of open: Int) -> Int {
        var depth = 0
        for j in open..<tokens.count {
            switch tokens[j] {
            case .punctuation("("), .punctuation("["), .punctuation("{"): depth += 1
            case .punctuation(")"), .punctuation("]"), .punctuation("}"):
                depth -= 1
                if depth == 0 { return j }
            default: break
            }
        }
        return tokens.count
    }

    /// The parameters of the list opening at `open`: each one's external label (`_` when it has none)
    /// and whether a name may leave it out (it has a default, or it is a closure, passed trailing).
    static func parameters(_ tokens: [Token], openingAt open: Int) -> [(label: String, isOptional: Bool)] {
        let end = closing(tokens, of: open)
        var result: [(label: String, isOptional: Bool)] = []
        var segment: [Token] = []
        var depth = 0
        func flush() {
            defer { segment = [] }
            guard !segment.isEmpty else { return }
            guard let colon = segment.firstIndex(of: .punctuation(":")) else {
                result.append(("_", false))  // an enum case's unlabeled associated value
                return
            }
            let label: String
            if case .identifier(let first) = segment[0], colon > 0 { label = first } else { label = "_" }
            let type = segment[(colon + 1)...]
            result.append((label, type.contains(.punctuation("=")) || type.contains(.punctuation("->"))))
        }
        for j in (open + 1)..<max(open + 1, end) {
            let token = tokens[j]
            switch token {
            case .punctuation("("), .punctuation("["), .punctuation("{"), .punctuation("<"): depth += 1
            case .punctuation(")"), .punctuation("]"), .punctuation("}"), .punctuation(">"): depth -= 1
            case .punctuation(",") where depth == 0:
                flush()
                continue
            default: break
            }
            segment.append(token)
        }
        flush()
        return result
    }

    // MARK: Reading the chapters

    /// A name a chapter gives: `SlotTree`, `TableView.automaticDimension`, `row(_:changedHeight:)`.
    struct Reference: Equatable {
        /// As written, for the report.
        var text: String
        /// The components before the last (`TableView` in `TableView.automaticDimension`).
        var path: [String]
        var name: String
        /// The argument labels when the reference gives a parameter list (`[]` for `reloadData()`).
        var labels: [String]?
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The reference a code span makes, or nil when it is no symbol: a path, a command, a number, an
    /// expression, a one-letter name (a key or a legend).
    static func reference(_ span: String) -> Reference? {
        var text = Substring(span)
        if text.hasPrefix(".") { text = text.dropFirst() }
        var labels: [String]?
        if text.hasSuffix(")"), let open = text.firstIndex(of: "(") {
            let list = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard list.allSatisfy({ $0 != " " }), list.isEmpty || list.hasSuffix(":") else { return nil }
            let parts = list.split(separator: ":")
            guard parts.allSatisfy(isIdentifier) else { return nil }
            labels = parts.map(String.init)
            text = text[..<open]
        }
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        guard components.allSatisfy(isIdentifier), let last = components.last else { return nil }
        if components.count == 1, labels == nil, last.count < 2 { return nil }
        let fileExtensions: Set<Substring> = ["swift", "md", "sh", "txt", "svg", "json", "html", "docc", "rs", "patch"]
        if components.count > 1, fileExtensions.contains(last), labels == nil { return nil }
        return Reference(text: span, path: components.dropLast().map(String.init), name: String(last), labels: labels)
    }

    /// Every reference of a Markdown text: its code spans outside fenced blocks, and the calls
    /// (`name(`) inside fenced blocks with no language (diagrams); Swift and shell blocks are skipped.
    static func references(in markdown: String) -> [Reference] {
        var prose: [Substring] = []
        var diagrams: [Substring] = []
        var fence: Substring?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                fence = fence == nil ? trimmed.dropFirst(3) : nil
            } else if let language = fence {
                if language.isEmpty || language == "text" { diagrams.append(line) }
            } else {
                prose.append(line)
            }
        }
        var found: [Reference] = []
        let spans = prose.joined(separator: "\n").split(separator: "`", omittingEmptySubsequences: false)
        for (index, span) in spans.enumerated() where index % 2 == 1 {
            if let reference = reference(String(span)) { found.append(reference) }
        }
        for line in diagrams {
            var previous: Character = " "
            var current = ""
            for character in line {
                if character.isASCII, character.isLetter || character.isNumber || character == "_" {
                    if current.isEmpty, previous == "." { current = "." }
                    current.append(character)
                } else {
                    if character == "(", !current.hasPrefix("."), let first = current.first, first.isLetter || first == "_" {
                        found.append(Reference(text: current + "(…)", path: [], name: current, labels: nil))
                    }
                    current = ""
                }
                previous = character
            }
        }
        return found
    }

    /// Why `reference` names nothing in `index`, or nil when it is found or foreign.
    static func problem(with reference: Reference, in index: DeclarationIndex) -> String? {
        if isForeign(reference.name) || reference.path.contains(where: isForeign) { return nil }
        for type in reference.path where type.first?.isUppercase == true && !index.knows(type) {
            return "no declaration of \(type)"
        }
        let isInit = reference.name == "init"
        guard isInit || index.knows(reference.name) else { return "no declaration of \(reference.name)" }
        guard let labels = reference.labels else { return nil }
        let isType = isInit || reference.name.first?.isUppercase == true
        let accepted = index.signatures[isType ? "init" : reference.name] ?? []
        guard accepted.contains(labels) else {
            return "no \(isType ? "initializer" : "function") \(reference.name) with labels (\(labels.map { $0 + ":" }.joined()))"
        }
        return nil
    }

    /// One line per reference of `documents` (path → text) that names nothing: "Docs/file.md: `symbol`".
    static func report(documents: [(path: String, text: String)], index: DeclarationIndex) -> [String] {
        documents.flatMap { document in
            references(in: document.text).compactMap { reference in
                problem(with: reference, in: index).map { "\(document.path): `\(reference.text)` (\($0))" }
            }
        }
    }

    /// The names of the targets `package` (Package.swift's text) declares: `.target(name: "Feed"`, test targets too.
    static func targetNames(of package: String) -> Set<String> {
        let marker = "arget(name: \""
        return Set(
            package.components(separatedBy: marker).dropFirst().compactMap { rest in
                rest.split(separator: "\"", maxSplits: 1).first.map(String.init)
            })
    }

    /// Every `.swift` file under `folders`, read once.
    static func swiftSources(under folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let base = RepositoryMap.root.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            return paths.filter { $0.hasSuffix(".swift") }.compactMap {
                try? String(contentsOf: base.appendingPathComponent($0), encoding: .utf8)
            }
        }
    }
}

@Suite struct DocsSymbolTests {
    @Test func everySymbolTheChaptersNameExists() {
        var index = DeclarationIndex(
            sources: DocsSymbols.swiftSources(under: ["Sources"]), tests: DocsSymbols.swiftSources(under: ["Tests"]))
        #expect(index.names.contains("SlotTree") && index.signatures["row"] != nil, "the sources were read")
        let targets = DocsSymbols.targetNames(of: RepositoryMap.read("Package.swift"))
        #expect(targets.isSuperset(of: ["ReuseTable", "Demo", "ReuseTableTests"]), "Package.swift's targets were read")
        index.names.formUnion(targets)
        let chapters = RepositoryMap.files(under: ["Docs/"]).filter { $0.folder == "Docs/" && $0.name.hasSuffix(".md") }
        let documents = (chapters.map { $0.folder + $0.name } + ["README.md"]).map { ($0, RepositoryMap.read($0)) }
        #expect(documents.count > 10 && documents.allSatisfy { !$0.1.isEmpty }, "the chapters were read")
        let report = DocsSymbols.report(documents: documents, index: index)
        #expect(
            report.isEmpty,
            """
            These chapters name symbols that do not exist. Rename them to what the code calls them now, or, for a \
            name that is not ours (UIKit's, an article's), add it once to DocsSymbols.foreign:
            \(report.joined(separator: "\n"))
            """)
    }

    @Test func theCheckReportsNamesAndLabelsThatDoNotExist() {
        let index = DeclarationIndex(sources: [
            """
            /// `func ghost()` in a comment declares nothing.
            public final class TableView {
                public static let automaticDimension = -1.0
                public func row(_ row: Int, changedHeight height: Double) {}
                func forEachSlot(from index: Int, near finger: Int = 0, _ body: (Int) -> Bool) {}
                init(frame: Double) {}
                let message = "no ghostInString here"
            }
            enum Step { case moved(from: Int), fresh }
            func tableView(_ tableView: TableView, didSelectRowAt indexPath: Int) {}
            let operation = "sparseInsert"
            """
        ])
        let document = """
            The table (`TableView`, `TableView.automaticDimension`) calls `row(_:changedHeight:)`,
            `forEachSlot(from:)`, `forEachSlot(from:near:_:)`, `TableView(frame:)`, `.moved(from:)`,
            `TableView.init(frame:)`, `didSelectRowAt` and the `sparseInsert` operation; UIKit's `UITableView.reloadData()` and
            `layoutTableRows` are foreign. Not symbols: `swift test`, `Docs/index.md`, `10^7`, `a + b`, `e`.
            Stale: `ghost()`, `row(_:height:)`, `TableView(frame:style:)`, `Ghost.automaticDimension`,
            `ghostInString`.

            ```swift
            ghostInSwiftBlock()
            ```

            ```
            reloadData ──► wantedRows(in: viewport) ──► geometry.index(atOffset:)
            ```
            """
        let report = DocsSymbols.report(documents: [("Docs/fake.md", document)], index: index)
        #expect(
            report == [
                "Docs/fake.md: `ghost()` (no declaration of ghost)",
                "Docs/fake.md: `row(_:height:)` (no function row with labels (_:height:))",
                "Docs/fake.md: `TableView(frame:style:)` (no initializer TableView with labels (frame:style:))",
                "Docs/fake.md: `Ghost.automaticDimension` (no declaration of Ghost)",
                "Docs/fake.md: `ghostInString` (no declaration of ghostInString)",
                "Docs/fake.md: `wantedRows(…)` (no declaration of wantedRows)",
            ])
    }
}
