import Foundation
import Testing

/// `DocExamples.swift` is generated from the docs (`DocExampleExtractor`); editing a ```swift block
/// without running `scripts/extract-doc-examples` fails here, naming the block.
@Suite struct DocExamplesFreshnessTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theGeneratedFileMatchesTheDocs() throws {
        if let stale = try DocExampleExtractor.staleness(root: Self.root) { Issue.record("\(stale)") }
    }

    @Test func everyDocumentWithASwiftBlockIsRead() throws {
        let files = Set(try DocExampleExtractor.blocks(root: Self.root).map(\.file))
        #expect(files.contains("README.md"))
        #expect(files.contains("Docs/diffable.md"))
    }

    // MARK: The extractor itself

    @Test func onlySwiftFencesAreBlocksAndTheMarkerMakesOneCompileOnly() throws {
        let text = """
            Intro.

            ```swift
            let a = 1
            ```

            ```text
            ```swift inside a text block is text
            ```

            <!-- doc-example: compile-only (a reason) -->

            ```swift
            import Foundation
            import ReuseTable
            final class Cell: TableViewCell {
                let b = 2
            }
            ```

              ```swift
              let indented = true

                  let more = 1
              ```
            """
        let blocks = try DocExampleExtractor.blocks(in: text, file: "Docs/sample-chapter.md")
        #expect(blocks.map(\.number) == [1, 2, 3])
        #expect(blocks.map(\.line) == [3, 13, 21])
        #expect(blocks.map(\.isCompileOnly) == [false, true, false])
        #expect(blocks[0].code == ["let a = 1"])
        #expect(blocks[1].code == ["final class Cell: TableViewCell {", "    let b = 2", "}"], "the imports are the file's")
        #expect(blocks[2].code == ["let indented = true", "", "    let more = 1"], "the fence's indentation removed")
        #expect(blocks[0].functionName == "sampleChapterBlock1")
        #expect(blocks[0].title == "Docs/sample-chapter.md, block 1")
        let rendered = DocExampleExtractor.render(blocks)
        #expect(rendered.contains("    @Test(\"Docs/sample-chapter.md, block 1\") func sampleChapterBlock1() throws {\n        let a = 1\n    }\n"))
        #expect(rendered.contains("    /// Docs/sample-chapter.md, block 2: compile-only.\n    func sampleChapterBlock2() throws {"))
        #expect(rendered.contains("        let indented = true\n\n            let more = 1\n"), "blank lines stay blank")
    }

    @Test func whatAFunctionBodyCannotHoldIsRefusedWithItsLine() {
        let cases: [(code: String, says: String)] = [
            ("extension TableView {}", "`extension` cannot appear at the top level"),
            ("protocol Shape {}", "`protocol` cannot appear"),
            ("public final class A {}", "`public` cannot appear"),
            ("import UIKit", "can import only Foundation and ReuseTable and ReuseTableTerminal"),
            ("@testable import ReuseTable", "can import only"),
        ]
        for (code, says) in cases {
            let text = "Text.\n\n```swift\nlet fine = 1\n\(code)\n```\n"
            let error = #expect(throws: DocExampleExtractor.Failure.self) {
                try DocExampleExtractor.blocks(in: text, file: "Docs/x.md")
            }
            let message = error?.description ?? ""
            #expect(message.hasPrefix("Docs/x.md:5: `\(code)`") && message.contains(says), "\(message)")
        }
        let unclosed = #expect(throws: DocExampleExtractor.Failure.self) {
            try DocExampleExtractor.blocks(in: "```swift\nlet open = 1\n", file: "README.md")
        }
        #expect(unclosed?.description == "README.md:1: the code block is never closed")
    }
}
