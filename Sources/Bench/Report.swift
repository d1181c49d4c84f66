import Foundation

// Output: an aligned text table per suite, `--json`, `--markdown` and `--svg`.
// Every ratio is against the baseline strategy of the same operation and
// scale, measured in the same run.

enum Report {
    // MARK: Formatting

    /// "850 ns", "12.3 µs", "4.56 ms", "1.23 s".
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: nanoseconds < 10 ? "%.2f ns" : "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.3g µs", nanoseconds / 1e3)
        case ..<1_000_000_000: return String(format: "%.3g ms", nanoseconds / 1e6)
        default: return String(format: "%.3g s", nanoseconds / 1e9)
        }
    }

    /// "2.3x", "41x", "4,300x".
    static func ratio(_ value: Double) -> String {
        if value < 10 { return String(format: "%.1fx", value) }
        return grouped(Int(value.rounded())) + "x"
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// "10^6" for powers of ten, else grouped digits.
    static func rowsLabel(_ rows: Int) -> String {
        var n = rows, exponent = 0
        while n >= 10, n % 10 == 0 { n /= 10; exponent += 1 }
        return n == 1 && exponent >= 3 ? "10^\(exponent)" : grouped(rows)
    }

    /// "4,300x faster than RowRecords", "baseline", or "" when the baseline is missing.
    static func comparison(_ result: BenchResult, in results: [BenchResult]) -> String {
        guard let baseline = result.baseline, let median = result.summary?.median else { return "" }
        if result.strategy == baseline { return "baseline" }
        guard
            let reference = results.first(where: {
                $0.suite == result.suite && $0.operation == result.operation && $0.rows == result.rows && $0.strategy == baseline
            })?.summary?.median, median > 0, reference > 0
        else { return "" }
        let speedup = reference / median
        return speedup >= 1 ? "\(ratio(speedup)) faster than \(baseline)" : "\(ratio(1 / speedup)) slower than \(baseline)"
    }

    /// Fitted growth exponent per (operation, strategy), in first-seen order.
    static func exponents(_ results: [BenchResult]) -> [(operation: String, strategy: String, exponent: Double?)] {
        var keys: [(String, String)] = []
        for r in results where !keys.contains(where: { $0 == (r.operation, r.strategy) }) { keys.append((r.operation, r.strategy)) }
        return keys.map { key in
            let points = results.filter { $0.operation == key.0 && $0.strategy == key.1 }
                .compactMap { r in r.summary.map { (rows: r.rows, nanoseconds: $0.median) } }
            return (key.0, key.1, Fit.exponent(points))
        }
    }

    /// The spread, with the sample count when it is small (slow cases run few samples).
    static func spread(_ s: Summary) -> String {
        "\(duration(s.p10)) – \(duration(s.p90))" + (s.samples < 10 ? " (\(s.samples) samples)" : "")
    }

    private static func rows(of results: [BenchResult]) -> [[String]] {
        let withCells = results.contains { $0.cellsCreated != nil }
        return results.map { r in
            let bytes = r.bytesPerRow.map { String(format: "%.1f", $0) } ?? ""
            let cells = withCells ? [r.cellsCreated.map { grouped($0) } ?? ""] : []
            guard let s = r.summary else {
                return [r.operation, rowsLabel(r.rows), r.strategy, "skipped", "", r.skipped ?? "", ""] + cells
            }
            return [
                r.operation, rowsLabel(r.rows), r.strategy, duration(s.median),
                spread(s), comparison(r, in: results), bytes,
            ] + cells
        }
    }

    private static let baseHeaders = ["operation", "rows", "strategy", "median", "p10 – p90", "vs baseline", "bytes/row"]

    /// The column headers; "cells created" only for suites that count cells.
    static func headers(for results: [BenchResult]) -> [String] {
        baseHeaders + (results.contains { $0.cellsCreated != nil } ? ["cells created"] : [])
    }

    // MARK: Text

    static func text(suite: BenchSuite, results: [BenchResult]) -> String {
        guard !results.isEmpty else { return "" }
        let headers = headers(for: results)
        let table = [headers] + rows(of: results)
        var widths = [Int](repeating: 0, count: headers.count)
        for row in table { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = "== \(suite.name) ==\n"
        var lastOperation = ""
        for (index, row) in table.enumerated() {
            if index > 1, row[0] != lastOperation { out += "\n" }
            lastOperation = row[0]
            let numeric: Set<Int> = [1, 3]
            let cells = row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return numeric.contains(i) ? pad + cell : cell + pad
            }
            out += cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
            if index == 0 { out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        let fitted = exponents(results).filter { $0.exponent != nil }
        if !fitted.isEmpty, Set(results.map(\.rows)).count > 1 {
            out += "\nfitted growth exponent (time ∝ rows^k):\n"
            for f in fitted { out += "  \(f.operation) \(f.strategy): k = \(String(format: "%.2f", f.exponent!))\n" }
        }
        for line in suite.commentary(results) { out += "\n" + line + "\n" }
        return out
    }

    // MARK: JSON

    /// Exactly `{"results":[{"suite":…,"operation":…,"strategy":…,"rows":N,"median_ns":…,"p10_ns":…,"p90_ns":…,"p99_ns":…,"bytes_per_row":…}]}`;
    /// skipped cases are left out; `p99_ns` and `bytes_per_row` only when measured (`p99_ns`: the feed suite's
    /// single steps timed one by one). The reuse-pool
    /// suite's cell counts are not times, so they stay in the text and markdown reports.
    static func json(_ results: [BenchResult]) -> String {
        func string(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        func number(_ x: Double) -> String { x.isFinite ? String(format: "%.3f", x) : "null" }
        let entries = results.compactMap { r -> String? in
            guard let s = r.summary else { return nil }
            var fields = [
                "\"suite\":\(string(r.suite))", "\"operation\":\(string(r.operation))", "\"strategy\":\(string(r.strategy))",
                "\"rows\":\(r.rows)", "\"median_ns\":\(number(s.median))", "\"p10_ns\":\(number(s.p10))", "\"p90_ns\":\(number(s.p90))",
            ]
            if let p99 = r.p99 { fields.append("\"p99_ns\":\(number(p99))") }
            if let bytes = r.bytesPerRow { fields.append("\"bytes_per_row\":\(number(bytes))") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"results\":[" + entries.joined(separator: ",") + "]}"
    }

    // MARK: Markdown

    /// The whole report as markdown: header, legend (as a code block), targets, then a table per suite.
    static func markdown(
        _ suites: [(suite: BenchSuite, results: [BenchResult])], header: String, legend: String = "", targets: String = ""
    ) -> String {
        var out = "<!-- Generated by `swift run -c release Demo bench --markdown FILE`. -->\n\n" + header + "\n"
        if !legend.isEmpty { out += "\n## legend\n\n```text\n" + legend + "```\n" }
        if !targets.isEmpty { out += "\n## targets\n\n" + targets }
        for (suite, results) in suites where !results.isEmpty {
            out += "\n## \(suite.name)\n\n"
            let headers = headers(for: results)
            out += "| " + headers.joined(separator: " | ") + " |\n"
            out += "|" + headers.enumerated().map { i, _ in [1, 3].contains(i) ? "---:" : "---" }.joined(separator: "|") + "|\n"
            for row in rows(of: results) { out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
            let fitted = exponents(results).filter { $0.exponent != nil }
            if !fitted.isEmpty, Set(results.map(\.rows)).count > 1 {
                out += "\nFitted growth exponent k (time ∝ rows^k):\n\n| operation | strategy | k |\n|---|---|---:|\n"
                for f in fitted { out += "| \(f.operation) | \(f.strategy) | \(String(format: "%.2f", f.exponent!)) |\n" }
            }
            for line in suite.commentary(results) { out += "\n" + line + "\n" }
        }
        return out
    }

    // MARK: SVG

    /// "1 ns", "10 µs", "100 ms", "1 s" for the decade 10^decade nanoseconds.
    static func tickLabel(_ decade: Int) -> String {
        let units = ["ns", "µs", "ms", "s"]
        let unit = min(max(decade, 0) / 3, units.count - 1)
        let value = pow(10, Double(decade - 3 * unit))
        return value >= 1 ? "\(Int(value.rounded())) \(units[unit])" : String(format: "%g %@", value, units[unit])
    }

    /// A log-log chart per operation (rows vs median ns), in a grid, one polyline per strategy.
    static func svg(_ results: [BenchResult], title: String) -> String {
        let measured = results.filter { $0.summary != nil }
        var panels: [(suite: String, operation: String)] = []
        for r in measured where !panels.contains(where: { $0 == (r.suite, r.operation) }) { panels.append((r.suite, r.operation)) }
        let strategies = measured.reduce(into: [String]()) { if !$0.contains($1.strategy) { $0.append($1.strategy) } }
        let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"]
        func color(_ strategy: String) -> String { palette[(strategies.firstIndex(of: strategy) ?? 0) % palette.count] }

        let panelWidth = 500.0, panelHeight = 320.0, columns = 2
        let margin = (left: 64.0, right: 170.0, top: 36.0, bottom: 44.0)
        let gridRows = (panels.count + columns - 1) / columns
        let width = panelWidth * Double(columns), height = panelHeight * Double(max(1, gridRows)) + 40
        func f(_ x: Double) -> String { String(format: "%.1f", x) }
        func escape(_ s: String) -> String { s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") }

        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        out += "<text x=\"\(f(width / 2))\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">\(escape(title))</text>\n"
        for (index, panel) in panels.enumerated() {
            let ox = Double(index % columns) * panelWidth, oy = 40 + Double(index / columns) * panelHeight
            let data = measured.filter { $0.suite == panel.suite && $0.operation == panel.operation }
            let xs = data.map { log10(Double($0.rows)) }, ys = data.map { log10(max($0.summary!.median, 0.1)) }
            let x0 = floor(xs.min()!), x1 = max(ceil(xs.max()!), x0 + 1)
            let y0 = floor(ys.min()!), y1 = max(ceil(ys.max()!), y0 + 1)
            let plotW = panelWidth - margin.left - margin.right, plotH = panelHeight - margin.top - margin.bottom
            func px(_ x: Double) -> Double { ox + margin.left + (x - x0) / (x1 - x0) * plotW }
            func py(_ y: Double) -> Double { oy + margin.top + plotH - (y - y0) / (y1 - y0) * plotH }

            out +=
                "<g>\n<text x=\"\(f(ox + margin.left + plotW / 2))\" y=\"\(f(oy + 20))\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">\(escape(panel.suite)) · \(escape(panel.operation))</text>\n"
            out += "<rect x=\"\(f(px(x0)))\" y=\"\(f(py(y1)))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"none\" stroke=\"#333\"/>\n"
            for decade in Int(x0)...Int(x1) {
                let x = px(Double(decade))
                out += "<line x1=\"\(f(x))\" y1=\"\(f(py(y0)))\" x2=\"\(f(x))\" y2=\"\(f(py(y1)))\" stroke=\"#ddd\"/>\n"
                out +=
                    "<text x=\"\(f(x))\" y=\"\(f(py(y0) + 16))\" text-anchor=\"middle\">10<tspan dy=\"-5\" font-size=\"8\">\(decade)</tspan></text>\n"
            }
            for decade in Int(y0)...Int(y1) {
                let y = py(Double(decade))
                out += "<line x1=\"\(f(px(x0)))\" y1=\"\(f(y))\" x2=\"\(f(px(x1)))\" y2=\"\(f(y))\" stroke=\"#ddd\"/>\n"
                out += "<text x=\"\(f(px(x0) - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(escape(tickLabel(decade)))</text>\n"
            }
            out += "<text x=\"\(f(ox + margin.left + plotW / 2))\" y=\"\(f(oy + panelHeight - 8))\" text-anchor=\"middle\">rows</text>\n"
            out +=
                "<text transform=\"translate(\(f(ox + 14)) \(f(oy + margin.top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\">median time per operation</text>\n"
            var legendY = oy + margin.top + 8
            for strategy in strategies {
                let line = data.filter { $0.strategy == strategy }.sorted { $0.rows < $1.rows }
                guard !line.isEmpty else { continue }
                let points = line.map { "\(f(px(log10(Double($0.rows))))),\(f(py(log10(max($0.summary!.median, 0.1)))))" }
                out += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(color(strategy))\" stroke-width=\"2\"/>\n"
                for point in points {
                    let xy = point.split(separator: ",")
                    out += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"2.5\" fill=\"\(color(strategy))\"/>\n"
                }
                let lx = px(x1) + 12
                out +=
                    "<line x1=\"\(f(lx))\" y1=\"\(f(legendY))\" x2=\"\(f(lx + 18))\" y2=\"\(f(legendY))\" stroke=\"\(color(strategy))\" stroke-width=\"2\"/>\n"
                out += "<text x=\"\(f(lx + 22))\" y=\"\(f(legendY + 4))\">\(escape(strategy))</text>\n"
                legendY += 16
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }
}
