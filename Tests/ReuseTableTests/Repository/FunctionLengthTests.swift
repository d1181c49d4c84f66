import Foundation
import Testing

// No body in Sources/ is longer than a reader takes in at once: every function, initializer,
// subscript, accessor and closure-valued property runs at most `FunctionLengths.limit` lines,
// counted from its declaration's first line to its closing brace. A failure names the file,
// the line and the length.

enum FunctionLengths {
    static let limit = 90

    /// One body: where its declaration starts (1-based) and how many lines it spans.
    struct Body: Equatable {
        var line: Int
        var length: Int
    }

    /// `text` with comments, string literals (multi-line and raw ones included) and their braces
    /// removed; line breaks are kept, so line numbers stay those of the file.
    static func code(_ text: String) -> String {
        let characters = Array(text)
        var kept = ""
        kept.reserveCapacity(characters.count)
        var i = 0
        func at(_ offset: Int) -> Character? { i + offset < characters.count ? characters[i + offset] : nil }
        while i < characters.count {
            let character = characters[i]
            if character == "/", at(1) == "/" {
                while i < characters.count, characters[i] != "\n" { i += 1 }
            } else if character == "/", at(1) == "*" {
                i = skipBlockComment(characters, from: i, keepingLinesIn: &kept)
            } else if character == "#" || character == "\"", let end = stringEnd(characters, from: i) {
                for skipped in characters[i..<end] where skipped == "\n" { kept.append("\n") }
                kept.append("\"\"")
                i = end
            } else {
                kept.append(character)
                i += 1
            }
        }
        return kept
    }

    /// The index just past a (possibly nested) block comment that starts at `start`; its line breaks go to `kept`.
    static func skipBlockComment(_ characters: [Character], from start: Int, keepingLinesIn kept: inout String) -> Int {
        var depth = 0
        var i = start
        while i < characters.count {
            if characters[i] == "/", i + 1 < characters.count, characters[i + 1] == "*" {
                depth += 1
                i += 2
            } else if characters[i] == "*", i + 1 < characters.count, characters[i + 1] == "/" {
                depth -= 1
                i += 2
                if depth == 0 { return i }
            } else {
                if characters[i] == "\n" { kept.append("\n") }
                i += 1
            }
        }
        return i
    }

    /// The index just past the string literal that starts at `start` (`"…"`, `"""…"""`, `#"…"#`), or nil
    /// when no literal starts there. Interpolations' own strings are skipped with the literal.
    static func stringEnd(_ characters: [Character], from start: Int) -> Int? {
        var i = start
        var hashes = 0
        while i < characters.count, characters[i] == "#" {
            hashes += 1
            i += 1
        }
        guard i < characters.count, characters[i] == "\"" else { return nil }
        let quotes = i + 2 < characters.count && characters[i + 1] == "\"" && characters[i + 2] == "\"" ? 3 : 1
        i += quotes
        let closing = [Character](repeating: "\"", count: quotes) + [Character](repeating: "#", count: hashes)
        let escape = ["\\"] + [Character](repeating: "#", count: hashes)
        while i < characters.count {
            if characters[i...].starts(with: escape) {
                let after = i + escape.count
                i = after < characters.count && characters[after] == "(" ? interpolationEnd(characters, from: after) : after + 1
                continue
            }
            if quotes == 1, characters[i] == "\n" { return i }  // not a literal after all: stop at the line's end
            if characters[i...].starts(with: closing) { return i + closing.count }
            i += 1
        }
        return i
    }

    /// The index just past the interpolation whose parenthesis opens at `start`, strings inside it skipped.
    static func interpolationEnd(_ characters: [Character], from start: Int) -> Int {
        var depth = 0
        var i = start
        while i < characters.count {
            let character = characters[i]
            if character == "\"" || character == "#", let end = stringEnd(characters, from: i) {
                i = end
                continue
            }
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return i
    }

    /// A line that declares something with a body: a function, an initializer, a subscript, a deinit,
    /// or a property whose line ends in an opening brace (accessors, observers, `= { … }()`).
    static let declaration: NSRegularExpression = {
        let attributes = #"(?:@[\w.]+(?:\([^)]*\))?\s+)*"#
        let modifier =
            #"(?:public|private|fileprivate|internal|package|open|static|class|final|override|mutating|nonmutating|"#
            + #"convenience|required|lazy|nonisolated|dynamic|indirect|weak|unowned)(?:\([a-z]+\))?\s+"#
        let kinds = #"(?:func\s|init\s*[?!(<]|deinit\b|subscript\s*[(<]|(?:var|let)\s+\w+.*\{\s*$)"#
        return try! NSRegularExpression(pattern: "^\\s*" + attributes + "(?:" + modifier + ")*" + kinds)
    }()

    /// What may continue a signature on the next line, before its body's brace.
    static let continuations = ["->", "where", "{", "throws", "rethrows", "async", "&&", ","]

    /// Every body `text` declares, nested ones included.
    static func bodies(in text: String) -> [Body] {
        let lines = code(text).components(separatedBy: "\n").map(Array.init)
        var result: [Body] = []
        for (index, line) in lines.enumerated() {
            let string = String(line)
            guard declaration.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil else { continue }
            if let end = bodyEnd(lines, declaredAt: index) { result.append(Body(line: index + 1, length: end - index + 1)) }
        }
        return result
    }

    /// The line (0-based) of the brace closing the body declared at `start`, or nil when it has none
    /// (a protocol requirement, a stored property).
    static func bodyEnd(_ lines: [[Character]], declaredAt start: Int) -> Int? {
        var parentheses = 0
        var braces = 0
        var opened = false
        for index in start..<lines.count {
            if index > start, !opened, parentheses == 0 {
                let next = String(lines[index]).trimmingCharacters(in: .whitespaces)
                guard continuations.contains(where: { next.hasPrefix($0) }) else { return nil }
            }
            for character in lines[index] {
                switch character {
                case "(", "[": parentheses += 1
                case ")", "]": parentheses -= 1
                case "{":
                    if parentheses == 0 || opened { braces += 1 }
                    if parentheses == 0 { opened = true }
                case "}":
                    if !opened, parentheses == 0 { return nil }
                    if opened {
                        braces -= 1
                        if braces == 0 { return index }
                    }
                default: break
                }
            }
        }
        return nil
    }

    /// Every Swift file under `Sources/`, by path relative to the repository's root.
    static func sourceFiles() -> [(path: String, text: String)] {
        let root = RepositoryMap.root
        let sources = root.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        var result: [(String, String)] = []
        while let name = enumerator?.nextObject() as? String {
            guard name.hasSuffix(".swift") else { continue }
            let text = (try? String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)) ?? ""
            result.append(("Sources/" + name, text))
        }
        return result.sorted { $0.0 < $1.0 }
    }
}

@Suite struct FunctionLengthTests {
    @Test func noBodyInSourcesIsLongerThanTheLimit() {
        let files = FunctionLengths.sourceFiles()
        #expect(files.count > 100, "the scan finds the sources")
        var scanned = 0
        for (path, text) in files {
            for body in FunctionLengths.bodies(in: text) {
                scanned += 1
                if body.length > FunctionLengths.limit {
                    Issue.record(
                        "\(path):\(body.line): a body of \(body.length) lines (at most \(FunctionLengths.limit)); split it into named pieces")
                }
            }
        }
        #expect(scanned > 1_000, "the scan finds the bodies")
    }

    @Test func theScanCountsBodiesNotCommentsOrStrings() {
        let text = """
            protocol Source {
                func count() -> Int
                var name: String { get }
            }
            struct Box {
                /* a { in a block comment */
                static let table: [Int] = {
                    [1, 2]
                }()
                var size: Int {
                    let text = "\\(true ? "}" : "{")}}"  // }
                    return text.count
                }
                init(_ value: Int = { 1 }(),
                    other: Int)
                    where Int: Equatable
                {
                    let note = \"""
                        {
                        \"""
                    _ = note
                }
                func call() { run { } }
            }
            """
        let bodies = FunctionLengths.bodies(in: text)
        #expect(bodies == [.init(line: 7, length: 3), .init(line: 10, length: 4), .init(line: 14, length: 9), .init(line: 23, length: 1)])
    }

    @Test func aLongBodyIsMeasuredFromItsDeclarationToItsClosingBrace() {
        let lines = ["enum Long {", "    static func long() {"] + Array(repeating: "        _ = 1", count: 95) + ["    }", "}"]
        #expect(FunctionLengths.bodies(in: lines.joined(separator: "\n")) == [.init(line: 2, length: 97)])
    }
}
