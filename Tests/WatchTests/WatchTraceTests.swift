import Foundation
@_spi(Internals) import ReuseTable
import Testing

@_spi(Internals) @testable import Watch

/// The recording agrees with the engine's own counters, names real functions in real files, and
/// the page it makes is self-contained and small.
@MainActor
@Suite struct WatchTraceTests {
    static let sourcesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ReuseTable")

    @Test func theRecordingAgreesWithTheEngineCounters() {
        for recorded in WatchScenes.all() {
            let before = recorded.countersBefore, after = recorded.countersAfter
            let steps = recorded.recorder.steps
            let tally = recorded.recorder.tally
            // Cells: every one made by dequeue was recorded, and every cell the data source asked
            // for came either new or out of the pool (these data sources dequeue once a call).
            #expect(tally.created == after.created - before.created, "\(recorded.key): cells created")
            #expect(tally.created + tally.dequeued == after.cellCalls - before.cellCalls, "\(recorded.key): cells asked for")
            #expect(steps.last?.state.pool.reduce(0) { $0 + $1.serials.count } == after.pooled, "\(recorded.key): cells in the pool")
            let lastScreen = steps.last?.state.screen.map { IndexPath(row: $0.row, section: $0.section) } ?? []
            #expect(lastScreen == after.visible, "\(recorded.key): cells on screen")
            // Offsets: one recorded move for each move the view counted, reason by reason.
            for reason in ScrollView.OffsetMoveReason.allCases {
                let moves = steps.filter {
                    if case .offsetMove(_, _, let why) = $0.event { return why == reason }
                    return false
                }
                #expect(moves.count == (after.offsetMoves[reason] ?? 0) - (before.offsetMoves[reason] ?? 0), "\(recorded.key): \(reason) moves")
            }
            // Anchoring: each correction the table counted is an anchor step right after an anchor move.
            let corrections = steps.indices.filter { index in
                guard case .anchorKept = steps[index].event, index > 0, case .offsetMove(_, _, .anchor) = steps[index - 1].event else { return false }
                return true
            }
            #expect(corrections.count == after.anchorAdjustments - before.anchorAdjustments, "\(recorded.key): anchor corrections")
            let measured = steps.filter {
                if case .measured = $0.event { return true }
                return false
            }
            #expect(measured.count == tally.measured)
            // On the scenes that only scroll, every measurement turned an estimate into a height.
            if ["slow-scroll", "fling", "jump", "scroll-up"].contains(recorded.key) {
                #expect(measured.count == after.measuredSlots - before.measuredSlots, "\(recorded.key): slots measured")
                #expect(measured.count == after.rowHeightQueries - before.rowHeightQueries, "\(recorded.key): heights asked")
                #expect(measured.count > 0, "\(recorded.key) measures rows")
            }
        }
    }

    @Test func everyStepNamesARealFunctionInARealFile() throws {
        var seen: Set<String> = []
        for recorded in WatchScenes.all() {
            for step in recorded.recorder.steps where !(step.event.isNote) {
                let key = step.file + " " + step.function
                guard seen.insert(key).inserted else { continue }
                let text = try String(contentsOf: Self.sourcesRoot.appendingPathComponent(step.file), encoding: .utf8)
                let base = step.function.prefix { $0 != "(" }
                #expect(text.contains("func \(base)("), "\(step.function) is not a function of \(step.file)")
                let lines = text.components(separatedBy: "\n")
                #expect(step.line <= lines.count && lines[step.line - 1].contains("recorder?."), "\(step.file):\(step.line) is not a hook")
            }
        }
        // The stages' functions, as the code names them today.
        for name in [
            "settle()", "wanted(cells:supplementary:notes:)", "reconcile(cells:supplementary:)", "firstVisibleSlot(at:near:)",
            "moveOffset(to:because:)",
        ] {
            #expect(seen.contains { $0.hasSuffix(" " + name) }, "no step ran \(name)")
        }
    }

    @Test func eachPassRunsItsStagesInOrder() {
        for recorded in WatchScenes.all() {
            let scene = WatchScene(recorded)
            var order: [PassRecorder.Stage] = []
            for step in scene.steps {
                guard case .stage(let stage) = step.event, !step.calledBySettle else { continue }
                order.append(stage)
            }
            #expect(!order.isEmpty, "\(scene.key) runs a pass")
            for (index, stage) in order.enumerated() {
                let expected: [PassRecorder.Stage] = [.settle, .wanted, .reconcile]
                #expect(stage == expected[index % 3], "\(scene.key): stage \(index) is \(stage)")
            }
        }
    }

    @Test func aHeightChangeTouchesItsPathAndTheTreeSharesTheRest() {
        let scene = WatchScene(WatchScenes.scrollUpIntoEstimates())
        let measures = scene.steps.filter {
            if case .measured = $0.event { return true }
            return false
        }
        #expect(!measures.isEmpty)
        for step in measures {
            guard let root = step.state.tree else { continue }
            // The touched nodes are the measured slot's path: the root and, level by level, one node down to a leaf.
            #expect(step.touched.contains(scene.nodes[root].id))
            #expect(step.touched.count < scene.nodes.count)
        }
        // A million rows in a handful of records: unchanged subtrees are shared between steps.
        #expect(scene.nodes.count < 40)
    }

    @Test func thePageIsSelfContainedAndSmall() throws {
        let scenes = Watch.recordScenes()
        let html = try WatchPage.html(scenes, docsBase: "Docs/")
        #expect(html.utf8.count <= 1_000_000, "the page is \(html.utf8.count) bytes")
        for forbidden in ["<script src", "<link", "@import", "url(http", "src=\"http", "fonts.googleapis"] {
            #expect(!html.contains(forbidden), "the page uses \(forbidden)")
        }
        #expect(!html.contains("/*WATCH-"), "a placeholder was left in the page")
        #expect(
            scenes.map(\.key) == ["first-load", "slow-scroll", "fling", "jump", "scroll-up", "insert-above", "chat-prepend", "width", "waterfall"])
        for scene in scenes { #expect(scene.steps.count >= 8, "\(scene.key) has \(scene.steps.count) steps") }
        // The same engine, the same page.
        #expect(try WatchPage.html(Watch.recordScenes(), docsBase: "Docs/") == html)
    }

    @Test func theScenesShowWhatTheyPromise() {
        let scenes = Dictionary(uniqueKeysWithValues: Watch.recordScenes().map { ($0.key, $0) })
        func reasons(_ key: String) -> [ScrollView.OffsetMoveReason] {
            scenes[key]!.steps.compactMap {
                if case .offsetMove(_, _, let reason) = $0.event { return reason }
                return nil
            }
        }
        #expect(reasons("scroll-up").contains(.anchor))
        #expect(reasons("insert-above").contains(.keepVisibleContent))
        #expect(reasons("chat-prepend").contains(.followEnd) && reasons("chat-prepend").contains(.keepVisibleContent))
        #expect(reasons("jump").contains(.scrollTo))
        // Scrolling up: every anchor kept its screen y exactly.
        for step in scenes["scroll-up"]!.steps {
            if case .anchorKept(_, let before, let after) = step.event { #expect(before == after) }
        }
        // The jump lands on row 500,000 of 1,000,000.
        #expect(scenes["jump"]!.steps.last!.state.screen.first?.row == 500_000)
        // A finger hit and a root descent both appear while scrolling slowly.
        let finds = scenes["slow-scroll"]!.steps.compactMap {
            if case .findSlot(_, _, let hit, _, _) = $0.event { return hit }
            return nil
        }
        #expect(finds.contains(true) && finds.contains(false))
        // The waterfall recycles and reuses tiles.
        #expect(scenes["waterfall"]!.steps.last!.state.tally.dequeued > 0)
    }

    @Test func theCommandWritesThePage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("w.html").path
        #expect(Watch.run(["--out", path]) == 0)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<html lang=\"en\">") && html.contains("{\"lang\":\"en\""))
        #expect(Watch.run(["--bogus"]) == 2)
        #expect(Watch.run(["--out", path, "--lang", "zh-Hans"]) == 0)
        let chinese = try String(contentsOfFile: path, encoding: .utf8)
        #expect(chinese.contains("<html lang=\"zh-Hans\">") && chinese.contains("{\"lang\":\"zh-Hans\""))
        #expect(Watch.run(["--out", path, "--lang", "fr"]) == 2 && Watch.run(["--lang"]) == 2)
    }

    /// `--lang` takes `en` and `zh-Hans`; anything else is refused with a message naming both.
    @Test func anUnknownLanguageIsRefusedWithAMessage() {
        #expect(WatchLanguage.named("zh-Hans") == .success(.simplifiedChinese) && WatchLanguage.named("en") == .success(.english))
        #expect(WatchLanguage.named("zh") == .failure(WatchLanguageError(message: "unknown language 'zh' for --lang (known: en, zh-Hans)")))
    }

    /// Every scene's title and summary, and every step's sentence, are told in Chinese too: Chinese characters,
    /// the same numbers as the English, and the host's notes split into their own language.
    @Test func everyStepIsToldInChineseToo() {
        func isChinese(_ text: String) -> Bool { text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }
        func numbers(_ text: String) -> [String] {
            text.split(whereSeparator: { !(($0.isASCII && $0.isNumber) || $0 == ",") }).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: ","))
            }
            .filter { !$0.isEmpty }
        }
        for scene in Watch.recordScenes() {
            #expect(isChinese(scene.chineseTitle) && isChinese(scene.chineseSummary), "\(scene.key): title or summary")
            for (index, step) in scene.steps.enumerated() {
                let where_ = "\(scene.key) step \(index): \(step.chineseSentence)"
                #expect(isChinese(step.chineseSentence) && !isChinese(step.sentence), "\(where_)")
                #expect(!step.sentence.contains(WatchLanguage.noteSeparator) && !step.chineseSentence.contains(WatchLanguage.noteSeparator))
                #expect(Set(numbers(step.chineseSentence)) == Set(numbers(step.sentence)), "\(where_) against \(step.sentence)")
            }
        }
    }
}

extension PassRecorder.Event {
    var isNote: Bool {
        if case .note = self { return true }
        return false
    }
}
