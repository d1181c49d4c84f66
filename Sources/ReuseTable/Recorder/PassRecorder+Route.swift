import Foundation

// The route a recording took, function by function: the recorder's steps with what happened at
// each, a stop met again within a stage counted at its first place. Docs/layout-on-scroll.md's route
// tables are this, printed for a step down, a step up, a jump and a first load, and a test keeps
// them equal to what the code does (`LayoutRouteDocTests`).

extension PassRecorder {
    /// One stop of a route: the function a hook sits in, its file, the stage the view was in, what
    /// happened there, and how many steps in a row did the same.
    public struct RouteStop: Equatable, Sendable {
        /// The stage the view was in (`Stage.rawValue`).
        public var stage: String
        /// The function, as the hook's `#function` names it.
        public var function: String
        /// The file, from the module's folder (`Table/TableView.swift`).
        public var file: String
        /// What the steps did, in words.
        public var what: String
        /// How many steps in a row did it.
        public var count: Int
    }

    /// The route of `steps`: each step's function, file and event in words. Within one stage, a stop
    /// met again (the same function, file and event: a cell dequeued and shown for each row that
    /// arrives) is counted at its first place. Steps before the first stage of `steps` are the
    /// host's call.
    /// - Complexity: O(steps · stops of a stage).
    public static func route(of steps: some Sequence<Step>) -> [RouteStop] {
        var stops: [RouteStop] = []
        var stageStart = 0
        var inPass = false
        for step in steps {
            if case .stage = step.event {
                inPass = true
                stageStart = stops.count
            }
            let stage = inPass ? step.stage.rawValue : Stage.call.rawValue
            let stop = RouteStop(stage: stage, function: step.function, file: step.file, what: words(for: step.event), count: 1)
            if let seen = stops[stageStart...].firstIndex(where: {
                $0.stage == stop.stage && $0.function == stop.function && $0.file == stop.file && $0.what == stop.what
            }) {
                stops[seen].count += 1
            } else {
                if stop.stage == Stage.call.rawValue, stops.last?.stage != stop.stage { stageStart = stops.count }
                stops.append(stop)
            }
        }
        return stops
    }

    /// `route` as a Markdown table: stage, function, file, what happened (× count).
    public static func markdown(_ route: [RouteStop]) -> String {
        var lines = ["| stage | function | file | what happened |", "|---|---|---|---|"]
        for stop in route {
            let times = stop.count > 1 ? " (×\(stop.count))" : ""
            lines.append("| \(stop.stage) | `\(stop.function)` | `\(stop.file)` | \(stop.what)\(times) |")
        }
        return lines.joined(separator: "\n")
    }

    /// An event in a few words, without the numbers that change from run to run.
    static func words(for event: Event) -> String {
        switch event {
        case .note(let text): text
        case .stage(let stage): "stage \(stage.rawValue) begins"
        case .geometryBuilt: "geometry built from the counts"
        case .offsetMove(_, _, let reason): "offset moves (\(reason))"
        case .findSlot(_, _, let fingerHit, _, _): fingerHit ? "slot found through the finger" : "slot found by a descent"
        case .measured(_, _, _, let wasEstimate): wasEstimate ? "estimate measured" : "height measured"
        case .anchorKept: "anchor kept on screen"
        case .cell(_, let change, _): "cell \(change.rawValue)"
        }
    }
}
