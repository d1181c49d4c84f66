import Foundation
import Testing

// The rooms of Sources/ReuseTable say what they hold: the views layer (`Views/`) depends on nothing above
// it, and `Reuse/` holds only the pool and the visible-rows bookkeeping (Docs/index.md, "One engine under
// both views"). A failure names the file and the type it should not use or hold.

enum Rooms {
    static let sources = RepositoryMap.root.appendingPathComponent("Sources/ReuseTable")

    /// The Swift files directly in `folder` (relative to Sources/ReuseTable), by name.
    static func files(in folder: String) -> [String: String] {
        let url = sources.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var result: [String: String] = [:]
        for name in names where name.hasSuffix(".swift") {
            result[name] = (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        return result
    }

    /// `text` without comments and string literals, so only code is searched.
    static func code(_ text: String) -> String {
        text.components(separatedBy: "\n").map { line -> String in
            var kept = ""
            var inString = false
            var previous: Character = " "
            for character in line {
                if !inString, character == "/", previous == "/" {
                    kept.removeLast()
                    break
                }
                if character == "\"", previous != "\\" { inString.toggle() }
                if !inString, character != "\"" { kept.append(character) }
                previous = character
            }
            return kept
        }.joined(separator: "\n")
    }

    /// The types `text` declares (classes, structs, enums, protocols, actors, type aliases), nested ones included.
    static func declaredTypes(_ text: String) -> Set<String> {
        let attributes = #"(?:@[\w.]+(?:\([^)]*\))?\s+)*"#
        let modifiers = #"(?:(?:public|internal|fileprivate|private|open|final|indirect|nonisolated|package)\s+)*"#
        let pattern = #"(?m)^\s*"# + attributes + modifiers + #"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) })
    }

    /// The names of `types` that `text`'s code uses as whole words.
    static func uses(of types: Set<String>, in text: String) -> Set<String> {
        var words = Set<String>()
        var word = ""
        for character in code(text) + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else if !word.isEmpty {
                words.insert(word)
                word = ""
            }
        }
        return types.intersection(words)
    }
}

@Suite struct RoomsTests {
    /// Each view's folder shows its public face apart from how it works (Docs/index.md, "Sources/ReuseTable/"):
    /// a file in `Internal/` declares nothing public, and a file beside it declares something an app calls.
    @Test func eachViewsPublicFaceStandsApartFromItsInternals() {
        let declaresPublic = try! NSRegularExpression(pattern: #"(?m)^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public|open)\s"#)
        func isPublic(_ text: String) -> Bool {
            let code = Rooms.code(text)
            return declaresPublic.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
        }
        for view in ["Table", "Collection", "Compositional"] {
            let face = Rooms.files(in: view)
            let internals = Rooms.files(in: view + "/Internal")
            #expect(face.count >= 4 && internals.count >= 4, "the scan finds \(view)'s files")
            for (name, text) in internals.sorted(by: { $0.key < $1.key }) where isPublic(text) {
                Issue.record("\(view)/Internal/\(name) declares something public: move it to \(view)/ or make it internal")
            }
            for (name, text) in face.sorted(by: { $0.key < $1.key }) where !isPublic(text) {
                Issue.record("\(view)/\(name) declares nothing public: move it to \(view)/Internal/")
            }
        }
    }

    @Test func noFileInViewsUsesATypeDeclaredAboveIt() {
        var above: [String: String] = [:]  // type → folder
        for folder in ["Engine", "Reuse", "Table", "Table/Internal", "Collection", "Collection/Internal"] {
            for (_, text) in Rooms.files(in: folder) {
                for type in Rooms.declaredTypes(text) { above[type] = folder }
            }
        }
        #expect(above["ReuseEngine"] == "Engine" && above["TableView"] == "Table", "the scan finds the declarations")
        let views = Rooms.files(in: "Views")
        #expect(views.count > 5)
        for (name, text) in views.sorted(by: { $0.key < $1.key }) {
            let own = Rooms.declaredTypes(text)
            for type in Rooms.uses(of: Set(above.keys).subtracting(own), in: text).sorted() {
                Issue.record("Views/\(name) uses \(type), declared in \(above[type]!)/: the views layer depends on nothing above it")
            }
        }
    }

    @Test func reuseHoldsOnlyThePoolAndWhatIsOnScreen() {
        let files = Rooms.files(in: "Reuse")
        #expect(Set(files.keys) == ["ReusePool.swift", "CellsOnScreen.swift", "SupplementaryViewsOnScreen.swift"])
        let topLevel = files.values.flatMap { text in
            Rooms.declaredTypes(text.components(separatedBy: "\n").filter { !$0.hasPrefix(" ") }.joined(separator: "\n"))
        }
        #expect(Set(topLevel) == ["ReusePool", "CellsOnScreen", "SupplementaryViewsOnScreen"])
    }

    @Test func theScanSeesCodeNotCommentsOrStrings() {
        let text = """
            /// A `TableView` in a comment.
            final class Box: View { // TableView
                let message = "TableView"
                var engine: ReuseEngine<Cell>?
                struct Inner {}
            }
            """
        #expect(Rooms.declaredTypes(text) == ["Box", "Inner"])
        #expect(Rooms.uses(of: ["TableView", "ReuseEngine", "Cell"], in: text) == ["ReuseEngine", "Cell"])
    }
}
