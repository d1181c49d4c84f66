import Foundation
@_spi(Internals) import ReuseTable
import Testing

@_spi(Internals) @testable import Watch

/// The watch page in a real browser (headless Chromium over WebDriver): every scene stepped through
/// with keys and compared, step by step, with what the Swift side recorded; back and forward again,
/// clicks, play, the URL fragment, a screenshot that is not blank, and a console without errors; then the
/// page in Simplified Chinese (`Demo watch --lang zh-Hans`) and its language control, both ways.
/// With `REUSETABLE_WATCH_SCREENSHOT=FILE.png` the Chinese page's screenshot is kept there, to look at.
///
/// Without `chromedriver` and Chromium the test is skipped with a printed reason, unless
/// `REUSETABLE_REQUIRE_BROWSER=1` (CI sets it), which makes a missing browser a failure.
@MainActor
@Suite(.serialized) struct WatchBrowserTests {
    /// What the page shows for one step, read from the DOM by `readScript`.
    struct Shown: Equatable, CustomStringConvertible {
        var scene: String
        var step: Int
        var stage: String
        var function: String
        var file: String
        var sentence: String
        var numbers: String
        var counters: [String]
        var pool: [String]
        var screen: [String]
        var path: [String]
        var touched: [String]

        init(
            scene: String, step: Int, stage: String, function: String, file: String, sentence: String, numbers: String,
            counters: [String], pool: [String], screen: [String], path: [String], touched: [String]
        ) {
            (self.scene, self.step, self.stage, self.function, self.file) = (scene, step, stage, function, file)
            (self.sentence, self.numbers, self.counters, self.pool) = (sentence, numbers, counters, pool)
            (self.screen, self.path, self.touched) = (screen, path, touched)
        }

        init?(_ value: Any?) {
            guard let d = value as? [String: Any] else { return nil }
            func s(_ key: String) -> String { d[key] as? String ?? "" }
            func a(_ key: String) -> [String] { d[key] as? [String] ?? [] }
            self.init(
                scene: s("scene"), step: (d["step"] as? Int) ?? Int(s("step")) ?? -1, stage: s("stage"), function: s("function"),
                file: s("file"), sentence: s("sentence"), numbers: s("numbers"), counters: a("counters"), pool: a("pool"),
                screen: a("screen"), path: a("path"), touched: a("touched"))
        }

        var description: String {
            "\(scene) step \(step): \(stage) \(function) \(counters) pool \(pool) screen \(screen) path \(path) touched \(touched)"
        }
    }

    /// The DOM, read as the page shows it: texts of the step card, the chips of the pool pane and the
    /// highlighted nodes of the tree pane.
    static let readFunction = """
        function read() {
          const q = (s) => document.querySelector(s);
          const all = (s) => Array.from(document.querySelectorAll(s));
          return {
            scene: document.documentElement.dataset.scene, step: parseInt(document.documentElement.dataset.step, 10),
            stage: q('#stage').dataset.stage, function: q('#function').textContent, file: q('#file').textContent,
            sentence: q('#sentence').textContent, numbers: q('#numbers').textContent,
            counters: ['created', 'dequeued', 'recycled', 'measured'].map((n) => q('[data-counter="' + n + '"] .value').textContent),
            pool: all('.identifier').map((d) => d.dataset.identifier + ':' +
              Array.from(d.querySelectorAll('.chip[data-state="pool"]')).map((c) => c.dataset.serial).join(',')),
            screen: all('.chip[data-state="screen"]').map((c) => c.dataset.serial + '@' + c.dataset.row).sort(),
            path: all('.node[data-hl~="path"]').map((n) => n.dataset.node),
            touched: all('.node[data-hl~="touched"]').map((n) => n.dataset.node).sort()
          };
        }
        """

    /// Records the DOM after every render (the step counter is rewritten by each), into `window.__shown`.
    static let watchScript =
        readFunction + """
            window.__shown = [];
            if (window.__observer) window.__observer.disconnect();
            window.__observer = new MutationObserver(() => {
              const now = read(), last = window.__shown[window.__shown.length - 1];
              if (!last || last.step !== now.step || last.scene !== now.scene) window.__shown.push(now);
            });
            window.__observer.observe(document.getElementById('step-index'), { childList: true, characterData: true, subtree: true });
            return true;
            """

    /// What the page must show for `step` of `scene`, from the recording.
    static func expected(_ scene: WatchScene, _ index: Int) -> Shown {
        let step = scene.steps[index]
        let state = step.state
        let known = Set(scene.cells.filter { $0.firstStep <= index }.map(\.identifier))
        let identifiers = known.union(state.pool.map(\.identifier)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let pool = identifiers.map { identifier in
            identifier + ":" + (state.pool.first { $0.identifier == identifier }?.serials.map(String.init).joined(separator: ",") ?? "")
        }
        let tally = state.tally
        return Shown(
            scene: scene.key, step: index, stage: step.stage.rawValue, function: step.recorded.function,
            file: "\(step.recorded.file):\(step.recorded.line)", sentence: step.sentence, numbers: step.numbers,
            counters: [tally.created, tally.dequeued, tally.recycled, tally.measured].map { grouped(Double($0)) }, pool: pool,
            screen: state.screen.map { "\($0.serial)@\($0.row)" }.sorted(), path: step.path.map(String.init),
            touched: step.touched.map(String.init).sorted())
    }

    @Test func thePagePlaysTheRecordingInARealBrowser() async throws {
        let browser: (driver: String, browser: String)
        switch WebDriver.findBrowser() {
        case .success(let found): browser = found
        case .failure(let missing):
            if ProcessInfo.processInfo.environment["REUSETABLE_REQUIRE_BROWSER"] == "1" {
                Issue.record("REUSETABLE_REQUIRE_BROWSER=1 but \(missing) (install chromium and chromium-driver)")
            } else {
                print("WatchBrowserTests skipped: \(missing). Install chromium and chromium-driver to run it.")
            }
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenes = Watch.recordScenes()
        let page = folder.appendingPathComponent("watch.html")
        try WatchPage.html(scenes, docsBase: "Docs/").write(to: page, atomically: true, encoding: .utf8)

        let web = try await WebDriver(driverPath: browser.driver, browserPath: browser.browser, size: (1400, 1300))
        do {
            try await run(web, scenes: scenes, page: page, folder: folder)
            try await runInChinese(web, scenes: scenes, folder: folder)
        } catch {
            await web.quit()
            throw error
        }
        await web.quit()
    }

    func run(_ web: WebDriver, scenes: [WatchScene], page: URL, folder: URL) async throws {
        try await web.open(page)
        /// Whether the URL fragment reaches `expected` within two seconds (the page writes it a moment after the last move).
        func hash(becomes expected: String) async throws -> Bool {
            for _ in 0..<40 {
                if try await web.execute("return location.hash;") as? String == expected { return true }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            return false
        }
        func shown() async throws -> Shown { try #require(Shown(try await web.execute(Self.readFunction + "return read();"))) }

        // Every scene, by its number key, stepped through with → and compared with the recording at every step.
        for (number, scene) in scenes.enumerated() {
            _ = try await web.execute(Self.watchScript)
            try await web.press(["\(number + 1)"] + Array(repeating: WebDriver.Key.right, count: scene.steps.count - 1))
            let log = try #require(try await web.execute("return window.__shown;") as? [Any])
            let steps = log.compactMap(Shown.init)
            #expect(steps.count == scene.steps.count, "\(scene.key): \(steps.count) steps shown of \(scene.steps.count)")
            for (index, seen) in steps.enumerated() where index < scene.steps.count {
                let want = Self.expected(scene, index)
                #expect(seen == want, "\(scene.key) step \(index):\n page:     \(seen)\n recorded: \(want)")
            }
        }

        // Back and forward again give the same DOM; so do clicks on the buttons.
        let jump = try #require(scenes.firstIndex { $0.key == "jump" })
        try await web.press(["\(jump + 1)"] + Array(repeating: WebDriver.Key.right, count: 12))
        let mainHTML = "return document.querySelector('main').outerHTML;"
        let before = try await web.execute(mainHTML) as? String
        try await web.press(Array(repeating: WebDriver.Key.left, count: 7) + Array(repeating: WebDriver.Key.right, count: 7))
        #expect(try await web.execute(mainHTML) as? String == before, "back 7 and forward 7 changed the page")
        for _ in 0..<3 { try await web.click("#back") }
        #expect(try await shown().step == 9)
        for _ in 0..<3 { try await web.click("#forward") }
        #expect(try await web.execute(mainHTML) as? String == before, "three clicks back and three forward changed the page")

        // Home and End, and the step in the URL fragment.
        try await web.press([WebDriver.Key.end])
        #expect(try await shown() == Self.expected(scenes[jump], scenes[jump].steps.count - 1))
        #expect(try await hash(becomes: "#scene=jump&step=\(scenes[jump].steps.count)"))
        try await web.press([WebDriver.Key.home])
        #expect(try await shown().step == 0)

        // A scene chosen by a click on its tab, and a link to a step restored when the page loads.
        try await web.click("[data-scene=\"waterfall\"]")
        #expect(try await shown().scene == "waterfall")
        let linked = try #require(scenes.first { $0.key == "scroll-up" })
        try await web.open(URL(string: "about:blank")!)
        try await web.open(URL(string: page.absoluteString + "#scene=scroll-up&step=9")!)
        #expect(try await shown() == Self.expected(linked, 8))

        // Space plays (at 4×) and pauses.
        _ = try await web.execute("document.activeElement.blur(); const s = document.getElementById('speed'); s.value = '4'; return true;")
        try await web.press([WebDriver.Key.space])
        #expect(try await web.execute("return document.getElementById('play').getAttribute('aria-pressed');") as? String == "true")
        try await Task.sleep(nanoseconds: 700_000_000)
        try await web.press([WebDriver.Key.space])
        #expect(try await web.execute("return document.getElementById('play').getAttribute('aria-pressed');") as? String == "false")
        #expect(try await shown().step > 8, "playing did not advance")

        // A screenshot in the middle of a scene is not blank: far larger than a blank page's, and as wide as the window.
        try await web.open(URL(string: page.absoluteString + "#scene=first-load&step=12")!)
        let drawn = try await web.screenshot()
        let blankPage = folder.appendingPathComponent("blank.html")
        try "<!doctype html><html><body></body></html>".write(to: blankPage, atomically: true, encoding: .utf8)
        try await web.open(blankPage)
        let blank = try await web.screenshot()
        let drawnSize = try #require(Self.pngSize(drawn)), blankSize = try #require(Self.pngSize(blank))
        #expect(drawnSize.width == blankSize.width && drawnSize.height == blankSize.height, "the screenshots differ in size")
        #expect(drawnSize.width >= 1000)
        #expect(
            drawn.count > 8 * blank.count, "the drawn page's screenshot (\(drawn.count) bytes) is not much larger than a blank one (\(blank.count))")

        // Nothing went wrong in the page.
        let errors = try await web.browserLog().filter { $0.level == "SEVERE" }
        #expect(errors.isEmpty, "console errors: \(errors.map(\.message))")
    }

    /// The page written in Simplified Chinese: the language, the scene's title, the sentences and the fixed words
    /// are Chinese, step by step through a scene; the control switches to English and back, and the fragment keeps it.
    func runInChinese(_ web: WebDriver, scenes: [WatchScene], folder: URL) async throws {
        let page = folder.appendingPathComponent("watch-zh.html")
        try WatchPage.html(scenes, docsBase: "Docs/", language: .simplifiedChinese).write(to: page, atomically: true, encoding: .utf8)
        let scene = try #require(scenes.first { $0.key == "scroll-up" })
        try await web.open(URL(string: page.absoluteString + "#scene=scroll-up&step=1")!)
        let readScript = """
            return [document.documentElement.lang, document.getElementById('scene-title').textContent,
              document.getElementById('sentence').textContent, document.querySelector('[data-t="Content space"]').textContent,
              document.getElementById('step-index').textContent, location.hash];
            """
        func read() async throws -> [String] { try #require(try await web.execute(readScript) as? [String]) }
        let first = try await read()
        #expect(
            Array(first.prefix(5)) == ["zh-Hans", scene.chineseTitle, scene.steps[0].chineseSentence, "内容空间", "第 1 步 / 共 \(scene.steps.count) 步"])
        for index in 1..<scene.steps.count {
            try await web.press([WebDriver.Key.right])
            let shown = try await read()
            #expect(shown[2] == scene.steps[index].chineseSentence, "step \(index): \(shown[2])")
            #expect(shown[2].unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "step \(index) shows no Chinese: \(shown[2])")
        }
        if let path = ProcessInfo.processInfo.environment["REUSETABLE_WATCH_SCREENSHOT"] {
            try await web.screenshot().write(to: URL(fileURLWithPath: path))
        }
        // The control: English, then Chinese again; the fragment names the language that is not the page's own.
        try await web.click(".lang button[data-lang=\"en\"]")
        var shown = try await read()
        let last = scene.steps.count - 1
        #expect(Array(shown.prefix(4)) == ["en", scene.title, scene.steps[last].sentence, "Content space"])
        for _ in 0..<40 where !shown[5].hasSuffix("&lang=en") {
            try await Task.sleep(nanoseconds: 50_000_000)
            shown = try await read()
        }
        #expect(shown[5] == "#scene=scroll-up&step=\(scene.steps.count)&lang=en")
        try await web.click(".lang button[data-lang=\"zh-Hans\"]")
        #expect(Array(try await read().prefix(4)) == ["zh-Hans", scene.chineseTitle, scene.steps[last].chineseSentence, "内容空间"])
        let errors = try await web.browserLog().filter { $0.level == "SEVERE" }
        #expect(errors.isEmpty, "console errors: \(errors.map(\.message))")
    }

    /// Width and height from a PNG's header.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
