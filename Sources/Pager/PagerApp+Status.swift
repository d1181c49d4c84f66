import Foundation
import ReuseTableTerminal
@_spi(Internals) import ReuseTable
import Figures

/// The two lines under the table, fitted to the terminal's width: what an 80-column terminal
/// cannot hold is left out, most useful first, instead of being cut mid-word at the edge.
extension PagerApp {
    /// The message line's key hints; `?` shows the next page.
    static let keyHints = [
        "/ search · n next · & filter · F follow · # numbers · g line · ? more · q quit",
        "j/k ↑↓ PgUp/PgDn Home/End scroll · % percent · w wrap · Esc all lines · ? more",
    ]

    /// File, lines on screen and in all, the live modes, then, room permitting, measured vs estimated
    /// rows and the last layout time.
    var statusText: String { statusText(fitting: width - 1) }

    /// `statusText` in at most `limit` columns.
    func statusText(fitting limit: Int) -> String {
        // The required parts in full, or, when they and an 8-column name do not fit, in short forms.
        var required = requiredStatus(compact: false)
        if PagerApp.columns(of: required.joined(separator: " · ")) + 11 > limit { required = requiredStatus(compact: true) }
        let source = document.source
        // Section headers and footers are slots too (measured, zero high): count rows only.
        let rows = publishedEntries + (hasPlaceholder ? 1 : 0)
        let estimated = min(rows, table.estimatedSlotCount)
        let layout = showsTimings ? "\(table.counters.lastLayoutNanoseconds / 1_000) µs" : "–"
        let optional = ["measured \((rows - estimated).grouped), est. \(estimated.grouped)", "layout \(layout)"]
        let separator = " · "
        let fixed = PagerApp.columns(of: required.joined(separator: separator)) + PagerApp.columns(of: separator)
        // The name gets up to 24 columns first, the optional figures what fits after that, the name the rest.
        let nameRoom = max(8, limit - fixed)
        var tail = required.joined(separator: separator)
        var text = PagerApp.fit(source.name, columns: min(nameRoom, 24)) + separator + tail
        for part in optional where PagerApp.columns(of: text + separator + part) <= limit {
            text += separator + part
            tail += separator + part
        }
        let spare = limit - PagerApp.columns(of: text)
        text = PagerApp.fit(source.name, columns: min(nameRoom, 24 + max(0, spare))) + separator + tail
        return PagerApp.fit(text, columns: limit)
    }

    /// The parts the status line always shows: lines on screen and in all, and the live modes.
    private func requiredStatus(compact: Bool) -> [String] {
        // Full: "lines 12–35 of ~98,765 (12% indexed)"; short: the top line only, "12/~98,765 12%".
        let shown: String
        if compact {
            shown = visibleLines.map { ($0.lowerBound + 1).grouped } ?? "–"
        } else {
            shown = visibleLines.map { "lines \(($0.lowerBound + 1).grouped)–\(($0.upperBound + 1).grouped)" } ?? "no lines"
        }
        let of = compact ? "/" : " of "
        let total: String
        let source = document.source
        if publishedComplete && (source.isPipe || indexCaughtUp) {
            total = "\(of)\(publishedLines.grouped)"
        } else if source.isPipe {
            total = "\(of)≥\(publishedLines.grouped)\(compact ? "" : ", reading")"
        } else {
            let percent = source.available > 0 ? publishedBytes * 100 / source.available : 0
            total = compact ? "/~\(estimatedTotalLines.grouped) \(percent)%" : " of ~\(estimatedTotalLines.grouped) (\(percent)% indexed)"
        }
        var required = [shown + total]
        if following { required.append(compact ? "F" : "following") }
        if let filter {
            let more = filter.isComplete && filterLines.count == filter.matchCount ? "" : "+"
            let query = PagerApp.short(filter.query, compact ? 8 : 12)
            required.append("&\(query): \(filterLines.count.grouped)\(more)\(compact ? "" : " shown")")
        }
        if !wraps { required.append(compact ? "nowrap" : "wrap off") }
        return required
    }

    /// Terminal columns `text` takes.
    nonisolated static func columns(of text: String) -> Int { displayWidth(text) }

    /// `text`, cut to `columns` with "…" when longer.
    nonisolated static func fit(_ text: String, columns limit: Int) -> String {
        guard columns(of: text) > limit else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = displayWidth(character)
            if used + width > limit - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// A query as messages quote it: at most `limit` characters.
    nonisolated static func short(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
