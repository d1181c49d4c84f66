import Foundation

/// `swift run Demo watch [--out FILE] [--open] [--lang en|zh-Hans]`: records the engine on every scene and
/// writes the watch page, one self-contained HTML file (Docs/watch.md), opening in the language asked for.
@MainActor
public enum Watch {
    /// The usage line.
    public static let usage = "usage: Demo watch [--out FILE] [--open] [--lang en|zh-Hans]"

    /// Parses the arguments, writes the page, returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        var path = "watch.html"
        var open = false
        var language = WatchLanguage.english
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--out":
                index += 1
                guard index < arguments.count else { return fail("--out needs a file name") }
                path = arguments[index]
            case "--open": open = true
            case "--lang":
                index += 1
                guard index < arguments.count else { return fail("--lang needs a language (en or zh-Hans)") }
                switch WatchLanguage.named(arguments[index]) {
                case .success(let named): language = named
                case .failure(let error): return fail(error.message)
                }
            case "--help", "-h":
                print(usage)
                return 0
            default: return fail("unknown argument '\(arguments[index])'")
            }
            index += 1
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let scenes: [WatchScene]
        let html: String
        do {
            scenes = recordScenes()
            html = try page(scenes, writtenTo: path, language: language)
            try html.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            FileHandle.standardError.write(Data("watch: cannot write \(path): \(error)\n".utf8))
            return 1
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let counts = scenes.map { "\($0.key) \($0.steps.count)" }.joined(separator: ", ")
        print("Wrote \(path): \(html.utf8.count / 1024) KB, \(scenes.count) scenes (\(counts) steps), in \(Int(milliseconds.rounded())) ms.")
        if open { openInBrowser(path) }
        return 0
    }

    /// Every scene, recorded now on the real engine.
    @_spi(Internals) public static func recordScenes() -> [WatchScene] {
        WatchScenes.all().map(WatchScene.init)
    }

    /// The page for `scenes`, with Docs links relative to where it is written when that is the
    /// repository's root, else to the Docs folder by absolute path.
    @_spi(Internals) public static func page(
        _ scenes: [WatchScene], writtenTo path: String, language: WatchLanguage = .english
    ) throws -> String {
        try WatchPage.html(scenes, docsBase: docsBase(for: path), language: language)
    }

    /// Where the page's Docs links point, seen from a page written at `path`.
    static func docsBase(for path: String) -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = root.appendingPathComponent("Docs")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        if folder.path == root.standardizedFileURL.path { return "Docs/" }
        return FileManager.default.fileExists(atPath: docs.path) ? docs.absoluteString + "/" : "Docs/"
    }

    private static func fail(_ problem: String) -> Int32 {
        FileHandle.standardError.write(Data("watch: \(problem)\n\(usage)\n".utf8))
        return 2
    }

    private static func openInBrowser(_ path: String) {
        guard let command = Platform.browserCommand(opening: path) else {
            FileHandle.standardError.write(Data("watch: open \(path) in a browser.\n".utf8))
            return
        }
        let process = Process()
        process.executableURL = command.executable
        process.arguments = command.arguments
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("watch: cannot open \(path) (\(error)); open it in a browser.\n".utf8))
        }
    }
}
