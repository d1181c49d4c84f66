import Foundation
import Testing

// The maps a newcomer reads first must match the files: Docs/index.md's "File map" lists every file under
// Sources/ and Docs/ exactly, and the README's "Where each mechanism lives" names only paths that exist and
// names every source folder and chapter. A failure says which lines to add or remove.

/// One entry of a map: a file (or a `.docc` catalog, written `Name.docc/`) in a folder, both relative to the
/// repository root; folders end with "/".
struct MapEntry: Hashable, Comparable {
    var folder: String
    var name: String
    static func < (a: MapEntry, b: MapEntry) -> Bool { (a.folder, a.name) < (b.folder, b.name) }
}

enum RepositoryMap {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The text from the line `heading` to the next heading of the same or a higher level.
    static func section(_ heading: String, of text: String) -> String {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return "" }
        let level = heading.prefix { $0 == "#" }.count
        var end = start + 1
        while end < lines.count {
            let hashes = lines[end].prefix { $0 == "#" }.count
            if hashes > 0, hashes <= level, lines[end].dropFirst(hashes).first == " " { break }
            end += 1
        }
        return lines[start..<end].joined(separator: "\n")
    }

    /// Every `backticked` token of `text`.
    static func codeSpans(_ text: some StringProtocol) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The entries of a file map: under each "### `folder/`" heading, bullets "- `name`, `name` — what".
    /// A bullet may continue on indented lines; only the code spans before " — " are names.
    static func parseFileMap(_ map: String) -> [MapEntry] {
        var entries: [MapEntry] = []
        var folder: String?
        var bullet: String?
        func flush() {
            guard let text = bullet, let folder else { bullet = nil; return }
            let names = text.components(separatedBy: " — ").first ?? text
            entries += codeSpans(names).map { MapEntry(folder: folder, name: $0) }
            bullet = nil
        }
        for line in map.components(separatedBy: "\n") {
            if line.hasPrefix("### ") {
                flush()
                folder = codeSpans(line).first
            } else if line.hasPrefix("- ") {
                flush()
                bullet = String(line.dropFirst(2))
            } else if line.hasPrefix("  "), bullet != nil {
                bullet! += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                flush()
            }
        }
        flush()
        return entries
    }

    /// Every file under `folders` (relative to `root`), a `.docc` catalog counting as one entry; hidden files skipped.
    static func files(under folders: [String], root: URL = root) -> [MapEntry] {
        let manager = FileManager.default
        var entries: [MapEntry] = []
        func walk(_ folder: String) {
            let names = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                _ = manager.fileExists(atPath: root.appendingPathComponent(folder + name).path, isDirectory: &isDirectory)
                if !isDirectory.boolValue {
                    entries.append(MapEntry(folder: folder, name: name))
                } else if name.hasSuffix(".docc") {
                    entries.append(MapEntry(folder: folder, name: name + "/"))
                } else {
                    walk(folder + name + "/")
                }
            }
        }
        folders.forEach(walk)
        return entries
    }

    /// The lines that make `listed` match `actual`, grouped by folder heading; empty when they match.
    static func differences(listed: [MapEntry], actual: [MapEntry], in document: String) -> String {
        let listedSet = Set(listed), actualSet = Set(actual)
        let missing = actualSet.subtracting(listedSet).sorted()
        let extra = listedSet.subtracting(actualSet).sorted()
        let duplicates = Dictionary(grouping: listed, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        var report: [String] = []
        let headings = Set(listed.map(\.folder))
        for (folder, entries) in Dictionary(grouping: missing, by: \.folder).sorted(by: { $0.key < $1.key }) {
            let heading = "### `\(folder)`"
            report.append(
                headings.contains(folder)
                    ? "Add under \"\(heading)\" in \(document):"
                    : "Add a new heading \"\(heading)\" to the file map in \(document), with:")
            report += entries.map { "- `\($0.name)` — <what it holds>" }
        }
        for (folder, entries) in Dictionary(grouping: extra, by: \.folder).sorted(by: { $0.key < $1.key }) {
            report.append("Remove from \"### `\(folder)`\" in \(document) (no such file):")
            report += entries.map { "- `\($0.name)`" }
        }
        if !duplicates.isEmpty {
            report.append("Listed twice in \(document): " + duplicates.map { $0.folder + $0.name }.joined(separator: ", "))
        }
        return report.joined(separator: "\n")
    }

    static func read(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }
}

@Suite struct RepositoryMapTests {
    @Test func theFileMapInDocsIndexListsExactlyTheFiles() {
        let map = RepositoryMap.section("## File map", of: RepositoryMap.read("Docs/index.md"))
        let listed = RepositoryMap.parseFileMap(map)
        let actual = RepositoryMap.files(under: ["Sources/", "Docs/"])
        #expect(actual.count > 100, "the walk found the sources")
        let report = RepositoryMap.differences(listed: listed, actual: actual, in: "Docs/index.md")
        #expect(report.isEmpty, "Docs/index.md's file map does not match the files.\n\(report)")
    }

    @Test func theReadmeMapNamesOnlyExistingPathsAndEverySourceFolderAndChapter() throws {
        let readme = RepositoryMap.read("README.md")
        let map = RepositoryMap.section("## Where each mechanism lives", of: readme)
        #expect(!map.isEmpty, "README.md has the section \"## Where each mechanism lives\"")

        // A code span naming a path is relative to the root, Sources/ReuseTable/, Sources/Demo/ or a folder named
        // earlier in the same row (`Sources/ReuseTable/AutoLayout/` (`Solver/`)).
        var resolved: [String] = []
        var unresolved: [String] = []
        for row in map.components(separatedBy: "\n") {
            var rowFolders: [String] = []
            for span in RepositoryMap.codeSpans(row) where span.hasSuffix("/") || span.hasSuffix(".swift") || span.hasSuffix(".md") {
                let candidates = [span, "Sources/ReuseTable/" + span, "Sources/Demo/" + span] + rowFolders.map { $0 + span }
                guard let path = candidates.first(where: RepositoryMap.exists) else {
                    unresolved.append(span)
                    continue
                }
                resolved.append(path)
                if path.hasSuffix("/") { rowFolders.append(path) }
            }
        }
        let links = map.components(separatedBy: "](").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
        let missingLinks = links.filter { !RepositoryMap.exists(String($0.split(separator: "#").first ?? "")) }
        #expect(
            unresolved.isEmpty && missingLinks.isEmpty,
            "README.md names paths that do not exist (fix or remove them): \((unresolved + missingLinks).joined(separator: ", "))")

        // Every folder that holds files is named, itself or through one of its files; so is every chapter.
        let files = RepositoryMap.files(under: ["Sources/"])
        let folders = Set(files.map { $0.name.hasSuffix(".docc/") ? $0.folder + $0.name : $0.folder })
        let named = Set(
            resolved.flatMap { path in
                path.hasSuffix("/") ? [path] : [String(path[...(path.lastIndex(of: "/") ?? path.startIndex)]), path]
            })
        let unnamedFolders = folders.subtracting(named).sorted()
        let folderList = unnamedFolders.joined(separator: ", ")
        #expect(
            unnamedFolders.isEmpty,
            "README.md's map (\"Where each mechanism lives\") names nothing in these folders; add a row or a path for each: \(folderList)")
        let chapters = RepositoryMap.files(under: ["Docs/"]).filter { $0.folder == "Docs/" && $0.name.hasSuffix(".md") }
        let unlinked = chapters.map { $0.folder + $0.name }.filter { path in !links.contains { $0 == path || $0.hasPrefix(path + "#") } }
        #expect(unlinked.isEmpty, "README.md's map links no row to these chapters; add a row: \(unlinked.joined(separator: ", "))")
    }

    @Test func theMapParserReadsHeadingsBulletsAndContinuations() {
        let map = """
            ## File map

            ### `Sources/A/`

            - `One.swift` — the first; `NotAName.swift` after the dash is prose.
            - `Two.swift`, `Three.swift`
              `Four.swift` — continued.

            ### `Docs/`

            - `index.md` — this page.
            """
        let entries = RepositoryMap.parseFileMap(map)
        #expect(
            entries == [
                MapEntry(folder: "Sources/A/", name: "One.swift"), MapEntry(folder: "Sources/A/", name: "Two.swift"),
                MapEntry(folder: "Sources/A/", name: "Three.swift"), MapEntry(folder: "Sources/A/", name: "Four.swift"),
                MapEntry(folder: "Docs/", name: "index.md"),
            ])
        let report = RepositoryMap.differences(
            listed: entries,
            actual: entries.filter { $0.name != "Two.swift" } + [
                MapEntry(folder: "Sources/A/", name: "Five.swift"),
                MapEntry(folder: "Sources/B/", name: "Six.swift"),
            ],
            in: "X.md")
        #expect(
            report == """
                Add under "### `Sources/A/`" in X.md:
                - `Five.swift` — <what it holds>
                Add a new heading "### `Sources/B/`" to the file map in X.md, with:
                - `Six.swift` — <what it holds>
                Remove from "### `Sources/A/`" in X.md (no such file):
                - `Two.swift`
                """)
    }
}
