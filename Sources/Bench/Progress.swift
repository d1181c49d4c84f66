import Foundation

/// The bench's progress on standard error: on a terminal one line rewritten in
/// place (the case being measured); elsewhere (CI logs, pipes) one line per
/// suite when it finishes, so the report is not buried under a line per case.
final class BenchProgress {
    /// Whether progress rewrites one line (standard error is a terminal).
    let inPlace: Bool
    private let write: (String) -> Void
    private var lineIsShown = false
    private var cases = 0, skipped = 0
    private var suiteStart: UInt64 = 0

    init(inPlace: Bool = Platform.isTerminal(2), write: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.inPlace = inPlace
        self.write = write
    }

    /// A suite starts.
    func begin(suite: String) {
        cases = 0
        skipped = 0
        suiteStart = Harness.now()
        show("\(suite)…")
    }

    /// One case measured or skipped (`BenchConfiguration.log`'s line).
    func caseDone(_ line: String) {
        cases += 1
        if line.contains(": skipped") { skipped += 1 }
        show(line.trimmingCharacters(in: .whitespaces))
    }

    /// A suite ends: off a terminal, its one line.
    func end(suite: String) {
        clear()
        guard !inPlace else { return }
        let seconds = Double(Harness.now() - suiteStart) / 1e9
        write(String(format: "%@: %d cases%@, %.1f s\n", suite, cases, skipped > 0 ? ", \(skipped) skipped" : "", seconds))
    }

    /// Removes the in-place line, before the report prints a table.
    func clear() {
        guard inPlace, lineIsShown else { return }
        write("\r\u{1B}[2K")
        lineIsShown = false
    }

    private func show(_ text: String) {
        guard inPlace else { return }
        // One terminal line: a long case name is cut rather than wrapped (a wrapped line cannot be rewritten).
        let line = text.count > 100 ? String(text.prefix(99)) + "…" : text
        write("\r\u{1B}[2K" + line)
        lineIsShown = true
    }
}
