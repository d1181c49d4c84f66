import Foundation
@_spi(Internals) import ReuseTable

/// The watch page: one self-contained HTML file (inline style, script and data; nothing fetched)
/// that replays the recorded scenes. The page's style and script live in `Page/` beside this file,
/// and are inlined as they are.
@_spi(Internals) public enum WatchPage {
    /// The page for `scenes`; Docs links point into `docsBase` (a folder URL or relative path ending in "/").
    /// The page opens in `language`; its language control switches between English and Simplified Chinese.
    public static func html(_ scenes: [WatchScene], docsBase: String, language: WatchLanguage = .english) throws -> String {
        let template = try resource("watch", "html")
        let style = try resource("watch", "css")
        let script = try resource("watch", "js")
        return
            template
            .replacingOccurrences(of: "<html lang=\"en\">", with: "<html lang=\"\(language.rawValue)\">")
            .replacingOccurrences(of: "/*WATCH-STYLE*/", with: style)
            .replacingOccurrences(of: "/*WATCH-SCRIPT*/", with: script)
            .replacingOccurrences(of: "/*WATCH-DATA*/", with: json(scenes, docsBase: docsBase, language: language))
    }

    static func resource(_ name: String, _ ext: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Page") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Page/\(name).\(ext)"])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The data the page replays, as JSON.
    static func json(_ scenes: [WatchScene], docsBase: String, language: WatchLanguage = .english) -> String {
        var out = JSONWriter()
        out.raw("{")
        out.key("lang", first: true)
        out.string(language.rawValue)
        out.key("docs")
        out.raw("{")
        for (index, chapter) in WatchDocs.chapters.enumerated() {
            out.key(chapter.key, first: index == 0)
            out.array([chapter.title, docsBase + chapter.path, chapter.chinese]) { $0.string($1) }
        }
        out.raw("}")
        out.key("scenes")
        out.array(scenes) { out, scene in write(scene, to: &out) }
        out.raw("}")
        return out.text
    }

    static func write(_ scene: WatchScene, to out: inout JSONWriter) {
        out.raw("{")
        out.key("key", first: true)
        out.string(scene.key)
        out.key("title")
        out.string(scene.title)
        out.key("summary")
        out.string(scene.summary)
        out.key("titleZh")
        out.string(scene.chineseTitle)
        out.key("summaryZh")
        out.string(scene.chineseSummary)
        out.key("coll")
        out.number(scene.isCollection ? 1 : 0)
        out.key("rows")
        out.number(scene.rows)
        out.key("cells")
        out.array(scene.cells) { out, cell in
            out.raw("[")
            out.number(cell.serial)
            out.raw(",")
            out.string(cell.identifier)
            out.raw(",")
            out.number(cell.firstStep)
            out.raw("]")
        }
        out.key("nodes")
        out.array(scene.nodes) { out, node in
            out.raw("[")
            out.elements([node.id, node.isLeaf ? 1 : 0, node.count])
            out.raw(",")
            out.number(node.height)
            out.raw(",")
            out.elements([node.unmeasured, node.headers])
            out.raw(",")
            if node.isLeaf {
                out.array(node.runs) { out, run in
                    out.raw("[")
                    out.number(run.count)
                    out.raw(",")
                    out.number(run.height)
                    out.raw(",")
                    out.number(Int(run.kind.rawValue) << 1 | (run.isMeasured ? 1 : 0))
                    out.raw("]")
                }
            } else {
                out.numbers(node.children)
            }
            out.raw("]")
        }
        var itemSets: [[CGRect]] = []
        out.key("steps")
        out.array(scene.steps) { out, step in
            var itemSet = -1
            if scene.isCollection {
                if let known = itemSets.firstIndex(of: step.state.items) {
                    itemSet = known
                } else {
                    itemSets.append(step.state.items)
                    itemSet = itemSets.count - 1
                }
            }
            write(step, itemSet: itemSet, to: &out)
        }
        out.key("items")
        out.array(itemSets) { out, frames in
            out.array(frames) { out, frame in
                out.numbers([Double(frame.minX), Double(frame.minY), Double(frame.width), Double(frame.height)])
            }
        }
        out.raw("}")
    }

    static func write(_ step: WatchStep, itemSet: Int, to out: inout JSONWriter) {
        let state = step.state
        out.raw("{")
        out.key("s", first: true)
        out.string(step.stage.rawValue)
        out.key("n")
        out.number(step.calledBySettle ? 1 : 0)
        out.key("f")
        out.string(step.recorded.function)
        out.key("file")
        out.string(step.recorded.file)
        out.key("l")
        out.number(step.recorded.line)
        out.key("x")
        out.string(step.sentence)
        out.key("xz")
        out.string(step.chineseSentence)
        out.key("num")
        out.string(step.numbers)
        out.key("doc")
        out.array(step.docs) { $0.string($1) }
        out.key("v")
        out.numbers([state.offsetY, state.viewportHeight, state.width, state.contentHeight, state.geometryOrigin])
        write(state, to: &out)
        out.key("tc")
        out.numbers(step.touched)
        if itemSet >= 0 {
            out.key("it")
            out.number(itemSet)
        }
        out.key("k")
        write(step.event, to: &out)
        out.raw("}")
    }

    /// The state's screen (the cells shown), pool and tallies.
    static func write(_ state: PassRecorder.ViewState, to out: inout JSONWriter) {
        out.key("scr")
        out.array(state.screen) { out, cell in
            out.numbers([
                Double(cell.serial), Double(cell.section), Double(cell.row), Double(cell.frame.minX), Double(cell.frame.minY),
                Double(cell.frame.width), Double(cell.frame.height),
            ])
        }
        out.key("p")
        out.array(state.pool) { out, stack in
            out.raw("[")
            out.string(stack.identifier)
            out.raw(",")
            out.numbers(stack.serials)
            out.raw("]")
        }
        out.key("t")
        out.numbers([state.tally.created, state.tally.dequeued, state.tally.recycled, state.tally.measured])
        out.key("tr")
        out.number(state.tree ?? -1)
    }

    /// The event's kind under "k", and its numbers under a key of their own.
    static func write(_ event: PassRecorder.Event, to out: inout JSONWriter) {
        switch event {
        case .note: out.string("note")
        case .stage: out.string("stage")
        case .geometryBuilt(let slots):
            out.string("built")
            out.key("slots")
            out.number(slots)
        case .offsetMove(let from, let to, let reason):
            out.string("offset")
            out.key("mv")
            out.raw("[")
            out.number(from)
            out.raw(",")
            out.number(to)
            out.raw(",")
            out.string(reason.rawValue)
            out.raw("]")
        case .findSlot(let y, let found, let hit, let path, let run):
            out.string("find")
            out.key("fy")
            out.number(y)
            out.key("fr")
            if let found { out.numbers([found.index, found.section, found.row]) } else { out.raw("null") }
            out.key("hit")
            out.number(hit ? 1 : 0)
            out.key("path")
            out.numbers(path)
            out.key("run")
            out.number(run ?? -1)
        case .measured(let address, let old, let new, let wasEstimate):
            out.string("measure")
            out.key("m")
            out.numbers([Double(address.index), Double(address.section), Double(address.row), old, new, wasEstimate ? 1 : 0])
        case .anchorKept(let address, let before, let after):
            out.string("anchor")
            out.key("a")
            out.numbers([Double(address.index), Double(address.section), Double(address.row), before, after])
        case .cell(let serial, let change, let at):
            out.string("cell")
            out.key("ce")
            out.raw("[")
            out.number(serial)
            out.raw(",")
            out.string(change.rawValue)
            out.raw(",")
            out.elements([at?.section ?? -1, at?.row ?? -1])
            out.raw("]")
        }
    }
}
