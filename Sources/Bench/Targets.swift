import Foundation

// The bench's targets, as data: each stated once, with the chapter that states
// it in words (Docs/performance.md lists them all under "Targets"; a test keeps
// the two lists equal), and evaluated on one run's results, never typed in.

/// One target: what is measured, the requirement, where the repository states it, and how to judge it.
struct BenchTarget {
    /// What is measured, e.g. "insertRow (geometry, 10^7 rows)".
    var name: String
    /// The requirement, e.g. "≤ 1 µs" or "≤ 1.5x ArticleTable".
    var requirement: String
    /// The README or Docs chapter that states the target in words.
    var source: String
    /// The results the target reads, in the order `judge` gets them.
    var needs: [Key]
    /// A peer's figure the target compares with (`--peer NAME=NS`), if any.
    var peer: String? = nil
    /// The measured value and whether it meets the requirement, from the needed results
    /// (all present) and the peer's figure (present when `peer` is set).
    var judge: (_ results: [BenchResult], _ peer: Double?) -> (measured: String, met: Bool)

    /// One case of the run: suite, operation, strategy and scale.
    struct Key: Equatable {
        var suite: String
        var operation: String
        var strategy: String
        var rows: Int
    }
}

/// A target judged on one run.
struct TargetVerdict: Equatable {
    var name: String
    var requirement: String
    var source: String
    /// The measured value, or "—" when there is none.
    var measured: String
    var verdict: Verdict

    enum Verdict: Equatable {
        case met
        case missed
        /// The run skipped a case the target needs, with the reason (a quick run's limits, a strategy's cap).
        case skipped(String)
        /// The run did not include a case the target needs (a filter, a scale list).
        case notRun(String)
        /// A peer's figure is needed: `--peer NAME=NS`.
        case needsPeer(String)

        var text: String {
            switch self {
            case .met: return "MET"
            case .missed: return "MISSED"
            case .skipped(let reason): return "skipped (\(reason))"
            case .notRun(let reason): return "not run (\(reason))"
            case .needsPeer(let name): return "needs --peer \(name)=NS"
            }
        }
    }
}

/// How the run was made, for the verdicts of targets it could not judge.
struct TargetRun {
    var results: [BenchResult]
    var peers: [String: Double] = [:]
    var quick = false
    var filter: String? = nil
}

enum Targets {
    static let tenMillion = 10_000_000
    static let hundredMillion = 100_000_000
    static let million = 1_000_000
    static let gigabyte = 1_000_000_000

    /// Peer figures `--peer` accepts: what each one is.
    static let peers: [(name: String, meaning: String)] = [
        ("kiwi", "kiwi's C++ enaml-like benchmark, its own loop: the median of its six \"suggest value\" medians"),
        ("kiwi-cycled", "the same C++ build timing a round that cycles through the six sizes (enamlSuggest's loop)"),
    ]

    // MARK: The list

    /// Every target, in report order.
    static var all: [BenchTarget] {
        geometryTargets + tableTargets + autoLayoutTargets + feedTargets + diffableTargets + pagerTargets + WatchSuite.targets
            + outlineTargets + CompositionalSuite.targets + pagingTargets
    }

    /// The geometry suite's targets: finding and changing rows at 10^7.
    static var geometryTargets: [BenchTarget] {
        [
            ratio(
                "findRow (geometry, 10^7 rows)", .init(suite: "geometry", operation: "findRow", strategy: "ReuseTable", rows: tenMillion),
                against: "FlatArrays", atMost: 1.2, source: "row-geometry.md"),
            time(
                "changeHeight (geometry, 10^7 rows)", .init(suite: "geometry", operation: "changeHeight", strategy: "ReuseTable", rows: tenMillion),
                limit: 1_000, source: "performance.md"),
            speedup(
                "changeHeight vs the article's records (geometry, 10^7 rows)",
                .init(suite: "geometry", operation: "changeHeight", strategy: "ReuseTable", rows: tenMillion),
                over: "RowRecords", atLeast: 1_000, source: "performance.md"),
            time(
                "insertRow (geometry, 10^7 rows)", .init(suite: "geometry", operation: "insertRow", strategy: "ReuseTable", rows: tenMillion),
                limit: 1_000, source: "row-geometry.md"),
            time(
                "deleteRow (geometry, 10^7 rows)", .init(suite: "geometry", operation: "deleteRow", strategy: "ReuseTable", rows: tenMillion),
                limit: 1_000, source: "row-geometry.md"),
        ]
    }

    /// The table suite's targets: a jump, a scroll step and reloads at 10^7 and 10^8 rows.
    static var tableTargets: [BenchTarget] {
        [
            time(
                "jumpAndLayout (table, 10^7 rows)", .init(suite: "table", operation: "jumpAndLayout", strategy: "ReuseTable", rows: tenMillion),
                limit: 10_000, source: "performance.md"),
            ratio(
                "jumpAndLayout vs the article's table (10^7 rows)",
                .init(suite: "table", operation: "jumpAndLayout", strategy: "ReuseTable", rows: tenMillion),
                against: "ArticleTable", atMost: 1.5, source: "performance.md"),
            ratio(
                "scrollStep vs the article's table (10^7 rows)",
                .init(suite: "table", operation: "scrollStep", strategy: "ReuseTable", rows: tenMillion),
                against: "ArticleTable", atMost: 1.5, source: "performance.md"),
            ratio(
                "scrollStep vs the records store (10^7 rows)",
                .init(suite: "table", operation: "scrollStep", strategy: "ReuseTable", rows: tenMillion),
                against: "RowRecords", atMost: 1, source: "row-geometry.md"),
            time(
                "reloadFixed (table, 10^8 rows)", .init(suite: "table", operation: "reloadFixed", strategy: "ReuseTable", rows: hundredMillion),
                limit: 1_000_000, source: "performance.md"),
            time(
                "reloadEstimated (table, 10^8 rows)",
                .init(suite: "table", operation: "reloadEstimated", strategy: "ReuseTable", rows: hundredMillion),
                limit: 1_000_000, source: "performance.md"),
            bytes(
                "reloadExact memory (table, 10^7 rows)",
                .init(suite: "table", operation: "reloadExact", strategy: "ReuseTable", rows: tenMillion),
                limit: 12, source: "row-geometry.md"),
        ]
    }

    /// The solver's and the self-sizing suite's targets (Docs/auto-layout.md).
    static var autoLayoutTargets: [BenchTarget] {
        [
            peer(
                "enamlSuggestRepeat (solver, kiwi's loop)",
                .init(suite: "solver", operation: "enamlSuggestRepeat", strategy: "ReuseTable", rows: 111),
                peer: "kiwi", source: "auto-layout.md"),
            peer(
                "enamlSuggest (solver, sizes cycled)", .init(suite: "solver", operation: "enamlSuggest", strategy: "ReuseTable", rows: 111),
                peer: "kiwi-cycled", source: "auto-layout.md"),
            ratio(
                "fitAutoLayout vs fitFrame (selfSizing)", .init(suite: "selfSizing", operation: "fitAutoLayout", strategy: "ReuseTable", rows: 3),
                against: .init(suite: "selfSizing", operation: "fitFrame", strategy: "frame", rows: 3), atMost: 5,
                requirement: "≤ 5x fitFrame", source: "auto-layout.md"),
        ]
    }

    /// The feed suite's targets: one design in three kinds of cells.
    static var feedTargets: [BenchTarget] {
        [
            ratio(
                "feedScreenStep, Auto Layout vs frame, one design (feed, 10^6 posts)",
                .init(suite: "feed", operation: "feedScreenStep", strategy: "AutoLayout", rows: million),
                against: "frame", atMost: 2, source: "performance.md"),
            ratio(
                "feedScreenStep, configured vs frame, one design (feed, 10^6 posts)",
                .init(suite: "feed", operation: "feedScreenStep", strategy: "configured", rows: million),
                against: "frame", atMost: 1.2, source: "modern-cells.md"),
            p99(
                "feedScreenStep p99, frame (feed, 10^6 posts)",
                .init(suite: "feed", operation: "feedScreenStep", strategy: "frame", rows: million),
                limit: 1_000_000, source: "performance.md"),
            p99(
                "feedScreenStep p99, Auto Layout (feed, 10^6 posts)",
                .init(suite: "feed", operation: "feedScreenStep", strategy: "AutoLayout", rows: million),
                limit: 1_000_000, source: "performance.md"),
        ]
    }

    /// The diffable suite's targets: applies over 10^6 items.
    static var diffableTargets: [BenchTarget] {
        [
            time(
                "applyOnePercent (diffable, 10^6 items)", .init(suite: "diffable", operation: "applyOnePercent", strategy: "diffable", rows: million),
                limit: 300_000_000, source: "diffable.md"),
            time(
                "applyNoChange (diffable, 10^6 items)", .init(suite: "diffable", operation: "applyNoChange", strategy: "diffable", rows: million),
                limit: 100_000_000, source: "diffable.md"),
            time(
                "applyReverse (diffable, 10^6 items)", .init(suite: "diffable", operation: "applyReverse", strategy: "diffable", rows: million),
                limit: 1_000_000_000, source: "performance.md"),
            time(
                "applyShuffle (diffable, 10^6 items)", .init(suite: "diffable", operation: "applyShuffle", strategy: "diffable", rows: million),
                limit: 1_000_000_000, source: "performance.md"),
            time(
                "applyDeleteAllInsertAll (diffable, 10^6 items)",
                .init(suite: "diffable", operation: "applyDeleteAllInsertAll", strategy: "diffable", rows: million),
                limit: 1_000_000_000, source: "performance.md"),
            withinBaselinePlusDiff("applyReverse", diff: "diffApplyReverse"),
            withinBaselinePlusDiff("applyShuffle", diff: "diffApplyShuffle"),
            time(
                "applyOnePercentMainActor (diffable, 10^6 items)",
                .init(suite: "diffable", operation: "applyOnePercentMainActor", strategy: "diffable", rows: million),
                limit: 16_000_000, source: "diffable.md"),
        ]
    }

    /// The pager suite's targets, on a 1 GB file (Docs/pager.md).
    static var pagerTargets: [BenchTarget] {
        [
            time(
                "pagerOpen (pager, 1 GB file)", .init(suite: "pager", operation: "pagerOpen", strategy: "Pager", rows: gigabyte),
                limit: 100_000_000, source: "pager.md"),
            time(
                "pagerJump (pager, 1 GB file)", .init(suite: "pager", operation: "pagerJump", strategy: "Pager", rows: gigabyte),
                limit: 50_000_000, source: "pager.md"),
            BenchTarget(
                name: "pagerIndex throughput (pager, 1 GB file)", requirement: "≥ 1 GB/s", source: "pager.md",
                needs: [.init(suite: "pager", operation: "pagerIndex", strategy: "Pager", rows: gigabyte)],
                judge: { results, _ in
                    let rate = Double(results[0].rows) / results[0].summary!.median  // bytes per ns = GB/s
                    return (String(format: "%.2f GB/s", rate), rate >= 1)
                }),
            ratio(
                "pagerPipe vs cat into wc -l (pager, 1 GB file)",
                .init(suite: "pager", operation: "pagerPipe", strategy: "Pager", rows: gigabyte),
                against: .init(suite: "pager", operation: "pagerPipe", strategy: "cat | wc -l", rows: gigabyte), atMost: 1.2,
                requirement: "≤ 1.2x cat into wc -l", source: "pager.md"),
        ]
    }

    /// The outline suite's targets (Docs/outlines.md).
    static var outlineTargets: [BenchTarget] {
        [
            time(
                "outlineToggle (outline, 10^6 items)",
                .init(suite: "outline", operation: "outlineToggle", strategy: "sectionSnapshot", rows: million),
                limit: 20_000_000, source: "outlines.md"),
            time(
                "outlineToggle, list layout (outline, 10^6 items)",
                .init(suite: "outline", operation: "outlineToggle", strategy: "listLayout", rows: million),
                limit: 20_000_000, source: "outlines.md"),
            ratio(
                "dequeueScreenStep, configured vs plain (configured, 10^5 items)",
                .init(suite: "configured", operation: "dequeueScreenStep", strategy: "configured", rows: 100_000),
                against: "plain", atMost: 1.2, source: "modern-cells.md"),
            time(
                "outlineFirstApply (outline, 10^6 items)",
                .init(suite: "outline", operation: "outlineFirstApply", strategy: "sectionSnapshot", rows: million),
                limit: 1_000_000_000, source: "outlines.md"),
            time(
                "outlineIndexOf (outline, 10^6 items)",
                .init(suite: "outline", operation: "outlineIndexOf", strategy: "sectionSnapshot", rows: million),
                limit: 1_000, source: "outlines.md"),
            time(
                "outlineVisibleIndex (outline, 10^6 items)",
                .init(suite: "outline", operation: "outlineVisibleIndex", strategy: "sectionSnapshot", rows: million),
                limit: 1_000, source: "outlines.md"),
        ]
    }

    /// The paging suite's targets: the SQLite loader at 10^7 rows (Docs/paged-data.md), measured when the
    /// run is given that sample (`REUSETABLE_DATABASE_ROWS=10000000`).
    static var pagingTargets: [BenchTarget] {
        func key(_ operation: String) -> BenchTarget.Key { .init(suite: "paging", operation: operation, strategy: "SQLite", rows: tenMillion) }
        return [
            time("pagingFirstScreen (paging, SQLite, 10^7 rows)", key("pagingFirstScreen"), limit: 50_000_000, source: "paged-data.md"),
            time("pagingJumpToContent (paging, SQLite, 10^7 rows)", key("pagingJumpToContent"), limit: 30_000_000, source: "paged-data.md"),
            time("pagingScrollStep (paging, SQLite, 10^7 rows)", key("pagingScrollStep"), limit: 1_000_000, source: "paged-data.md"),
            time("pagingFilter (paging, SQLite, 10^7 rows)", key("pagingFilter"), limit: 100_000_000, source: "paged-data.md"),
            BenchTarget(
                name: "pagingResident memory (paging, SQLite, 10^7 rows)", requirement: "≤ 64 MB", source: "paged-data.md",
                needs: [key("pagingResident")],
                judge: { results, _ in
                    guard let perRow = results[0].bytesPerRow else { return ("not measured (no malloc statistics)", false) }
                    let bytes = perRow * Double(results[0].rows)
                    return (String(format: "%.1f MB", bytes / 1_048_576), bytes <= 64 * 1_048_576)
                }),
        ]
    }

    // MARK: Kinds of targets

    static func time(_ name: String, _ key: BenchTarget.Key, limit: Double, source: String) -> BenchTarget {
        BenchTarget(name: name, requirement: "≤ \(Report.duration(limit))", source: source, needs: [key]) { results, _ in
            let median = results[0].summary!.median
            return (Report.duration(median), median <= limit)
        }
    }

    /// The 99th percentile of the case's single operations (`BenchResult.p99`) at most `limit` nanoseconds.
    static func p99(_ name: String, _ key: BenchTarget.Key, limit: Double, source: String) -> BenchTarget {
        BenchTarget(name: name, requirement: "p99 ≤ \(Report.duration(limit))", source: source, needs: [key]) { results, _ in
            guard let p99 = results[0].p99 else { return ("not measured (no single-step times)", false) }
            return ("p99 \(Report.duration(p99))", p99 <= limit)
        }
    }

    static func ratio(_ name: String, _ key: BenchTarget.Key, against strategy: String, atMost limit: Double, source: String)
        -> BenchTarget
    {
        var other = key
        other.strategy = strategy
        let requirement = limit == 1 ? "≤ \(strategy)" : "≤ \(String(format: "%g", limit))x \(strategy)"
        return ratio(name, key, against: other, atMost: limit, requirement: requirement, source: source)
    }

    static func ratio(
        _ name: String, _ key: BenchTarget.Key, against other: BenchTarget.Key, atMost limit: Double, requirement: String, source: String
    ) -> BenchTarget {
        BenchTarget(name: name, requirement: requirement, source: source, needs: [key, other]) { results, _ in
            let ours = results[0].summary!.median, theirs = results[1].summary!.median
            return (
                "\(Report.duration(ours)) vs \(Report.duration(theirs)) (\(String(format: "%.2f", ours / theirs))x)",
                ours <= theirs * limit
            )
        }
    }

    static func speedup(_ name: String, _ key: BenchTarget.Key, over strategy: String, atLeast limit: Double, source: String) -> BenchTarget {
        var other = key
        other.strategy = strategy
        return BenchTarget(
            name: name, requirement: "≥ \(Report.ratio(limit)) faster than \(strategy)", source: source, needs: [key, other]
        ) { results, _ in
            let speedup = results[1].summary!.median / results[0].summary!.median
            return ("\(Report.ratio(speedup)) faster", speedup >= limit)
        }
    }

    /// A diffable apply at 10^6 items costs at most "delete all, insert all" through the same path plus its own diff.
    static func withinBaselinePlusDiff(_ operation: String, diff: String) -> BenchTarget {
        BenchTarget(
            name: "\(operation) vs applyDeleteAllInsertAll + \(diff) (diffable, 10^6 items)",
            requirement: "≤ applyDeleteAllInsertAll + its diff", source: "performance.md",
            needs: [
                .init(suite: "diffable", operation: operation, strategy: "diffable", rows: million),
                .init(suite: "diffable", operation: "applyDeleteAllInsertAll", strategy: "diffable", rows: million),
                .init(suite: "diffable", operation: diff, strategy: "ReuseTable", rows: million),
            ]
        ) { results, _ in
            let ours = results[0].summary!.median, floor = results[1].summary!.median + results[2].summary!.median
            return ("\(Report.duration(ours)) vs \(Report.duration(floor)) (\(String(format: "%.2f", ours / floor))x)", ours <= floor)
        }
    }

    static func bytes(_ name: String, _ key: BenchTarget.Key, limit: Double, source: String) -> BenchTarget {
        BenchTarget(name: name, requirement: "≤ \(String(format: "%g", limit)) bytes/row", source: source, needs: [key]) { results, _ in
            guard let bytes = results[0].bytesPerRow else { return ("not measured (no malloc statistics)", false) }
            return (String(format: "%.1f bytes/row", bytes), bytes <= limit)
        }
    }

    static func peer(_ name: String, _ key: BenchTarget.Key, peer: String, source: String) -> BenchTarget {
        BenchTarget(name: name, requirement: "≤ \(peer) (C++)", source: source, needs: [key], peer: peer) { results, theirs in
            let ours = results[0].summary!.median, theirs = theirs!
            return ("\(Report.duration(ours)) vs \(Report.duration(theirs)) (\(String(format: "%.2f", ours / theirs))x)", ours <= theirs)
        }
    }

    // MARK: Judging

    /// Every target judged on `run`.
    static func verdicts(_ run: TargetRun, targets: [BenchTarget] = all) -> [TargetVerdict] {
        targets.map { verdict($0, run) }
    }

    static func verdict(_ target: BenchTarget, _ run: TargetRun) -> TargetVerdict {
        var out = TargetVerdict(name: target.name, requirement: target.requirement, source: target.source, measured: "—", verdict: .met)
        var found: [BenchResult] = []
        for key in target.needs {
            let result = run.results.first {
                $0.suite == key.suite && $0.operation == key.operation && $0.strategy == key.strategy && $0.rows == key.rows
            }
            guard let result else {
                out.verdict = missingCase(key, run)
                return out
            }
            guard result.summary != nil else {
                let reason = result.skipped ?? "not measured"
                out.verdict = .skipped(run.quick ? "quick run: \(reason)" : reason)
                return out
            }
            found.append(result)
        }
        var peerFigure: Double?
        if let peer = target.peer {
            guard let figure = run.peers[peer] else {
                out.measured = Report.duration(found[0].summary!.median)
                out.verdict = .needsPeer(peer)
                return out
            }
            peerFigure = figure
        }
        let judged = target.judge(found, peerFigure)
        out.measured = judged.measured
        out.verdict = judged.met ? .met : .missed
        return out
    }

    /// Why a case a target needs is not among the results.
    static func missingCase(_ key: BenchTarget.Key, _ run: TargetRun) -> TargetVerdict.Verdict {
        let ranOperation = run.results.contains { $0.suite == key.suite && $0.operation == key.operation }
        if let filter = run.filter, !ranOperation { return .notRun("--filter \(filter)") }
        if run.quick {
            return .skipped(ranOperation ? "a quick run does not reach \(Report.rowsLabel(key.rows))" : "a quick run")
        }
        if ranOperation, ProcessInfo.processInfo.environment["REUSETABLE_BENCH_ROWS"] != nil {
            return .notRun("REUSETABLE_BENCH_ROWS")
        }
        return .notRun("no \(key.strategy) result at \(Report.rowsLabel(key.rows))")
    }

    // MARK: Output

    /// The targets as one aligned table, or "" when a filtered run judged none of them.
    static func text(_ verdicts: [TargetVerdict], filtered: Bool) -> String {
        let shown = shownVerdicts(verdicts, filtered: filtered)
        guard !shown.isEmpty else { return "" }
        let table =
            [["target", "requirement", "measured", "verdict", "stated in"]]
            + shown.map { [$0.name, $0.requirement, $0.measured, $0.verdict.text, $0.source] }
        var widths = [Int](repeating: 0, count: 5)
        for row in table { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = "== targets ==\n"
        for (index, row) in table.enumerated() {
            out +=
                row.enumerated().map { i, c in c + String(repeating: " ", count: widths[i] - c.count) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
            if index == 0 { out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        let hidden = verdicts.count - shown.count
        if hidden > 0 { out += "(\(hidden) more targets need suites this filtered run left out)\n" }
        return out
    }

    /// The targets as a markdown table, or "" when a filtered run judged none of them.
    static func markdown(_ verdicts: [TargetVerdict], filtered: Bool) -> String {
        let shown = shownVerdicts(verdicts, filtered: filtered)
        guard !shown.isEmpty else { return "" }
        var out = "| target | requirement | measured | verdict | stated in |\n|---|---|---:|---|---|\n"
        for v in shown {
            out += "| \(v.name) | \(v.requirement) | \(v.measured) | **\(v.verdict.text)** | \(v.source) |\n"
        }
        return out
    }

    /// A filtered run shows only the targets it could judge or skipped; a full run shows every one.
    static func shownVerdicts(_ verdicts: [TargetVerdict], filtered: Bool) -> [TargetVerdict] {
        guard filtered else { return verdicts }
        return verdicts.filter {
            if case .notRun = $0.verdict { return false }
            return true
        }
    }
}
