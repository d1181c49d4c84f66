import Foundation
import Testing

// Keeps each Simplified Chinese step chapter (Docs/steps/zh-Hans/) in step with its English original
// (Docs/steps/): the same headings at the same levels, the same fenced code blocks in the same order, the same
// set of backticked names, and a link each way between the two. The prose is free; what a learner copies or
// looks up is not. A failure names the file and what differs.

/// What a translation must keep from its original: the parts of a Markdown chapter that are not prose.
struct ChapterShape: Equatable {
    /// Each heading's level and text, in order (the text only for messages: it is translated).
    var headings: [(level: Int, text: String)] = []
    /// Each fenced block, its opening fence line and its lines, in order.
    var codeBlocks: [String] = []
    /// Every `backticked` span outside the fenced blocks, whitespace runs read as one space.
    var codeSpans: Set<String> = []

    static func == (a: ChapterShape, b: ChapterShape) -> Bool {
        a.headings.map(\.level) == b.headings.map(\.level) && a.codeBlocks == b.codeBlocks && a.codeSpans == b.codeSpans
    }
}

enum TranslatedChapters {
    static let englishFolder = "Docs/steps/"
    static let translationFolder = "Docs/steps/zh-Hans/"

    /// The headings, fenced blocks and code spans of `text`; a `#` inside a fenced block is not a heading.
    static func shape(of text: String) -> ChapterShape {
        var shape = ChapterShape()
        var prose: [String] = []
        var block: [String]?
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = block {
                open.append(line)
                if trimmed == "```" {
                    shape.codeBlocks.append(open.joined(separator: "\n"))
                    block = nil
                } else {
                    block = open
                }
            } else if trimmed.hasPrefix("```") {
                block = [line]
                prose.append("")
            } else {
                let hashes = line.prefix { $0 == "#" }.count
                if (1...6).contains(hashes), line.dropFirst(hashes).first == " " {
                    shape.headings.append((hashes, String(line.dropFirst(hashes + 1))))
                }
                prose.append(line)
            }
        }
        if let open = block { shape.codeBlocks.append(open.joined(separator: "\n") + "\n(unclosed)") }
        let spans = RepositoryMap.codeSpans(prose.joined(separator: "\n")).map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        shape.codeSpans = Set(spans)
        return shape
    }

    /// What `translation` (the file `name` in the translations' folder) lacks or changes against `english`,
    /// one line each; empty when the two are in step.
    static func differences(name: String, english: String, translation: String) -> [String] {
        let original = shape(of: english), translated = shape(of: translation)
        let path = translationFolder + name
        var report: [String] = []
        let levels = (original.headings.map(\.level), translated.headings.map(\.level))
        if levels.0 != levels.1 {
            let first = firstMismatch(levels.0, levels.1)
            let wanted = first < original.headings.count ? "\"\(original.headings[first].text)\" (level \(levels.0[first]))" : "nothing"
            report.append(
                "\(path): headings differ from the English (levels \(levels.0) against \(levels.1)); "
                    + "heading \(first + 1) should match the English \(wanted)")
        }
        if original.codeBlocks != translated.codeBlocks {
            let first = firstMismatch(original.codeBlocks, translated.codeBlocks)
            let wanted = first < original.codeBlocks.count ? original.codeBlocks[first] : "no block"
            report.append(
                "\(path): code block \(first + 1) differs from the English (\(original.codeBlocks.count) blocks against "
                    + "\(translated.codeBlocks.count)); copy it unchanged:\n\(wanted)")
        }
        let missing = original.codeSpans.subtracting(translated.codeSpans).sorted()
        let extra = translated.codeSpans.subtracting(original.codeSpans).sorted()
        if !missing.isEmpty { report.append("\(path): backticked names of the English missing: \(missing.map { "`\($0)`" })") }
        if !extra.isEmpty { report.append("\(path): backticked names not in the English: \(extra.map { "`\($0)`" })") }
        if !english.contains("](zh-Hans/\(name))") {
            report.append("\(englishFolder + name): no link to its translation, [简体中文](zh-Hans/\(name))")
        }
        if !translation.contains("](../\(name))") { report.append("\(path): no link back to the English, [English](../\(name))") }
        return report
    }

    /// The first position where `a` and `b` differ, or the shorter one's count.
    static func firstMismatch<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    }

    /// Every difference between the English chapters named `english` and the translations named `translations`,
    /// read through `read` (a path relative to the repository root); a missing translation is named.
    static func report(english: [String], translations: [String], read: (String) -> String) -> [String] {
        var report: [String] = []
        for name in english {
            guard translations.contains(name) else {
                report.append("\(translationFolder + name) is missing: translate \(englishFolder + name)")
                continue
            }
            report += differences(name: name, english: read(englishFolder + name), translation: read(translationFolder + name))
        }
        for name in translations where !english.contains(name) {
            report.append("\(translationFolder + name) translates nothing: there is no \(englishFolder + name)")
        }
        return report
    }

    /// The Markdown files directly in `folder`, by name.
    static func chapters(in folder: String) -> [String] {
        RepositoryMap.files(under: [folder]).filter { $0.folder == folder && $0.name.hasSuffix(".md") }.map(\.name)
    }
}

@Suite struct TranslationTests {
    @Test func everyStepChapterHasATranslationInStep() {
        let english = TranslatedChapters.chapters(in: TranslatedChapters.englishFolder)
        #expect(english.count >= 5, "the step chapters are found")
        let translations = TranslatedChapters.chapters(in: TranslatedChapters.translationFolder)
        let report = TranslatedChapters.report(english: english, translations: translations, read: RepositoryMap.read)
        #expect(report.isEmpty, "The translated step chapters are out of step with the English:\n\(report.joined(separator: "\n"))")
    }

    @Test func aMissingTranslationIsNamed() {
        let files = ["Docs/steps/step-9-x.md": "# Step 9", "Docs/steps/zh-Hans/step-8-y.md": "# 第 8 步"]
        let report = TranslatedChapters.report(english: ["step-9-x.md"], translations: ["step-8-y.md"]) { files[$0] ?? "" }
        #expect(
            report == [
                "Docs/steps/zh-Hans/step-9-x.md is missing: translate Docs/steps/step-9-x.md",
                "Docs/steps/zh-Hans/step-8-y.md translates nothing: there is no Docs/steps/step-8-y.md",
            ])
    }

    /// A translation of a real chapter, broken one way at a time, is caught each time.
    @Test func aChangedCodeBlockADroppedHeadingOrALostNameIsCaught() throws {
        let name = "step-2-sections.md"
        let english = RepositoryMap.read(TranslatedChapters.englishFolder + name)
        let translation = RepositoryMap.read(TranslatedChapters.translationFolder + name)
        try #require(TranslatedChapters.differences(name: name, english: english, translation: translation).isEmpty)
        let path = "Docs/steps/zh-Hans/" + name
        let cases: [(broken: String, expected: String)] = [
            (translation.replacingOccurrences(of: "var endY: CGFloat", with: "var endY: Double"), "\(path): code block 1 differs"),
            (translation.replacingOccurrences(of: "## 测试\n", with: "测试\n"), "\(path): headings differ"),
            (translation.replacingOccurrences(of: "## 测试\n", with: "### 测试\n"), "\(path): headings differ"),
            (
                translation.replacingOccurrences(of: "`findSectionIsTheFirstSectionEndingBelowTheOffset`", with: "某个测试"),
                "\(path): backticked names of the English missing: [\"`findSectionIsTheFirstSectionEndingBelowTheOffset`\"]"
            ),
            (translation.replacingOccurrences(of: "[English](../\(name))", with: ""), "\(path): no link back to the English"),
        ]
        for (broken, expected) in cases {
            #expect(broken != translation, "the case changes the translation: \(expected)")
            let report = TranslatedChapters.differences(name: name, english: english, translation: broken)
            #expect(report.count == 1 && report[0].hasPrefix(expected), "expected \(expected), got \(report)")
        }
        let reordered = TranslatedChapters.shape(of: "```text\nb\n```\n```text\na\n```")
        #expect(reordered != TranslatedChapters.shape(of: "```text\na\n```\n```text\nb\n```"), "blocks keep their order")
        #expect(TranslatedChapters.shape(of: "```text\n# not a heading\n```").headings.isEmpty)
    }
}
